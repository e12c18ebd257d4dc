import DragPhysics

/// The keys the shell reacts to.
public enum ShellKey: String, Hashable, Sendable, CaseIterable {
    /// Taps the circle player (ignored on a search screen, where it types a space).
    case space
    /// Push the circle to that edge.
    case left, right, up, down
    /// Closes a notice, goes back a screen, or (on the root screen) quits.
    case escape
    /// Deletes in a search field; otherwise closes a notice or goes back a screen (never quits).
    case backspace
    /// Submits a search.
    case enter
    /// The F key: fullscreen on the video screen (mpv's `f cycle fullscreen`); the shell ignores it (on a search
    /// screen the letter arrives as ``ShellEvent/text(_:time:)``).
    case f
    /// The K key: play/pause on the video screen (the second play/pause key); the shell ignores it.
    case k
    /// The M key: mute on the video screen (mpv's `m cycle mute`); the shell ignores it.
    case m
}

/// What happened, in window points and seconds: the shell's input.
public enum ShellEvent: Hashable, Sendable {
    /// The pointer (left button or first finger) went down.
    case pointerDown(Point, time: Double)
    /// The pressed pointer moved.
    case pointerMoved(Point, time: Double)
    /// The pointer lifted.
    case pointerUp(Point, time: Double)
    /// The press was cancelled (the window lost the pointer).
    case pointerCancelled(time: Double)
    /// The mouse wheel turned, in notches as SDL reports them (`dy > 0`: away from the user, towards the
    /// start of a list), with the pointer at `at`.
    case wheel(dx: Double, dy: Double, at: Point, time: Double)
    /// A key was pressed.
    case key(ShellKey, time: Double)
    /// Text was typed (SDL text input).
    case text(String, time: Double)
    /// The window now has this size.
    case resized(Size, time: Double)
    /// A frame at this time (finished motions settle, a list near its end asks for more).
    case tick(time: Double)
    /// The window was closed (or the desktop asked the app to quit): the shell answers ``ShellOutput/quit``.
    case windowClosed(time: Double)
    /// The window manager put the window into fullscreen (`true`) or took it out (`false`) on its own — its
    /// shortcut or menu — rather than at the app's request: the video screen follows it.
    case fullscreenChanged(Bool, time: Double)

    /// When it happened, in seconds.
    public var time: Double {
        switch self {
        case .pointerDown(_, let t), .pointerMoved(_, let t), .pointerUp(_, let t), .pointerCancelled(let t),
             .wheel(_, _, _, let t), .key(_, let t), .text(_, let t), .resized(_, let t), .tick(let t),
             .windowClosed(let t), .fullscreenChanged(_, let t):
            t
        }
    }
}

/// What the shell asks of the player and the app: its output.
public enum ShellOutput: Hashable, Sendable {
    /// The circle was tapped (a click on it, or Space): the player's tap.
    case circleTapped
    /// Escape on the root screen (or with no screen): quit.
    case quit
    /// The user went back from this screen (it is already gone from the stack).
    case back(from: ScreenID)
    /// A row of this screen's list was tapped.
    case rowSelected(ScreenID, RowID)
    /// This screen's list nears its end (or its failed page was tapped): load the page after `rowCount` rows.
    case nearEnd(ScreenID, rowCount: Int)
    /// This screen's list was pulled to refresh (it is now ``LoadState/refreshing``).
    case refreshRequested(ScreenID)
    /// Retry was tapped on this failed screen (it is now ``LoadState/loading``).
    case retryRequested(ScreenID)
    /// An action button of this details screen was tapped.
    case action(ScreenID, ScreenAction)
    /// Another tab of this screen was selected.
    case tabSelected(ScreenID, TabID)
    /// A notice's button was tapped, or the notice was dismissed with Escape/Backspace (`.dismiss`).
    case noticeAction(NoticeAction)
    /// The search text of this screen changed.
    case searchChanged(ScreenID, String)
    /// The search of this screen was submitted (Enter, or its search button).
    case searchSubmitted(ScreenID, String)
    /// A title-bar button was tapped on this screen (the now-playing mark, Search; never Done, which goes back).
    case titleButtonTapped(ScreenID, TitleBarButton)
    /// A click on the track of this details screen's slider `name` (``DetailsSlider/name``): the fraction of the
    /// track at the click, 0…1.
    case sliderChanged(ScreenID, String, Double)
}

/// A control that is pressed (drawn highlighted) until the pointer lifts.
public enum ShellControl: Hashable, Sendable {
    /// The title bar's back button.
    case back
    /// The failed state's Retry button.
    case retry
    /// A details screen's action button, by index.
    case action(Int)
    /// A tab, by index.
    case tab(Int)
    /// A notice's button, by index.
    case noticeButton(Int)
    /// A title-bar button (the now-playing mark, Search, Done).
    case titleButton(TitleBarButton)
    /// A search screen's search button (submits the field).
    case searchButton
    /// A details screen's slider, by index (the value is taken where the pointer lifts on its track).
    case slider(Int)
}
