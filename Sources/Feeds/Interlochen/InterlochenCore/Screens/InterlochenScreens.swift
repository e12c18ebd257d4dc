import FeedCore
import Foundation
import MediaCore
import PlayerCore
import ScreenKit
import VideoCore

/// The Interlochen app's screens as a pure value: five tabs (Featured, Radio, Performances, Extras with
/// Campus View, More), each a list of its section's items, and an item's details with Listen or Watch.
/// Events in (the shell's outputs, the results of loads, what came of an effect: Share's copy), commands out
/// (loads, play requests, links to open, a link to copy);
/// the shell (a value too) is changed in place. A thin driver (SDLDemo's `InterlochenApp`) runs the commands
/// against `InterlochenLibrary`, the global audio player and `xdg-open`, and hands the results back.
///
/// ```swift
/// var screens = InterlochenScreens()
/// var commands = screens.send(.started, &shell, at: 0, now: Date())                    // [.load(featured)]
/// commands = screens.send(.finished(request, .sections(loaded)), &shell, at: 0.3, now: Date())
/// commands = screens.send(.output(.tabSelected("featured", "radio")), &shell, at: 1, now: Date())  // [.load(radio)]
/// commands = screens.send(.output(.rowSelected("radio", "station:classical")), &shell, at: 2, now: Date())
/// commands = screens.send(.output(.action("details", .listen)), &shell, at: 3, now: Date())  // [.effect(.listen(…))]
/// ```
///
/// Screens: one root per tab (`featured`, `radio`, `performances`, `extras`, `more`), each with the tab bar;
/// `search` (the modal) is pushed over a tab from Search in its title bar; `details` over a root or the search;
/// `nowPlaying` over any of them from the headphones mark. Row ids are `TYPE:ID` (`vimeo:1201001`, `station:classical`,
/// `link:https://…`). Every list is pull-to-refresh; Radio's also scrolls without end (NPR pages).
///
/// | state | event | screens | commands |
/// |---|---|---|---|
/// | – | `start` | `featured`, loading (the loading screen), tabs | load Featured |
/// | a tab loading | its sections loaded | rows (title, subtitle by type, thumbnail, `LIVE` on live casts); Performances and Extras: a header row (`header:INDEX:NAME`, the header's place among the list's headers from 0, so two categories of one name differ; not selectable) over each category's rows; Radio: the group as each row's overline, `hasMore` when it has an NPR query | – |
/// | a tab loading | loaded with nothing and media that failed or is pending | `failed(message)` (Retry) | – |
/// | a tab loading | load failed | `failed(message)` (Retry) | – |
/// | a tab | loaded with some media failed | rows; a notice "Some content couldn't load" | – |
/// | a root | `tabSelected(tab)` never shown | the tab's root, loading (the section's loading indicator) | load its sections |
/// | a root | `tabSelected(tab)` shown before | its root restored as left (no reload) | – |
/// | failed | `retryRequested` | (the shell set `loading`) | load its sections again |
/// | a tab | `refreshRequested` | (the shell set `refreshing`) | load its sections, `refresh: true` |
/// | refreshing | loaded | rows replaced, `loaded`; a notice when a stored copy stood in | – |
/// | refreshing | failed | `loaded`, the old rows, a notice "Couldn't refresh" | – |
/// | Radio, more pages | `nearEnd` | (the list shows its loading row) | load more stories |
/// | Radio | more stories loaded | the new rows appended; none new or `nil`: no more pages | – |
/// | Radio | more stories failed | the loading row shows the message (tap: retry) | – |
/// | a tab | `rowSelected(link)`, http(s) or mailto (`LinkPolicy`) | – | open the link |
/// | a tab | `rowSelected(link)`, anything else (`file:`, `smb:`, a custom scheme) | a notice "Link not opened" with the reason | – |
/// | a tab | `rowSelected(item)` | `details` pushed (picture, category, title, facts; Listen or Watch when playable; Share when it has a link) | – |
/// | details | `action(.listen)` | – | listen: the station's stream (MP3 over HTTP, or live HLS), or the story's MP3 |
/// | details | `action(.watch)` on a video, a live cast or an HDRelay stream (live or on demand) | `player` pushed (``ScreenKit/PlayerScreen``: no tabs) | watch: the player on the video's HLS link or the cast's live playlist |
/// | player | `back(from: player)` (the player closed) | (the host closed it) the details again | – |
/// | details | `action(.share)` (shown when the item has an http(s) link: its web page, else its stream) | – | copy the link to the clipboard (`.copyLink`) |
/// | any | `effectFinished(.linkCopied(link))` (the host put it on the clipboard) | a notice "Link copied" with the link | – |
/// | any | `effectFinished(.linkNotCopied(link, reason:))` (the clipboard refused it) | a notice "Link not copied" with the reason | – |
/// | details | `back` | (the shell popped it) | – |
/// | a root | `titleButtonTapped(.search)` (Search in its title bar) | `search` pushed: the full-screen modal (grey bar, Done, no tabs) | – |
/// | search | `searchSubmitted(text)` | results emptied, the loading row shows | (at the next tick) page 1 of the Vimeo search |
/// | search, more pages | `nearEnd` | (the list shows its loading row) | the next page |
/// | search | page loaded / failed | rows appended (`hasMore` from the page) / the loading row shows the message | – |
/// | search | `rowSelected(video)` | `details` pushed over it (Watch) | – |
/// | search | `back` (Done, Escape) | (the shell popped it) the tabs again; its pending results are dropped | – |
/// | any | playback changed | Listen ↔ Pause on the item's details; the headphones mark while audio is loaded (a stream or a download); `nowPlaying` follows, and closes with no audio | – |
/// | details | `action(.pause)` (its item runs) | – | pause (`.control(.pause)`) |
/// | details | `action(.listen)`, its item paused | – | resume (`.control(.play)`) |
/// | any but `nowPlaying`, audio loaded | `titleButtonTapped(.nowPlaying)` | `nowPlaying` pushed (it hides the floating circle, which would cover its controls): artwork, STATION or STORY, title, second line, state, a story's position / length, Pause or Play, the volume slider | – |
/// | nowPlaying | `action(.pause)` running / `action(.play)` not running | – | `.control(.pause)` / `.control(.play)` |
/// | nowPlaying, audio loaded | `sliderChanged(volume, v)` | – (the slider follows the next playback change) | `.adjust(.setVolume(v))` |
/// | nowPlaying, a story of known length d | `sliderChanged(position, f)` | – (the slider follows the position) | `.adjust(.seek(to: f × d))` |
/// | nowPlaying, a story | `action(back15)` / `action(forward15)` | – | `.adjust(.skip(by: −15))` / `.adjust(.skip(by: 15))` |
/// | nowPlaying, live radio or a download | `sliderChanged(position, _)`, `action(back15)`, `action(forward15)` | – (no such controls there) | – |
///
/// A result is dropped when its tab was refreshed or retried since it was asked for (each request carries the
/// tab's generation). A root swapped out by another tab keeps receiving its results.
public struct InterlochenScreens: ScreenModel {
    /// The details screen.
    public static let detailsScreen: ScreenID = "details"
    /// The full-screen search modal.
    public static let searchScreen: ScreenID = "search"
    /// The now-playing screen, opened from the headphones mark.
    public static let nowPlayingScreen: ScreenID = "nowPlaying"
    /// The now-playing screen's volume slider (``ScreenKit/DetailsSlider/name``; `slider:nowPlaying:volume:…` in traces).
    public static let volumeSlider = "volume"
    /// The now-playing screen's seek slider for a story of known length (`slider:nowPlaying:position:…` in traces).
    public static let positionSlider = "position"
    /// The now-playing screen's −15 s button (a story only).
    public static let back15 = ScreenAction.custom("back15")
    /// The now-playing screen's +15 s button (a story only).
    public static let forward15 = ScreenAction.custom("forward15")
    /// How far the −15 s and +15 s buttons jump, in seconds (the "±15 s for stories").
    public static let skipSeconds = 15.0
    /// The row shown in an empty list (not selectable).
    public static let emptyRow: RowID = "empty"

    /// The app's tabs, in display order.
    public enum Tab: String, Sendable, Hashable, CaseIterable {
        /// Featured.
        case featured
        /// Radio: the stations and the NPR stories (paged).
        case radio
        /// Performances, by category.
        case performances
        /// Extras, by category, then Campus View.
        case extras
        /// More: links.
        case more

        /// The sections the tab shows, in order.
        public var sections: [SectionName] {
            switch self {
            case .featured: [.featured]
            case .radio: [.radio]
            case .performances: [.performances]
            case .extras: [.extras, .campusView]
            case .more: [.more]
            }
        }

        /// Whether its list shows its categories as header rows (Performances, Extras) rather than as each row's
        /// overline (Radio's "Stations" and "Stories", whose stories page in).
        public var hasHeaders: Bool { self == .performances || self == .extras }

        /// The tab's title.
        public var title: String { SectionName(rawValue: rawValue)?.title ?? rawValue.capitalized }
        /// The tab's root screen.
        public var screen: ScreenID { ScreenID(rawValue) }
        /// The tab's id in the tab bar.
        public var tabID: TabID { TabID(rawValue: rawValue) }

        /// The tab whose root screen or tab bar item is `id`.
        public init?(_ id: String) { self.init(rawValue: id) }
    }

    /// What to load.
    public enum Load: Hashable, Sendable {
        /// The tab's sections; `refresh`: the user asked (content-meta.json first, then every list).
        case sections(Tab, refresh: Bool)
        /// The next page of Radio's NPR stories.
        case moreStories
        /// Page `page` (from 1) of the Vimeo search for `query`.
        case search(query: String, page: Int)
    }

    /// Why a load was asked for.
    public enum Purpose: Hashable, Sendable {
        /// The tab's first content (or Retry).
        case first
        /// Pull to refresh.
        case refresh
        /// The next page of its list.
        case next
    }

    /// One load, tied to the tab that asked.
    public struct Request: ScreenLoadRequest {
        /// Unique per request.
        public var serial: Int
        /// The tab.
        public var tab: Tab
        /// The tab's generation when asked (a refresh or a retry starts a new one).
        public var generation: Int
        /// What to load.
        public var load: Load
        /// Why.
        public var purpose: Purpose
    }

    /// Sections as the library loaded them.
    public struct LoadedSections: Hashable, Sendable {
        /// The tab's sections, in order.
        public var sections: [Section]
        /// Things to tell the user (a stored copy stood in for a failed fetch), one line each.
        public var notices: [String]
        /// Media that failed with nothing stored, one line each naming the service.
        public var failures: [String]

        /// Loaded sections.
        public init(sections: [Section], notices: [String] = [], failures: [String] = []) {
            self.sections = sections
            self.notices = notices
            self.failures = failures
        }
    }

    /// One page of search results.
    public struct SearchPage: Hashable, Sendable {
        /// The page's number (from 1).
        public var page: Int
        /// Its videos.
        public var videos: [InterlochenVideo]
        /// Whether another page follows.
        public var hasMore: Bool

        /// A page.
        public init(page: Int, videos: [InterlochenVideo], hasMore: Bool) {
            self.page = page
            self.videos = videos
            self.hasMore = hasMore
        }
    }

    /// What a load produced.
    public enum Outcome: Hashable, Sendable {
        /// A page of the search.
        case searchResults(SearchPage)
        /// The tab's sections.
        case sections(LoadedSections)
        /// Radio after the next page of stories; `nil`: there was no next page.
        case moreStories(Section?)
        /// The load failed.
        case failed(LoadFailure)
    }

    /// What the host runs besides loads.
    public enum Effect: Hashable, Sendable {
        /// Listen: play this audio in the circle (a station or a story, as a stream).
        case listen(MediaRequest)
        /// Watch: the model pushed the ``ScreenKit/PlayerScreen``; the host releases the global audio and opens the
        /// video player on this request (a video's HLS link, or a live cast's playlist: the engine knows live from
        /// it). The host reports the player's closing as the player screen's `back`.
        case watch(VideoRequest)
        /// Pause or resume what plays (Pause on the details of the item that plays; Listen on it while paused).
        case control(MediaKey)
        /// Adjust what plays (the now-playing screen's volume slider; for a story also its position slider, a seek,
        /// and −15 s / +15 s, a skip): the host sends it as MediaCore's `controlRequested`.
        case adjust(PlaybackControl)
        /// Open this link in the browser.
        case open(URL)
        /// Share: put this link on the clipboard, then report ``EffectResult/linkCopied(_:)`` or
        /// ``EffectResult/linkNotCopied(_:reason:)`` (``effectFinished(_:_:at:)``): the model says which.
        case copyLink(URL)
    }

    /// What the host reports of an effect it ran (``effectFinished(_:_:at:)``).
    public enum EffectResult: Hashable, Sendable {
        /// Share's link is on the clipboard.
        case linkCopied(URL)
        /// Share's link did not reach the clipboard; `reason` says why, in one line.
        case linkNotCopied(URL, reason: String)
    }

    /// What the host runs: a load (report it with ``ScreenModelEvent/finished(_:_:)``) or an ``Effect``.
    public typealias Command = ScreenModelCommand<Request, Effect>

    /// What the model follows of the player: what is selected and its phase.
    public typealias Playback = PlaybackStatus

    private struct RowInfo: Sendable {
        var item: SectionItem
        var group: String?
    }

    private struct TabState: Sendable {
        var generation = 0
        var rows: [RowID: RowInfo] = [:]
        /// The root screen while another tab shows.
        var saved: Screen?
        var started = false
    }

    private var tabStates: [Tab: TabState] = [:]
    private var current: Tab = .featured
    private struct SearchState: Sendable {
        var query: String?
        var generation = 0
        var nextPage: Int?
        var rows: [RowID: RowInfo] = [:]
    }

    private var details: RowInfo?
    private var search: SearchState?
    private var playback = PlaybackStatus.idle
    private var serial = 0

    /// An app with no screens yet.
    public init() {}

    /// The tab shown.
    public var selectedTab: Tab { current }

    /// Whether the search modal is open.
    public var isSearching: Bool { search != nil }

    /// The item whose details show, if any (tests).
    public var detailsItem: SectionItem? { details?.item }

    /// What the player holds, as last reported.
    public var playbackStatus: PlaybackStatus { playback }

    private static let listStyle = ListStyle(rowHeight: 72, showsThumbnails: true, isRefreshable: true)

    private static func tabBar(selecting tab: Tab) -> TabBar {
        TabBar(items: Tab.allCases.map { TabBar.Item(id: $0.tabID, title: $0.title) }, selected: tab.tabID)
    }

    /// More's links have no pictures: its list has no thumbnail column.
    private static let linkStyle = ListStyle(rowHeight: 72, showsThumbnails: false, isRefreshable: true)

    private static func root(_ tab: Tab) -> Screen {
        var screen = Screen(id: tab.screen, title: tab.title, load: .loading,
                            body: .list(ScrollingList(style: tab == .more ? linkStyle : listStyle)), tabs: tabBar(selecting: tab))
        screen.trailingButton = .search
        return screen
    }

    /// The full-screen search modal: a grey bar titled Search with Done, the field and its search button, no tabs.
    private static func searchModal() -> Screen {
        var screen = Screen(id: searchScreen, title: "Search",
                            body: .search(SearchScreen(field: TextField(placeholder: "Search videos"),
                                                       results: ScrollingList(style: listStyle))))
        screen.isModal = true
        screen.trailingButton = .done
        return screen
    }

    // MARK: Events

    /// Applies `event` (see the type's table); `now` is not used (freshness is the library's).
    public mutating func send(_ event: ScreenModelEvent<Request, Outcome>, _ shell: inout Shell, at t: Double,
                              now: Date) -> [Command] {
        switch event {
        case .started: start(&shell, at: t)
        case .output(let output): handle(output, &shell, at: t)
        case .finished(let request, let outcome): finished(request, outcome, &shell, at: t)
        }
    }

    /// Shows the Featured tab loading (the loading screen) and asks for it.
    private mutating func start(_ shell: inout Shell, at t: Double) -> [Command] {
        current = .featured
        tabStates = [.featured: TabState(started: true)]
        details = nil
        search = nil
        shell.setScreens([Self.root(.featured)], at: t)
        return [.load(request(.featured, .sections(.featured, refresh: false), .first))]
    }

    /// What plays changed: the details' Listen reads Pause while its item runs (and Listen again otherwise); the
    /// headphones mark shows while audio is loaded; the now-playing screen follows (and closes with no audio).
    public mutating func playbackChanged(_ playback: PlaybackStatus, _ shell: inout Shell, at t: Double) -> [Command] {
        self.playback = playback
        shell.showsNowPlayingMark = playback.audio != nil
        if let details {
            let screen = self.details(details)
            shell.update(Self.detailsScreen, at: t) { $0.body = .details(screen) }
        }
        if let screen = nowPlaying() {
            shell.update(Self.nowPlayingScreen, at: t) { $0.body = .details(screen) }
        } else if shell.top?.id == Self.nowPlayingScreen {
            shell.pop(at: t)
        }
        return []
    }

    /// The host ran an effect: Share's link copied ("Link copied", the link) or not ("Link not copied", why).
    public mutating func effectFinished(_ result: EffectResult, _ shell: inout Shell, at t: Double) -> [Command] {
        switch result {
        case .linkCopied(let url):
            shell.show(Notice(title: "Link copied", message: url.absoluteString), at: t)
        case .linkNotCopied(_, let reason):
            shell.show(Notice(title: "Link not copied", message: reason), at: t)
        }
        return []
    }

    /// Reacts to what the shell reported.
    private mutating func handle(_ output: ShellOutput, _ shell: inout Shell, at t: Double) -> [Command] {
        switch output {
        case .rowSelected(Self.searchScreen, let row):
            guard details == nil, let info = search?.rows[row] else { return [] }
            details = info
            shell.push(Screen(id: Self.detailsScreen, title: "Search", body: .details(details(info))), at: t)
            return []
        case .titleButtonTapped(let screen, .search):
            guard Tab(screen.rawValue) == current, shell.top?.id == screen, details == nil, search == nil else { return [] }
            search = SearchState()
            shell.push(Self.searchModal(), at: t)
            return []
        case .searchSubmitted(Self.searchScreen, let text):
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
        case .nearEnd(Self.searchScreen, let rowCount):
            guard let state = search, let query = state.query else { return [] }
            guard let page = rowCount == 0 ? 1 : state.nextPage else {
                shell.updateList(of: Self.searchScreen, at: t) { $0.appendRows([], hasMore: false, at: t) }
                return []
            }
            return [.load(searchRequest(query: query, page: page))]
        case .rowSelected(let screen, let row):
            guard let tab = Tab(screen.rawValue), tab == current, details == nil, row != Self.emptyRow,
                  let info = tabStates[tab]?.rows[row] else { return [] }
            if case .link(let link) = info.item {
                // Only web and mail links leave the app (LinkPolicy); anything else is shown, not opened.
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
            details = info
            shell.push(Screen(id: Self.detailsScreen, title: tab.title, body: .details(details(info))), at: t)
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
        case .titleButtonTapped(_, .nowPlaying):
            guard shell.top?.id != Self.nowPlayingScreen, let screen = nowPlaying() else { return [] }
            var playing = Screen(id: Self.nowPlayingScreen, title: "Now Playing", body: .details(screen))
            playing.hidesCircle = true
            shell.push(playing, at: t)
            return []
        case .sliderChanged(Self.nowPlayingScreen, Self.volumeSlider, let level):
            guard playback.audio != nil else { return [] }
            return [.effect(.adjust(.setVolume(level)))]
        case .sliderChanged(Self.nowPlayingScreen, Self.positionSlider, let fraction):
            guard playback.isFiniteStream, let duration = playback.duration, duration > 0, fraction.isFinite else { return [] }
            return [.effect(.adjust(.seek(to: min(1, max(0, fraction)) * duration)))]
        case .action(Self.nowPlayingScreen, let action):
            switch action {
            case Self.back15 where playback.isFiniteStream: return [.effect(.adjust(.skip(by: -Self.skipSeconds)))]
            case Self.forward15 where playback.isFiniteStream: return [.effect(.adjust(.skip(by: Self.skipSeconds)))]
            case .pause where playback.isRunning: return [.effect(.control(.pause))]
            case .play where !playback.isRunning && playback.audio != nil: return [.effect(.control(.play))]
            default: return []
            }
        case .action(let screen, let action):
            guard screen == Self.detailsScreen, let details else { return [] }
            if action == .watch {
                guard let request = Self.watch(details.item) else { return [] }
                shell.push(PlayerScreen.screen(title: details.item.title), at: t)
                return [.effect(.watch(request))]
            }
            if action == .share { return Self.share(details.item) }
            return play(action, details)
        case .tabSelected(_, let id):
            guard let tab = Tab(id.rawValue) else { return [] }
            return select(tab, &shell, at: t)
        case .back(let screen):
            if screen == Self.detailsScreen { details = nil }
            if screen == Self.searchScreen { search = nil }
            return []
        case .circleTapped, .quit, .noticeAction, .searchChanged, .searchSubmitted, .titleButtonTapped, .sliderChanged:
            return []
        }
    }

    /// A load finished with `outcome`.
    private mutating func finished(_ request: Request, _ outcome: Outcome, _ shell: inout Shell, at t: Double) -> [Command] {
        if case .search(let query, _) = request.load {
            searchFinished(request, query: query, outcome, &shell, at: t)
            return []
        }
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

    // MARK: Search

    private mutating func searchRequest(query: String, page: Int) -> Request {
        serial += 1
        return Request(serial: serial, tab: current, generation: search?.generation ?? 0,
                       load: .search(query: query, page: page), purpose: page == 1 ? .first : .next)
    }

    private mutating func searchFinished(_ request: Request, query: String, _ outcome: Outcome, _ shell: inout Shell, at t: Double) {
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

    // MARK: Rows and details

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

    private func details(_ info: RowInfo) -> DetailsScreen {
        let item = info.item
        var actions: [ActionButton] = []
        if let request = Self.listenRequest(info) {
            actions.append(ActionButton(plays(request) && playback.isRunning ? .pause : .listen))
        }
        if Self.watch(item) != nil { actions.append(ActionButton(.watch)) }
        if item.shareURL != nil { actions.append(ActionButton(.share)) }
        return DetailsScreen(image: item.imageURL.flatMap(URL.init(string:)), overline: info.group?.uppercased(),
                             title: item.title, subtitle: InterlochenText.subtitle(item), facts: InterlochenText.facts(item),
                             paragraph: InterlochenText.paragraph(item), actions: actions)
    }

    /// Share: the item's link (``SectionItem/shareURL``) to the clipboard; the notice waits for the host's report
    /// (``effectFinished(_:_:at:)``).
    private static func share(_ item: SectionItem) -> [Command] {
        guard let url = item.shareURL else { return [] }
        return [.effect(.copyLink(url))]
    }

    /// The now-playing screen for the audio loaded (nil: none): its artwork, title, station or story, what it
    /// does, a story's position and length, Pause or Play, and the volume (0 while muted); a story also has −15 s
    /// and +15 s, and with a known length a position slider (live radio has neither).
    private func nowPlaying() -> DetailsScreen? {
        let title: String?, artist: String?, artwork: URL?, kind: String
        switch playback.active {
        case .stream(let request):
            (title, artist, artwork) = (request.title, request.artist, request.artworkURL)
            kind = request.isLive == true ? "STATION" : "STORY"
        case .download(let request):
            (title, artist, artwork, kind) = (request.title, request.artist, request.artworkURL, "VIDEO")
        case .nothing, .video:
            return nil
        }
        let state = switch playback.phase {
        case .fetching: "Loading…"
        case .playing: "Playing"
        case .paused: "Paused"
        case .failed: "Couldn't play"
        case .uninitialized, .completed: "Stopped"
        }
        // A story's place in it ("1:02 / 3:45", the time alone while the length is unknown); live radio has none.
        let place = playback.position.map { position in
            [VideoScreen.clock(position) + (playback.duration.map { " / " + VideoScreen.clock($0) } ?? "")]
        } ?? []
        var actions = [ActionButton(playback.isRunning ? .pause : .play)]
        var sliders = [DetailsSlider(name: Self.volumeSlider, label: "Volume", value: playback.volume.gain)]
        if playback.isFiniteStream {
            actions = [ActionButton(Self.back15, title: "−15 s")] + actions + [ActionButton(Self.forward15, title: "+15 s")]
            if let duration = playback.duration, duration > 0 {
                let fraction = (playback.position ?? 0) / duration
                sliders.insert(DetailsSlider(name: Self.positionSlider, label: "Position", value: fraction), at: 0)
            }
        }
        return DetailsScreen(image: artwork, overline: kind, title: title ?? "Now playing", subtitle: artist, facts: [state] + place,
                             actions: actions, sliders: sliders)
    }

    /// Whether the audio loaded is `request`'s media (by address: a story listed under two groups is one story).
    private func plays(_ request: MediaRequest) -> Bool {
        playback.audio?.isSameMedia(as: request) == true
    }

    /// What Listen plays for `info`: a station's stream (live), a story's MP3; nil for anything else.
    private static func listenRequest(_ info: RowInfo) -> MediaRequest? {
        let item = info.item
        let artwork = item.imageURL.flatMap(URL.init(string:))
        switch item {
        case .station(let station):
            guard let url = LinkPolicy.httpURL(station.streamURL) else { return nil }
            return .stream(StreamRequest(url: url, title: station.name, artist: station.tagline, artworkURL: artwork, isLive: true))
        case .story(let story):
            guard let url = story.audioURL.flatMap(LinkPolicy.httpURL) else { return nil }
            return .stream(StreamRequest(url: url, title: story.title, artist: info.group ?? "NPR", artworkURL: artwork, isLive: false))
        default:
            return nil
        }
    }

    /// Listen plays the item, or resumes it when it is what plays, paused; Pause pauses it (Watch is handled above).
    private func play(_ action: ScreenAction, _ info: RowInfo) -> [Command] {
        switch action {
        case .listen:
            guard let request = Self.listenRequest(info) else { return [] }
            if plays(request), playback.phase == .paused { return [.effect(.control(.play))] }
            return [.effect(.listen(request))]
        case .pause:
            guard let request = Self.listenRequest(info), plays(request), playback.isRunning else { return [] }
            return [.effect(.control(.pause))]
        default:
            return []
        }
    }

    /// What Watch opens the player on: a video's HLS link, a live cast's or an HDRelay stream's playlist (``SectionItem/watchURL``),
    /// over http or https only; nil for anything else. (A new watchable kind of item adds its case to `watchURL`.)
    static func watch(_ item: SectionItem) -> VideoRequest? {
        guard let url = item.watchURL.flatMap(LinkPolicy.httpURL) else { return nil }
        return VideoRequest(source: .hls(url), title: item.title)
    }

    // MARK: Requests

    private mutating func request(_ tab: Tab, _ load: Load, _ purpose: Purpose) -> Request {
        serial += 1
        return Request(serial: serial, tab: tab, generation: tabStates[tab]?.generation ?? 0, load: load, purpose: purpose)
    }
}
