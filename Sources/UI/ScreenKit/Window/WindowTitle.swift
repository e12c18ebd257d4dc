/// The window's title, as one rule every app shares: what a person reads in the task bar and the window switcher.
///
/// | what shows | title |
/// |---|---|
/// | a video (the player screen, or the video under the Buff panel) | the video's title — the app (`Overture — Interlochen`; `Video` when it has none) |
/// | an app's screen | the app — the screen's title (`Interlochen — Radio`); the app alone when the screen is titled so |
/// | an app without screens | the app |
/// | the player alone (no app name) | the player's own title: `CirclePlayer — playing` (MediaCore's `MediaDisplay.title`) |
///
/// ```swift
/// WindowTitle.text(app: "Interlochen", screen: "Radio", video: nil, player: "CirclePlayer")   // "Interlochen — Radio"
/// WindowTitle.text(app: "Vimeo", screen: "Player", video: "Night Drive", player: "…")       // "Night Drive — Vimeo"
/// ```
public enum WindowTitle {
    /// The separator between the parts: an em dash between spaces, as the player's own titles have it.
    public static let separator = " — "

    /// The title for an app named `app` (nil: the player alone) showing the screen titled `screen` (nil: none), the
    /// video titled `video` (nil: no video shows; `""`: a video without a title), and the player's title `player`.
    public static func text(app: String?, screen: String?, video: String?, player: String) -> String {
        let owner = app ?? player.components(separatedBy: separator).first ?? player
        if let video {
            return (video.isEmpty ? "Video" : video) + separator + owner
        }
        guard let app else { return player }
        guard let screen, !screen.isEmpty, screen != app else { return app }
        return app + separator + screen
    }
}
