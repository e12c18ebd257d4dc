import Foundation
import ScreenKit

/// The fixture app's logic as a pure value: which pages to load, and what the screens become when they
/// arrive or fail. Events in (the shell's outputs, page results), page loads out; the shell is changed in
/// place (it is a value too). ``FixtureApp`` runs the loads.
///
/// | event | screens | loads |
/// |---|---|---|
/// | start(url) | a list screen `rows`, loading | the first page |
/// | first page loaded | rows shown (`loaded`); more pages if the page has `next` | — |
/// | first page failed | `failed` with the message (Retry) | — |
/// | ``ScreenKit/ShellOutput/retryRequested(_:)`` | (the shell set `loading`) | the first page again |
/// | ``ScreenKit/ShellOutput/nearEnd(_:rowCount:)`` | (the list shows its loading row) | the `next` page |
/// | next page loaded / failed | rows appended / the loading row shows the message | — |
/// | ``ScreenKit/ShellOutput/refreshRequested(_:)`` | (the shell set `refreshing`) | the first page again |
/// | refresh loaded / failed | rows replaced, `loaded` / `loaded` and a notice "Couldn't refresh" | — |
/// | row with `details` selected | a details screen pushed | — |
/// | row with `list` selected | a list screen (named by the row's `screen`, default `list`) pushed, loading | its first page |
/// | row with `notice` selected | the notice shows | — |
/// | ``ScreenKit/ShellOutput/back(from:)`` | (the shell popped it) | its pending results are dropped |
struct FixtureBrowser: Sendable {
    /// Why a page is loaded.
    enum Purpose: Hashable, Sendable {
        case first, next, refresh
    }

    /// One page load.
    struct Request: Hashable, Sendable {
        /// Unique per load.
        var serial: Int
        /// The stack entry (screen instance) it is for.
        var entry: Int
        var screen: ScreenID
        var url: URL
        var purpose: Purpose
    }

    /// What to run.
    enum Command: Hashable, Sendable {
        case load(Request)
    }

    private struct Entry: Sendable {
        var serial: Int
        var screen: ScreenID
        var firstPage: URL?
        var nextPage: URL?
        var rows: [RowID: FixtureRow] = [:]
        var base: URL?
    }

    /// One entry per screen on the shell's stack, bottom to top.
    private var entries: [Entry] = []
    private var serial = 0

    /// The pages of the top screen still to come (nil: none).
    var topNextPage: URL? { entries.last?.nextPage }

    /// Shows the catalogue at `url`.
    mutating func start(_ url: URL, shell: inout Shell, at t: Double) -> [Command] {
        pushList(id: "rows", title: "Loading…", url: url, shell: &shell, at: t)
    }

    /// Reacts to a shell output.
    mutating func handle(_ output: ShellOutput, shell: inout Shell, at t: Double) -> [Command] {
        switch output {
        case .rowSelected(let screen, let rowID):
            guard let entry = entries.last, entry.screen == screen, let row = entry.rows[rowID], let base = entry.base else { return [] }
            if let details = row.details {
                entries.append(Entry(serial: nextSerial(), screen: "details"))
                shell.push(Screen(id: "details", title: row.title, body: .details(details.screen(row: row, base: base))), at: t)
                return []
            }
            if let list = row.list, let url = URL(string: list, relativeTo: base)?.absoluteURL {
                return pushList(id: ScreenID(row.screen ?? "list"), title: row.title, url: url, shell: &shell, at: t)
            }
            if let notice = row.notice {
                shell.show(Notice(title: notice.title, message: notice.message), at: t)
            }
            return []
        case .nearEnd(let screen, _):
            guard let entry = entries.last, entry.screen == screen else { return [] }
            guard let next = entry.nextPage else {
                shell.updateList(of: screen, at: t) { $0.loadingMoreFailed(message: "no next page", at: t) }
                return []
            }
            return [.load(request(for: entries.count - 1, url: next, purpose: .next))]
        case .refreshRequested(let screen), .retryRequested(let screen):
            guard let entry = entries.last, entry.screen == screen, let first = entry.firstPage else { return [] }
            let purpose: Purpose = if case .refreshRequested = output { .refresh } else { .first }
            return [.load(request(for: entries.count - 1, url: first, purpose: purpose))]
        case .back:
            if !entries.isEmpty { entries.removeLast() }
            return []
        case .circleTapped, .quit, .action, .tabSelected, .noticeAction, .searchChanged, .searchSubmitted:
            return []
        }
    }

    /// A page arrived for `request`.
    mutating func loaded(_ request: Request, page: FixturePage, shell: inout Shell, at t: Double) -> [Command] {
        guard let index = liveEntry(for: request) else { return [] }
        let current = entries[index].screen
        let base = request.url
        for row in page.rows { entries[index].rows[RowID(row.id)] = row }
        entries[index].base = base
        entries[index].nextPage = page.next.flatMap { URL(string: $0, relativeTo: base)?.absoluteURL }
        let rows = page.rows.map { $0.listRow(base: base) }
        let hasMore = entries[index].nextPage != nil
        switch request.purpose {
        case .first:
            // A first page may name its screen (the root is `rows` until its page says otherwise).
            let name = page.screen.map { ScreenID($0) } ?? current
            entries[index].screen = name
            shell.update(current, at: t) { screen in
                screen.id = name
                if let title = page.title { screen.title = title }
                screen.load = .loaded
                screen.body = .list(ScrollingList(rows: rows, hasMore: hasMore, style: page.style?.listStyle ?? .default))
            }
        case .next:
            shell.updateList(of: current, at: t) { $0.appendRows(rows, hasMore: hasMore, at: t) }
        case .refresh:
            entries[index].rows = Dictionary(page.rows.map { (RowID($0.id), $0) }, uniquingKeysWith: { _, last in last })
            shell.updateList(of: current, at: t) { $0.replaceRows(rows, hasMore: hasMore, at: t) }
            shell.setLoad(.loaded, of: current, at: t)
        }
        return []
    }

    /// The page for `request` failed with `message`.
    mutating func failed(_ request: Request, message: String, shell: inout Shell, at t: Double) -> [Command] {
        guard let index = liveEntry(for: request) else { return [] }
        let current = entries[index].screen
        switch request.purpose {
        case .first:
            shell.setLoad(.failed(message: message), of: current, at: t)
        case .next:
            shell.updateList(of: current, at: t) { $0.loadingMoreFailed(message: message, at: t) }
        case .refresh:
            shell.setLoad(.loaded, of: current, at: t)
            shell.show(Notice(title: "Couldn't refresh", message: message), at: t)
        }
        return []
    }

    /// The index of the entry `request` is for, if it is still on the stack and is the topmost screen with
    /// its name (the one `Shell.update` addresses); nil otherwise (the result is dropped).
    private func liveEntry(for request: Request) -> Int? {
        guard let index = entries.firstIndex(where: { $0.serial == request.entry }) else { return nil }
        let name = entries[index].screen
        return entries.lastIndex(where: { $0.screen == name }) == index ? index : nil
    }

    private mutating func pushList(id: ScreenID, title: String, url: URL, shell: inout Shell, at t: Double) -> [Command] {
        entries.append(Entry(serial: nextSerial(), screen: id, firstPage: url, base: url))
        shell.push(Screen(id: id, title: title, load: .loading, body: .list(ScrollingList())), at: t)
        return [.load(request(for: entries.count - 1, url: url, purpose: .first))]
    }

    private mutating func request(for index: Int, url: URL, purpose: Purpose) -> Request {
        Request(serial: nextSerial(), entry: entries[index].serial, screen: entries[index].screen, url: url, purpose: purpose)
    }

    private mutating func nextSerial() -> Int {
        serial += 1
        return serial
    }
}
