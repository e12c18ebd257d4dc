/// What the video player is doing. The names are the trace contract's `state` values (issue 18 item 7).
public enum VideoState: Equatable, Sendable, CustomStringConvertible {
    /// Nothing open.
    case idle
    /// Opening: playlists, the first segments, the first frames.
    case loading
    /// Playing on the audio clock.
    case playing
    /// Paused by the user (a frame is on screen).
    case paused
    /// Waiting for data after a stall or a seek.
    case buffering
    /// The end of a VOD stream was played.
    case ended
    /// Playback failed; the text says what and where.
    case failed(String)

    /// `idle`, `loading`, `playing`, `paused`, `buffering`, `ended`, `failed`.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .loading: "loading"
        case .playing: "playing"
        case .paused: "paused"
        case .buffering: "buffering"
        case .ended: "ended"
        case .failed: "failed"
        }
    }

    /// ``name``, with the message for `failed`.
    public var description: String {
        if case .failed(let message) = self { return "failed(\(message))" }
        return name
    }
}

/// Identifies one opening of a video; events of a closed session are ignored.
public struct VideoSessionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number, from 1.
    public let value: Int

    /// A session ID.
    public init(_ value: Int) {
        self.value = value
    }

    /// Ordered by number.
    public static func < (a: VideoSessionID, b: VideoSessionID) -> Bool { a.value < b.value }

    /// `s3`.
    public var description: String { "s\(value)" }
}

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
