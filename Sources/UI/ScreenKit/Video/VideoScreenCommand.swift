extension VideoScreen {
    /// What the video screen asks of the player and the window: its output.
    ///
    /// The screen never changes the playback itself; the host carries these out and reports the result in the
    /// next ``Playback``. Only ``fullscreen`` is the screen's own state (it sends ``setFullscreen(_:)`` after
    /// changing it, so the window follows).
    public enum Command: Equatable, Sendable {
        /// Pause if playing, play if paused (Space, K, the play/pause button).
        case togglePause
        /// Seek to this time in seconds on the playlist's time line (the end of a seek bar drag).
        case seek(to: Double)
        /// Seek by this many seconds, negative for backwards (← and →).
        case skip(by: Double)
        /// Set the volume, 0...1 (↑, ↓, a click on the volume control).
        case setVolume(Double)
        /// Mute or unmute (M, the mute button).
        case setMuted(Bool)
        /// Enter or leave fullscreen (F, a double-click on the picture, the fullscreen button, Escape).
        case setFullscreen(Bool)
        /// Close the player (Escape when not fullscreen, the back/close button, Close on a failure).
        case close
        /// Open the video again after a failure (Retry, or Space, K or Enter on a failure): the host asks the
        /// player to play, which loads it anew.
        case retry
    }
}
