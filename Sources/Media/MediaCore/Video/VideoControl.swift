/// What the user asked of the open video: the player screen's keys and controls, and the media controls'
/// Seek, SetPosition and Volume. Sent as ``MediaEvent/videoControlRequested(_:)``; the host runs it on the
/// video engine while a video is active (nothing otherwise).
///
/// ```swift
/// host.send(.videoControlRequested(.skip(by: 5)))       // → (mpv's key)
/// host.send(.videoControlRequested(.setVolume(0.5)))
/// ```
public enum VideoControl: Hashable, Sendable {
    /// Play (resume).
    case play
    /// Pause, keeping the picture.
    case pause
    /// Play if paused, pause if playing (Space, K, a click on the button, a media key).
    case togglePause
    /// Jump to `seconds` on the playlist's time line (clamped by the engine).
    case seek(to: Double)
    /// Jump by `seconds` from the position (negative: back). (Not `seek(by:)`: two cases sharing a base name
    /// mis-match in patterns with Swift 6.3, which crashed at run time.)
    case skip(by: Double)
    /// Set the volume (0…1).
    case setVolume(Double)
    /// Mute or unmute (the volume is kept).
    case setMuted(Bool)
}
