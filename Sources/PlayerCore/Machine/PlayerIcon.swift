/// The symbol drawn in the middle of the player circle. The raw value is its name in traces.
public enum PlayerIcon: String, Equatable, Sendable, CaseIterable {
    /// A triangle: tapping starts or resumes playback.
    case play
    /// Two bars: tapping pauses playback.
    case pause
    /// Something is in progress (fetching, or cleaning up after playback); the circle is no button.
    case spinner
    /// A circular arrow: the last attempt failed and tapping tries again.
    case retry
}

extension PlayerState {
    /// The icon for this state: the spec's mapping, plus ``PlayerIcon/retry`` for ``failed(message:)``.
    public var icon: PlayerIcon {
        switch self {
        case .uninitialized, .paused: .play
        case .fetching, .completed: .spinner
        case .playing: .pause
        case .failed: .retry
        }
    }
}
