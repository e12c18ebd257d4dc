/// The video player as a screen on the shell's stack: what an app model pushes when Watch opens the player, so
/// the trace's `screen` reads `player` while it is open and the screens below (the details, the list at its
/// scroll position) stay as they were underneath, to come back to when it closes.
///
/// The screen itself is empty and has no tabs (the tab bar hides while the player is open): the host draws the
/// player over everything (SDLDemo's `VideoOverlay`, ``VideoScreen``'s model) and gives it every input. When the
/// player closes (its ✕, Escape out of windowed mode), the host closes this screen with
/// ``Shell/close(_:at:)`` and hands the model the ``ShellOutput/back(from:)`` it returns, the same output a
/// back button gives, so a model handles both alike:
///
/// ```swift
/// shell.push(PlayerScreen.screen(title: video.name), at: t)        // model: Watch, online
/// for output in shell.close(PlayerScreen.id, at: t) { … }          // host: the player closed → [.back(from: "player")]
/// ```
public enum PlayerScreen {
    /// The player screen's name (`wait-screen player`, the trace's `screen`).
    public static let id: ScreenID = "player"

    /// The screen to push while the player shows `title`: empty, no tabs.
    public static func screen(title: String) -> Screen {
        Screen(id: id, title: title, body: .empty)
    }
}

extension Shell {
    /// Closes the top screen when it is `id`, as its back button would: pops it at `t` and returns
    /// `[.back(from: id)]` for the app to handle; returns nothing (and changes nothing) when `id` is not on top.
    public mutating func close(_ id: ScreenID, at t: Double) -> [ShellOutput] {
        guard top?.id == id, pop(at: t) != nil else { return [] }
        return [.back(from: id)]
    }
}
