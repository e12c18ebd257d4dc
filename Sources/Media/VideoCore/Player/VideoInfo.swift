/// What the session knew once its playlist (or file) was open.
public struct VideoInfo: Equatable, Sendable {
    /// Total duration, seconds; nil for a live stream.
    public var duration: Double?
    /// Whether the stream is live (no `EXT-X-ENDLIST`).
    public var isLive: Bool

    /// Details of an opened stream.
    public init(duration: Double?, isLive: Bool) {
        self.duration = duration
        self.isLive = isLive
    }
}
