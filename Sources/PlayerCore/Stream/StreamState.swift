/// What a ``StreamPlayer`` is doing, as the user sees it. See ``StreamPlayer`` for the transition table.
public enum StreamState: Equatable, Sendable {
    /// Nothing playing: nothing selected yet, stopped, or a finite stream played to its end.
    /// Shows ``PlayerIcon/play``; a tap plays the selected stream again.
    case idle
    /// Connecting or filling the buffer before playing (at the start, after a stall, after resuming a live
    /// stream). `progress` is the buffer's level toward the start threshold, in `0...1`.
    /// Shows ``PlayerIcon/spinner``; a tap pauses (a stream can buffer for long, so the spinner is a button here).
    case buffering(progress: Double)
    /// Audio is playing. Shows ``PlayerIcon/pause``; a tap pauses.
    case playing
    /// Paused by the user. A live stream's connection is closed (it resumes at the live edge); a finite stream
    /// keeps its connection and position. Shows ``PlayerIcon/play``; a tap resumes.
    case paused
    /// The stream failed for good (an unplayable source, or every reconnection attempt failed). `message` says why.
    /// Shows ``PlayerIcon/retry``; a tap opens the stream again.
    case failed(message: String)

    /// This state's phase: the case without its payload. `buffering` is ``PlayerPhase/fetching`` (the circle fills
    /// toward the start of playback as it does toward the end of a download); a stream has no
    /// ``PlayerPhase/completed`` (it has no cached file to delete).
    public var phase: PlayerPhase {
        switch self {
        case .idle: .uninitialized
        case .buffering: .fetching
        case .playing: .playing
        case .paused: .paused
        case .failed: .failed
        }
    }

    /// The icon for this state (the same mapping as ``PlayerState/icon`` through the phase).
    public var icon: PlayerIcon {
        switch self {
        case .idle, .paused: .play
        case .buffering: .spinner
        case .playing: .pause
        case .failed: .retry
        }
    }
}
