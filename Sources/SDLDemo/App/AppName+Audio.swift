extension AppName {
    /// Whether the app shows the default player: the circle with the embedded stream (or `--url`) ready to
    /// fetch, always visible, returned to whenever the audio is released. `player` (the circle alone) and `buffs`
    /// (the Buff panel over a playing video, seed 004, the circle ready over the video) do;
    /// feed apps start with the circle hidden and show it when they play something (``AudioControlling``),
    /// hiding it again when they release the audio.
    var showsDefaultPlayer: Bool {
        self == .player || self == .buffs
    }
}
