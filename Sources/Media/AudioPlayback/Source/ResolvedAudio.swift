import MPEGTS

/// MP3 data chosen for playback, and where it came from.
public struct ResolvedAudio: Sendable {
    /// Where the MP3 data came from.
    public enum Origin: Hashable, Sendable {
        /// The requested file is an MP3 file.
        case mp3File
        /// The requested file is MPEG-TS; the MPEG audio stream on `pid` was demultiplexed.
        case transportStream(pid: UInt16, codec: AudioCodec)
        /// The requested file was not playable for `reason`; the fallback MP3 is played instead.
        case fallback(reason: String)
    }

    /// The file whose audio is played (the fallback's path when `origin` is `.fallback`).
    public let path: String
    /// MPEG audio frames (possibly with an ID3 tag) ready for ``MP3Decoder``.
    public let mp3: [UInt8]
    /// How the data was obtained.
    public let origin: Origin
}
