/// How much is ready ahead of the playhead, reported by the session.
public struct BufferReport: Equatable, Sendable {
    /// Media seconds downloaded ahead of the position.
    public var aheadSeconds: Double
    /// Whether decoded audio (or, without audio, video) is waiting to be played and a frame is on screen or
    /// waiting: playback can start without stalling at once.
    public var decodedReady: Bool
    /// Whether the input has ended (the last segment of a VOD stream is downloaded).
    public var inputEnded: Bool

    /// A report.
    public init(aheadSeconds: Double, decodedReady: Bool, inputEnded: Bool) {
        self.aheadSeconds = aheadSeconds
        self.decodedReady = decodedReady
        self.inputEnded = inputEnded
    }
}
