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
