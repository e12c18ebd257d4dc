import DragPhysics

/// The window's regions in points: the title bar (with its back button), the content, the tab bar, and
/// the boxes inside content that several screens share (the failed state's Retry button, the search field).
///
/// ```
/// ┌────┬──────────────────────────────┐  titleBar: y 0..<48 (back button 0..<56 wide, when there is a screen to go back to)
/// │ ‹  │ Title                        │
/// ├────┴──────────────────────────────┤
/// │ content                           │
/// ├───────────────────────────────────┤  tab bar: the last 56 pt, on screens with tabs
/// │ Tab │ Tab │ Tab                   │
/// └───────────────────────────────────┘
/// ```
public struct ShellLayout: Hashable, Sendable {
    /// Height of the title bar.
    public static let titleBarHeight = 48.0
    /// Width of the back button at the title bar's left end.
    public static let backButtonWidth = 56.0

    /// The window's size.
    public var size: Size

    /// A layout for a window of `size`.
    public init(size: Size) { self.size = size }

    /// The title bar.
    public var titleBar: Rect { Rect(x: 0, y: 0, width: size.width, height: Self.titleBarHeight) }
    /// The back button (drawn and hit only when there is a screen to go back to).
    public var backButton: Rect { Rect(x: 0, y: 0, width: Self.backButtonWidth, height: Self.titleBarHeight) }
    /// Where the title text goes: right of the back button, leaving the same room at the right.
    public var titleText: Rect {
        Rect(x: Self.backButtonWidth + 8, y: 0, width: max(0, size.width - 2 * (Self.backButtonWidth + 8)), height: Self.titleBarHeight)
    }

    /// Width of a title-bar button (the now-playing mark, Search, Done).
    public static let titleButtonWidth = 56.0

    /// The now-playing mark at the top left: right of the back button when that shows.
    public func nowPlayingMark(afterBack: Bool) -> Rect {
        Rect(x: afterBack ? Self.backButtonWidth : 0, y: 0, width: Self.titleButtonWidth, height: Self.titleBarHeight)
    }

    /// The button at the title bar's right end (Search, Done).
    public var trailingButton: Rect {
        Rect(x: max(0, size.width - Self.titleButtonWidth), y: 0, width: Self.titleButtonWidth, height: Self.titleBarHeight)
    }

    /// Where the title text goes when `leading` points at the left are taken (the back button, the mark): the same
    /// room left at the right, never less than ``titleText``'s.
    public func titleText(clearing leading: Double) -> Rect {
        let inset = max(Self.backButtonWidth, leading) + 8
        return Rect(x: inset, y: 0, width: max(0, size.width - 2 * inset), height: Self.titleBarHeight)
    }

    /// The search button right of a search screen's field.
    public func searchButton(in content: Rect) -> Rect {
        Rect(x: content.maxX - 12 - Self.searchButtonWidth, y: content.y + 8, width: Self.searchButtonWidth,
             height: SearchScreen.fieldStripHeight - 16)
    }

    /// Width of a search screen's search button.
    public static let searchButtonWidth = 88.0

    /// The tab bar of a screen with tabs.
    public var tabBar: Rect {
        Rect(x: 0, y: max(Self.titleBarHeight, size.height - TabBar.height), width: size.width, height: TabBar.height)
    }

    /// The content of a screen, with or without a tab bar.
    public func content(hasTabs: Bool) -> Rect {
        let bottom = hasTabs ? tabBar.y : size.height
        return Rect(x: 0, y: Self.titleBarHeight, width: size.width, height: max(0, bottom - Self.titleBarHeight))
    }

    /// The content of `screen`.
    public func content(of screen: Screen) -> Rect { content(hasTabs: screen.tabs != nil) }

    /// The failed state's Retry button, centred below the middle of `content`.
    public func retryButton(in content: Rect) -> Rect {
        Rect(x: (content.x + content.width / 2 - 60).rounded(), y: (content.y + content.height / 2 + 24).rounded(), width: 120, height: 40)
    }

    /// The failed state's message box, above the Retry button.
    public func failureMessage(in content: Rect) -> Rect {
        let width = min(content.width - 48, 520)
        return Rect(x: (content.x + (content.width - width) / 2).rounded(), y: (content.y + content.height / 2 - 56).rounded(),
                    width: max(0, width), height: 64)
    }

    /// The search field of a search screen whose content is `content`.
    public func searchField(in content: Rect) -> Rect {
        Rect(x: content.x + 12, y: content.y + 8, width: max(0, content.width - 32 - Self.searchButtonWidth),
             height: SearchScreen.fieldStripHeight - 16)
    }

    /// The list of a screen: its content, below the search strip for a search screen.
    public func listFrame(of screen: Screen) -> Rect {
        let content = content(of: screen)
        guard case .search = screen.body else { return content }
        let strip = SearchScreen.fieldStripHeight
        return Rect(x: content.x, y: content.y + strip, width: content.width, height: max(0, content.height - strip))
    }
}
