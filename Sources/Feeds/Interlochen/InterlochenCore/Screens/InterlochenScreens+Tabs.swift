import FeedCore
import Foundation
import ScreenKit

/// The five tabs and their lists: each tab's root screen, its rows (headers in Performances and Extras, Radio's
/// stories paged in), switching tabs, refresh and Retry, and More's links (see ``InterlochenScreens``' table).
extension InterlochenScreens {
    static let listStyle = ListStyle(rowHeight: 72, showsThumbnails: true, isRefreshable: true)

    /// More's links have no pictures: its list has no thumbnail column.
    static let linkStyle = ListStyle(rowHeight: 72, showsThumbnails: false, isRefreshable: true)

    static func tabBar(selecting tab: Tab) -> TabBar {
        TabBar(items: Tab.allCases.map { TabBar.Item(id: $0.tabID, title: $0.title) }, selected: tab.tabID)
    }

    /// `tab`'s root screen, loading, with the tab bar and Search in its title bar.
    static func root(_ tab: Tab) -> Screen {
        var screen = Screen(id: tab.screen, title: tab.title, load: .loading,
                            body: .list(ScrollingList(style: tab == .more ? linkStyle : listStyle)), tabs: tabBar(selecting: tab))
        screen.trailingButton = .search
        return screen
    }

    // MARK: Outputs

    /// What a tab's root reported: a row selected (an item's details, or a link opened), Radio near its end, a
    /// refresh, Retry, another tab.
    mutating func tabOutput(_ output: ShellOutput, _ shell: inout Shell, at t: Double) -> [Command] {
        switch output {
        case .rowSelected(let screen, let row):
            guard let tab = Tab(screen.rawValue), tab == current, details == nil, row != Self.emptyRow,
                  let info = tabStates[tab]?.rows[row] else { return [] }
            if case .link(let link) = info.item { return open(link, &shell, at: t) }
            showDetails(info, title: tab.title, &shell, at: t)
            return []
        case .nearEnd(let screen, _):
            guard Tab(screen.rawValue) == .radio, current == .radio else { return [] }
            return [.load(request(.radio, .moreStories, .next))]
        case .refreshRequested(let screen):
            guard let tab = Tab(screen.rawValue) else { return [] }
            tabStates[tab, default: TabState()].generation += 1
            return [.load(request(tab, .sections(tab, refresh: true), .refresh))]
        case .retryRequested(let screen):
            guard let tab = Tab(screen.rawValue) else { return [] }
            tabStates[tab, default: TabState()].generation += 1
            return [.load(request(tab, .sections(tab, refresh: false), .first))]
        case .tabSelected(_, let id):
            guard let tab = Tab(id.rawValue) else { return [] }
            return select(tab, &shell, at: t)
        default:
            return []
        }
    }

    /// More's link: only web and mail links leave the app (LinkPolicy); anything else is shown, not opened.
    private func open(_ link: MoreLink, _ shell: inout Shell, at t: Double) -> [Command] {
        guard let url = URL(string: link.link) else {
            shell.show(Notice(title: "Link not opened", message: "Not opened: the link is not a valid address."), at: t)
            return []
        }
        switch LinkPolicy.link(url) {
        case .open(let url):
            return [.effect(.open(url))]
        case .refuse(let reason):
            shell.show(Notice(title: "Link not opened", message: reason), at: t)
            return []
        }
    }

    // MARK: Loads

    /// A tab's load finished with `outcome` (dropped when the tab was refreshed or retried since).
    mutating func tabFinished(_ request: Request, _ outcome: Outcome, _ shell: inout Shell, at t: Double) -> [Command] {
        guard var state = tabStates[request.tab], state.generation == request.generation else { return [] }
        let tab = request.tab
        var notice: Notice?
        var saved = state.saved
        withRoot(tab, &saved, &shell, at: t) { screen in
            switch (outcome, request.purpose) {
            case (.sections(let loaded), .first), (.sections(let loaded), .refresh):
                let rows = Self.rows(of: loaded.sections, headed: tab.hasHeaders)
                state.rows = Dictionary(rows.map { ($0.row.id, $0.info) }, uniquingKeysWith: { first, _ in first })
                if rows.isEmpty, !loaded.failures.isEmpty || loaded.sections.contains(where: { !$0.pending.isEmpty }) {
                    if request.purpose == .refresh {
                        screen.load = .loaded
                        screen.updateList { $0.setRefreshing(false, at: t) }
                        notice = Notice(title: "Couldn't refresh", message: Self.pendingMessage(loaded))
                    } else {
                        screen.load = .failed(message: Self.pendingMessage(loaded))
                    }
                    return
                }
                var shown = tab.hasHeaders ? Self.headed(rows) : rows.map(\.row)
                if shown.isEmpty { shown = [ListRow(id: Self.emptyRow, title: "Nothing here yet")] }
                let hasMore = tab == .radio && loaded.sections.contains { $0.groups.contains { $0.title == Self.storiesGroup && !$0.items.isEmpty } }
                var list = screen.list ?? ScrollingList(style: Self.listStyle)
                list.replaceRows(shown, hasMore: hasMore, at: t)
                list.setRefreshing(false, at: t)
                screen.body = .list(list)
                screen.load = .loaded
                if !loaded.failures.isEmpty {
                    notice = Notice(title: "Some content couldn't load", message: loaded.failures.joined(separator: "\n"))
                } else if request.purpose == .refresh, !loaded.notices.isEmpty {
                    notice = Notice(title: "Showing saved content", message: loaded.notices.joined(separator: "\n"))
                }
            case (.moreStories(let section), .next):
                guard let section else {
                    screen.updateList { $0.appendRows([], hasMore: false, at: t) }
                    return
                }
                let fresh = Self.rows(of: [section], headed: false).filter { state.rows[$0.row.id] == nil }
                for entry in fresh { state.rows[entry.row.id] = entry.info }
                screen.updateList { $0.appendRows(fresh.map(\.row), hasMore: !fresh.isEmpty, at: t) }
            case (.failed(let failure), .first):
                screen.load = .failed(message: failure.message)
            case (.failed(let failure), .next):
                screen.updateList { $0.loadingMoreFailed(message: failure.message, at: t) }
            case (.failed(let failure), .refresh):
                screen.load = .loaded
                screen.updateList { $0.setRefreshing(false, at: t) }
                notice = failure.offline ? Notice.offline() : Notice(title: "Couldn't refresh", message: failure.message)
            default:
                break
            }
        }
        state.saved = saved
        tabStates[tab] = state
        if let notice, tab == current { shell.show(notice, at: t) }
        return []
    }

    // MARK: Tabs

    private mutating func select(_ tab: Tab, _ shell: inout Shell, at t: Double) -> [Command] {
        guard tab != current, details == nil, let shown = shell.screens.first else { return [] }
        tabStates[current, default: TabState()].saved = shown
        current = tab
        var state = tabStates[tab, default: TabState()]
        defer { tabStates[tab] = state }
        if var saved = state.saved {
            state.saved = nil
            if var tabs = saved.tabs {
                tabs.select(tab.tabID)
                saved.tabs = tabs
            }
            shell.setScreens([saved], at: t)
            return []
        }
        shell.setScreens([Self.root(tab)], at: t)
        guard !state.started else { return [] }
        state.started = true
        tabStates[tab] = state
        return [.load(request(tab, .sections(tab, refresh: false), .first))]
    }

    /// Runs `change` on `tab`'s root screen: on the shell when the tab shows, else on its saved screen.
    private func withRoot(_ tab: Tab, _ saved: inout Screen?, _ shell: inout Shell, at t: Double,
                          _ change: (inout Screen) -> Void) {
        if tab == current {
            shell.update(tab.screen, at: t, change)
        } else if var screen = saved {
            change(&screen)
            saved = screen
        }
    }

    // MARK: Rows

    private static let storiesGroup = "Stories"

    /// The id of the list's `index`th header row (from 0), over `group`'s items (`header:0:Orchestra`). The index
    /// keeps ids unique (``ScreenKit/ListRow/header(id:title:)``) when two categories share a name.
    public static func headerRow(_ group: String, index: Int) -> RowID { RowID("header:\(index):\(group)") }

    /// `rows` with a header row before each run of one group (Performances' and Extras' categories).
    private static func headed(_ rows: [(row: ListRow, info: RowInfo)]) -> [ListRow] {
        var shown: [ListRow] = []
        var current: String?
        var headers = 0
        for entry in rows {
            if let group = entry.info.group, group != current {
                shown.append(.header(id: headerRow(group, index: headers), title: group))
                headers += 1
            }
            current = entry.info.group
            shown.append(entry.row)
        }
        return shown
    }

    /// The rows of `sections`' items; the group's title is the row's overline unless the list is `headed`.
    private static func rows(of sections: [Section], headed: Bool) -> [(row: ListRow, info: RowInfo)] {
        var result: [(row: ListRow, info: RowInfo)] = []
        var seen = Set<RowID>()
        for section in sections {
            for group in section.groups {
                let title = group.title ?? (sections.count > 1 ? section.name.title : nil)
                for item in group.items {
                    let id = RowID("\(item.type.rawValue):\(item.id)")
                    guard seen.insert(id).inserted else { continue }
                    let row = ListRow(id: id, title: item.title, subtitle: InterlochenText.subtitle(item), overline: headed ? nil : title,
                                      badge: InterlochenText.isLive(item) ? "LIVE" : nil,
                                      thumbnail: item.imageURL.flatMap(URL.init(string:)))
                    result.append((row, RowInfo(item: item, group: title)))
                }
            }
        }
        return result
    }

    private static func pendingMessage(_ loaded: LoadedSections) -> String {
        if let first = loaded.failures.first { return first }
        return "Not loaded yet (no connection?)"
    }
}
