/// What the user asked of what plays: the video player screen's keys and controls, the now-playing screen's
/// volume, seek slider and ±15 s, and the media controls' Seek, SetPosition and Volume. Sent as
/// ``MediaEvent/controlRequested(_:)``. While a video is active the host runs it on the video engine; while audio
/// is loaded (a download or a stream) the volume and mute set ``MediaPlayer/audioVolume`` (the gain on the shared
/// device), seek and skip on a story (a stream whose source says it ends, its session open) become
/// ``MediaCommand/seekStream(_:_:)``, and the rest (play, pause, a seek on live radio or a download) do nothing;
/// with nothing loaded, nothing happens.
///
/// ```swift
/// host.send(.controlRequested(.skip(by: 5)))       // → (mpv's key), or a story's seek
/// host.send(.controlRequested(.setVolume(0.5)))    // the video's, or the audio's
/// ```
public enum PlaybackControl: Hashable, Sendable {
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
