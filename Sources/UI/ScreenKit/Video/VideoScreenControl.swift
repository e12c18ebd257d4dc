extension VideoScreen {
    /// A control drawn over the picture: what a click on the visible controls hits (see
    /// ``VideoScreenLayout/control(at:)``), and what is drawn pressed (``VideoScreenLayout/pressed``).
    public enum Control: Hashable, Sendable, CaseIterable {
        /// The play/pause button at the bar's left end: ``Command/togglePause``.
        case playPause
        /// The seek bar: pressing starts a drag, lifting seeks (``Command/seek(to:)``).
        case seekBar
        /// The mute button: ``Command/setMuted(_:)`` with the opposite of the current state.
        case mute
        /// The volume slider: a click sets the volume to the x fraction of the click (``Command/setVolume(_:)``).
        case volume
        /// The fullscreen button: ``Command/setFullscreen(_:)`` with the opposite of the current state.
        case fullscreen
        /// The back/close button at the top left: ``Command/close``.
        case close
        /// Retry on a failure's panel: ``Command/retry``.
        case retry
        /// Close on a failure's panel: ``Command/close``.
        case dismiss
    }
}
