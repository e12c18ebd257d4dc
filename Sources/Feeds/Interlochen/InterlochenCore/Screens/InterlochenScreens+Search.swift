import Foundation
import ScreenKit

/// The search modal (Search in a tab's title bar): the Vimeo search, page by page without end, and a result's
/// details over it (see ``InterlochenScreens``' table).
extension InterlochenScreens {
    /// The full-screen search modal: a grey bar titled Search with Done, the field and its search button, no tabs.
    static func searchModal() -> Screen {
        var screen = Screen(id: searchScreen, title: "Search",
                            body: .search(SearchScreen(field: TextField(placeholder: "Search videos"),
                                                       results: ScrollingList(style: listStyle))))
        screen.isModal = true
        screen.trailingButton = .done
        return screen
    }

    /// What the search reported (or Search in a tab's title bar): open it, a query submitted, the results near
    /// their end, a result selected, Done.
    mutating func searchOutput(_ output: ShellOutput, _ shell: inout Shell, at t: Double) -> [Command] {
        switch output {
        case .titleButtonTapped(let screen, .search):
            guard Tab(screen.rawValue) == current, shell.top?.id == screen, details == nil, search == nil else { return [] }
            search = SearchState()
            shell.push(Self.searchModal(), at: t)
            return []
        case .searchSubmitted(_, let text):
            let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard var state = search, details == nil, !query.isEmpty else { return [] }
            state.query = query
            state.generation += 1
            state.nextPage = nil
            state.rows = [:]
            search = state
            // An empty list with more to come: the list shows its loading row and asks for page 1 at the next tick.
            shell.update(Self.searchScreen, at: t) { screen in
                screen.load = .loaded
                screen.updateList { $0.replaceRows([], hasMore: true, at: t) }
            }
            return []
        case .nearEnd(_, let rowCount):
            guard let state = search, let query = state.query else { return [] }
            guard let page = rowCount == 0 ? 1 : state.nextPage else {
                shell.updateList(of: Self.searchScreen, at: t) { $0.appendRows([], hasMore: false, at: t) }
                return []
            }
            return [.load(searchRequest(query: query, page: page))]
        case .rowSelected(_, let row):
            guard details == nil, let info = search?.rows[row] else { return [] }
            showDetails(info, title: "Search", &shell, at: t)
            return []
        case .back:
            search = nil
            return []
        default:
            return []
        }
    }

    private mutating func searchRequest(query: String, page: Int) -> Request {
        serial += 1
        return Request(serial: serial, tab: current, generation: search?.generation ?? 0,
                       load: .search(query: query, page: page), purpose: page == 1 ? .first : .next)
    }

    /// A page of the search for `query` came back (dropped when another query was submitted since).
    mutating func searchFinished(_ request: Request, query: String, _ outcome: Outcome, _ shell: inout Shell, at t: Double) {
        guard var state = search, state.generation == request.generation, state.query == query else { return }
        switch outcome {
        case .searchResults(let page):
            var rows: [ListRow] = []
            for video in page.videos {
                let item = SectionItem.video(video)
                let id = RowID("\(item.type.rawValue):\(item.id)")
                guard state.rows[id] == nil else { continue }
                state.rows[id] = RowInfo(item: item, group: nil)
                rows.append(ListRow(id: id, title: item.title, subtitle: InterlochenText.subtitle(item),
                                    thumbnail: item.imageURL.flatMap(URL.init(string:))))
            }
            if page.page == 1, rows.isEmpty {
                rows = [ListRow(id: Self.emptyRow, title: "No videos match “\(query)”")]
            }
            state.nextPage = page.hasMore ? page.page + 1 : nil
            let hasMore = page.hasMore && !(rows.isEmpty && page.page > 1)
            shell.updateList(of: Self.searchScreen, at: t) { $0.appendRows(rows, hasMore: hasMore, at: t) }
        case .failed(let failure):
            shell.updateList(of: Self.searchScreen, at: t) { $0.loadingMoreFailed(message: failure.message, at: t) }
        case .sections, .moreStories:
            break
        }
        search = state
    }
}
