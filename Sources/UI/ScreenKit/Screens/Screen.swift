/// One screen of an app: its name, its title-bar title, where its content stands, the content, and
/// optionally a tab bar.
///
/// ```swift
/// let categories = Screen(id: "categories", title: "Categories", load: .loading,
///                         body: .list(ScrollingList(style: ListStyle(showsThumbnails: false))))
/// ```
public struct Screen: Sendable {
    /// The screen's name (scripts' `wait-screen`, traces, app routing).
    public var id: ScreenID
    /// The title bar's text.
    public var title: String
    /// Loading, loaded, failed or refreshing (see ``LoadState``).
    public var load: LoadState
    /// The content.
    public var body: ScreenBody
    /// Tabs along the bottom, if any.
    public var tabs: TabBar?
    /// A button at the title bar's right end (Search, or Done on a modal), if any.
    public var trailingButton: TitleBarButton?
    /// A modal (e.g. a full-screen search): no back button, a grey title bar; Done or Escape close it, and so does
    /// Backspace unless its search field has text (then Backspace deletes a character).
    public var isModal = false
    /// The screen shows the playback itself (a now-playing screen): the floating circle hides while it is on
    /// top, so it covers none of the screen's controls, and presses go to the screen.
    public var hidesCircle = false

    /// Creates a screen.
    public init(id: ScreenID, title: String, load: LoadState = .loaded, body: ScreenBody, tabs: TabBar? = nil) {
        self.id = id
        self.title = title
        self.load = load
        self.body = body
        self.tabs = tabs
    }

    /// The screen's scrolling list (of a list or a search body), if it has one.
    public var list: ScrollingList? {
        switch body {
        case .list(let list): list
        case .search(let search): search.results
        case .details, .empty: nil
        }
    }

    /// Changes the screen's list in place (no effect on bodies without one); returns what the change returned.
    @discardableResult
    public mutating func updateList<R>(_ change: (inout ScrollingList) -> R) -> R? {
        switch body {
        case .list(var list):
            let result = change(&list)
            body = .list(list)
            return result
        case .search(var search):
            let result = change(&search.results)
            body = .search(search)
            return result
        case .details, .empty:
            return nil
        }
    }
}

/// What fills a screen below its title bar.
public enum ScreenBody: Sendable {
    /// A scrolling list.
    case list(ScrollingList)
    /// A details page.
    case details(DetailsScreen)
    /// A search field over a list of results.
    case search(SearchScreen)
    /// Nothing (e.g. a screen that only shows its load state).
    case empty

    /// The body's kind as traces write it.
    public var kindName: String {
        switch self {
        case .list: "list"
        case .details: "details"
        case .search: "search"
        case .empty: "empty"
        }
    }
}

/// A search screen: a text field over a list of results.
public struct SearchScreen: Sendable {
    /// The query being typed.
    public var field: TextField
    /// The results.
    public var results: ScrollingList

    /// Creates a search screen.
    public init(field: TextField = TextField(placeholder: "Search"), results: ScrollingList = ScrollingList()) {
        self.field = field
        self.results = results
    }

    /// Height of the strip holding the field, in points.
    public static let fieldStripHeight = 56.0
}
