/// The broad kind of an elementary stream.
public enum StreamKind: Hashable, Sendable {
    /// An audio stream with its codec.
    case audio(AudioCodec)
    /// A video stream with its codec.
    case video(VideoCodec)
    /// Anything else (metadata, subtitles, private data of unknown meaning).
    case other

    /// The audio codec if this is an audio stream.
    public var audioCodec: AudioCodec? {
        if case .audio(let codec) = self { return codec }
        return nil
    }
}
