/// A media key or a media-controls method (MPRIS `Play`, `Pause`, `PlayPause`, `Stop`): what the desktop asks
/// of whatever plays, without knowing which machine that is.
public enum MediaKey: Hashable, Sendable, CaseIterable {
    /// Play (nothing happens if already playing).
    case play
    /// Pause (nothing happens if not playing).
    case pause
    /// Toggle, as a tap on the circle does.
    case playPause
    /// Stop: a stream closes; a download is dropped and shown ready again.
    case stop
}
