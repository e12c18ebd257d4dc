/// Errors of decoding, source resolution and audio output.
public enum AudioPlaybackError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libmpg123 reported an error (message from `mpg123_plain_strerror` / `mpg123_strerror`).
    case decoder(String)
    /// The MP3 data produced no audio at all.
    case noAudio(String)
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)
    /// The file is not playable MP3 (or MP3 in MPEG-TS) and no fallback is configured.
    case unplayable(path: String, reason: String)
    /// SDL could not open or use an audio device.
    case output(String)

    /// What went wrong, naming the file or library call.
    public var description: String {
        switch self {
        case .decoder(let message): return "MP3 decoder: \(message)"
        case .noAudio(let what): return "\(what): no decodable MPEG audio frames"
        case .unreadableFile(let path, let reason): return "\(path): cannot read (\(reason))"
        case .unplayable(let path, let reason): return "\(path): \(reason), and no fallback MP3 is configured"
        case .output(let message): return "audio output: \(message)"
        }
    }
}
