/// Audio or video.
enum StreamKind: Sendable, Equatable {
    /// A video stream.
    case video
    /// An audio stream.
    case audio
}
