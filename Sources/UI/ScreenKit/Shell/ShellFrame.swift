import Foundation

/// What the screens show at one time, as one comparable value: what a renderer draws, what a trace
/// records, and what a frame loop compares to skip drawing a frame that would not change.
///
/// Taken from a ``Shell`` with ``Shell/frame(at:)``; renderers and tests can also build one directly.
public struct ShellFrame: Hashable, Sendable {
    /// The top screen, if any.
    public var screen: ScreenFrame?
    /// The notice over the screens, if any.
    public var notice: Notice?
    /// The control held down, if any (drawn highlighted).
    public var pressedControl: ShellControl?
    /// How many screens are stacked.
    public var depth: Int
    /// Whether the now-playing mark (the headphones) shows at the title bar's left.
    public var showsNowPlayingMark: Bool

    /// Creates a frame.
    public init(screen: ScreenFrame?, notice: Notice? = nil, pressedControl: ShellControl? = nil, depth: Int? = nil,
                showsNowPlayingMark: Bool = false) {
        self.screen = screen
        self.notice = notice
        self.pressedControl = pressedControl
        self.depth = depth ?? (screen == nil ? 0 : 1)
        self.showsNowPlayingMark = showsNowPlayingMark
    }

    /// Nothing but the circle.
    public static let empty = ShellFrame(screen: nil)

    /// The images this frame shows, most important first (the details image, then row thumbnails top to
    /// bottom): what an image cache should hold and fetch.
    public var imageURLs: [URL] {
        guard let screen, screen.load.showsContent else { return [] }
        switch screen.body {
        case .details(let details): return details.image.map { [$0] } ?? []
        case .list(let list), .search(_, let list): return list.rows.compactMap(\.row.thumbnail)
        case .empty: return []
        }
    }
}

/// The top screen at one time.
public struct ScreenFrame: Hashable, Sendable {
    /// What fills the content area.
    public enum Body: Hashable, Sendable {
        /// A list.
        case list(ListFrame)
        /// A details page.
        case details(DetailsScreen)
        /// A search field over a list.
        case search(field: TextField, results: ListFrame)
        /// Nothing.
        case empty
    }

    /// The screen's name.
    public var id: ScreenID
    /// The title bar's text.
    public var title: String
    /// Loading, loaded, failed, refreshing.
    public var load: LoadState
    /// Whether the back button shows.
    public var canGoBack: Bool
    /// The content area (below the title bar, above the tab bar).
    public var content: Rect
    /// The content.
    public var body: Body
    /// The tab bar, if any.
    public var tabs: TabBar?
    /// The button at the title bar's right end, if any.
    public var trailingButton: TitleBarButton?
    /// Whether the screen is a modal (a grey title bar, no back button).
    public var isModal = false
    /// Whether the screen hides the floating circle while it is on top (``Screen/hidesCircle``).
    public var hidesCircle = false
    /// The column at the right a details paragraph keeps free for the docked circle (``Shell/circleReserve``).
    public var reservedTrailing = 0.0

    /// Where a details body is laid out (nil for other bodies): what is drawn and what is hit.
    public var detailsLayout: DetailsLayout? {
        guard case .details(let details) = body else { return nil }
        return DetailsLayout(details, in: content, reservingTrailing: reservedTrailing)
    }

    /// Creates a screen frame.
    public init(id: ScreenID, title: String, load: LoadState, canGoBack: Bool, content: Rect, body: Body, tabs: TabBar? = nil) {
        self.id = id
        self.title = title
        self.load = load
        self.canGoBack = canGoBack
        self.content = content
        self.body = body
        self.tabs = tabs
    }

    /// The list shown, if any.
    public var list: ListFrame? {
        switch body {
        case .list(let list), .search(_, let list): list
        case .details, .empty: nil
        }
    }
}

/// A list at one time: where it is, the rows on screen, the loading row, the pull and refresh state.
public struct ListFrame: Hashable, Sendable {
    /// The list's frame in window points (drawing clips to it).
    public var frame: Rect
    /// Row height, thumbnails, refresh settings.
    public var style: ListStyle
    /// The rows on screen with their frames, top to bottom.
    public var rows: [ScrollingList.VisibleRow]
    /// The pressed row (highlighted).
    public var pressedRowID: RowID?
    /// The loading row's content, if shown.
    public var footer: ScrollingList.Footer?
    /// The loading row's frame, if on screen.
    public var footerFrame: Rect?
    /// Whether the failed loading row is pressed.
    public var isFooterPressed: Bool
    /// How far the content is pulled below its top (the refresh spinner grows with it).
    public var pullDistance: Double
    /// Whether a release now would refresh.
    public var isPullArmed: Bool
    /// Whether a refresh runs.
    public var isRefreshing: Bool
    /// The scroll offset.
    public var offset: Double
    /// What the content is doing.
    public var phase: KineticScroller.Phase
    /// Rows loaded in all (not only on screen), headers not counted.
    public var rowCount: Int

    /// Creates a list frame.
    public init(frame: Rect, style: ListStyle = .default, rows: [ScrollingList.VisibleRow], pressedRowID: RowID? = nil,
                footer: ScrollingList.Footer? = nil, footerFrame: Rect? = nil, isFooterPressed: Bool = false,
                pullDistance: Double = 0, isPullArmed: Bool = false, isRefreshing: Bool = false, offset: Double = 0,
                phase: KineticScroller.Phase = .resting, rowCount: Int? = nil) {
        self.frame = frame
        self.style = style
        self.rows = rows
        self.pressedRowID = pressedRowID
        self.footer = footer
        self.footerFrame = footerFrame
        self.isFooterPressed = isFooterPressed
        self.pullDistance = pullDistance
        self.isPullArmed = isPullArmed
        self.isRefreshing = isRefreshing
        self.offset = offset
        self.phase = phase
        self.rowCount = rowCount ?? rows.lazy.filter { !$0.row.isHeader }.count
    }
}

extension ScrollingList {
    /// What this list shows at `t`.
    public func frame(at t: Double) -> ListFrame {
        ListFrame(frame: frame, style: style, rows: visibleRows(at: t), pressedRowID: pressedRowID, footer: footer,
                  footerFrame: footerFrame(at: t), isFooterPressed: isFooterPressed, pullDistance: pullDistance(at: t),
                  isPullArmed: isPullArmed(at: t), isRefreshing: isRefreshing, offset: offset(at: t),
                  phase: scroller.phase(at: t), rowCount: itemCount)
    }
}

extension Shell {
    /// What the screens show at `t` (the circle is read from ``circle``).
    public func frame(at t: Double) -> ShellFrame {
        guard let top else { return ShellFrame(screen: nil, notice: notice, pressedControl: pressedControl, depth: 0) }
        let body: ScreenFrame.Body = switch top.body {
        case .list(let list): .list(list.frame(at: t))
        case .details(let details): .details(details)
        case .search(let search): .search(field: search.field, results: search.results.frame(at: t))
        case .empty: .empty
        }
        var screen = ScreenFrame(id: top.id, title: top.title, load: top.load, canGoBack: showsBackButton,
                                 content: layout.content(of: top), body: body, tabs: top.tabs)
        screen.trailingButton = top.trailingButton
        screen.isModal = top.isModal
        screen.hidesCircle = top.hidesCircle
        screen.reservedTrailing = circleReserve.width
        return ShellFrame(screen: screen, notice: notice, pressedControl: pressedControl, depth: screens.count,
                          showsNowPlayingMark: showsNowPlayingMark)
    }
}
