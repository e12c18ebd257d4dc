/// The state of ``AudioPlayer``.
public enum AudioPlayerState: Hashable, Sendable {
    /// Nothing loaded (initially and after ``AudioPlayer/stop()``).
    case idle
    /// Playing; the position advances with the clock passed to ``AudioPlayer/pump(now:)``.
    case playing
    /// Paused; the position is kept.
    case paused
    /// Played to the end.
    case finished
    /// Failed with the given message.
    case failed(String)
}
