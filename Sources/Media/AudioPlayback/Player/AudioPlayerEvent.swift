/// Completion events of ``AudioPlayer``, delivered from within ``AudioPlayer/pump(now:)``.
public enum AudioPlayerEvent: Hashable, Sendable {
    /// The whole file has been played according to the caller's clock.
    case finished
    /// Playback could not start or broke off; the message names the file and the cause.
    case failed(String)
}
