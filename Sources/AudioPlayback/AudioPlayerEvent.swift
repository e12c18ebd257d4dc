/// Completion events of ``AudioPlayer``, delivered from within ``AudioPlayer/pump(now:)``.
public enum AudioPlayerEvent: Hashable, Sendable {
    /// The whole file has been played according to the caller's clock.
    case finished
    /// Playback could not start or broke off; the message names the file and the cause.
    case failed(String)
}

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
