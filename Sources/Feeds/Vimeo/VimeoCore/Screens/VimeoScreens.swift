import FeedCore
import Foundation
import MediaCore
import ScreenKit
import VideoCore

/// The Vimeo app's screens as a pure value: albums (with thumbnails) → an album's videos (25 a page,
/// the next page asked for as the list nears its end) → a video's details (Watch: the player; Listen: the sound in
/// the circle), and a search tab. Events in (the shell's outputs, the results of loads), commands out (loads,
/// connectivity checks, the player, play requests); the shell (a value too) is changed in place. A thin driver (SDLDemo's `VimeoApp`)
/// runs the commands against `VimeoLibrary` and hands the results back.
///
/// ```swift
/// var screens = VimeoScreens()
/// var commands = screens.send(.started, &shell, at: 0, now: Date())            // [.load(albums)]
/// commands = screens.send(.finished(request, .albums(sourced)), &shell, at: 0.3, now: Date())
/// commands = screens.send(.output(.rowSelected("albums", "1234")), &shell, at: 1, now: Date())  // pushes "videos"
/// ```
///
/// Screens: `albums` and `search` are root screens with the tabs **Albums** and **Search**; `videos`
/// (an album's) and `details` are pushed, and over the details ScreenKit's `player` (``ScreenKit/PlayerScreen``) while
/// the video player is open. Every list is pull-to-refresh.
///
/// | state | event | screens | commands |
/// |---|---|---|---|
/// | – | `start` | `albums`, loading, tabs | load albums |
/// | albums loading | albums loaded | rows (`60 videos`, thumbnail); title "Albums (offline)" when stale | – |
/// | albums loading | load failed | `failed(message)` (Retry) | – |
/// | any list failed | `retryRequested` | (the shell set `loading`) | its first page again |
/// | albums | `rowSelected(album)` | `videos` pushed, loading, titled with the album's name | load page 1 |
/// | videos loading | page loaded | rows, `hasMore` from `paging.next` | – |
/// | videos, more pages | `nearEnd` | (the list shows its loading row) | load the next page |
/// | videos | next page loaded / failed | rows appended / the loading row shows the message (tap: retry) | – |
/// | albums, videos, search | `refreshRequested` | (the shell set `refreshing`) | albums / page 1, forced |
/// | refreshing | loaded | rows replaced, `loaded`; a notice "No internet connection" when only the stored copy could be shown | – |
/// | refreshing | failed | `loaded`, the old rows, a notice "Couldn't refresh" | – |
/// | videos, search | `rowSelected(video)` | – | check connectivity (once at a time) |
/// | checking | online | `details` pushed (picture, name, duration, size, files; Watch and Listen when there is an HLS file over http(s)) | – |
/// | checking | offline | the notice "No internet connection" | – |
/// | details | `action(.watch)` | – | check connectivity (once at a time) |
/// | checking for Watch | online | `player` pushed over the details | watch: the player on the HLS link |
/// | checking for Watch | offline | the notice "No internet connection" (the seed's placeholder alert); no player | – |
/// | player | `back(from: player)` (the player closed) | (the host closed it) the details again, as left | – |
/// | details | `action(.listen)`, an HLS file over http(s) | – | listen: the HLS file's sound, downloaded into the circle |
/// | details | `action(.listen)`, its sound loaded and paused | – | resume (`.control(.play)`) |
/// | details | `action(.listen)`, no HLS file or not over http(s) (`file:`, a custom scheme) | – | – |
/// | details | `action(.pause)`, its sound fetching or playing | – | pause (`.control(.pause)`) |
/// | any | playback changed | Listen ↔ Pause on the details of the video whose sound runs (fetching or playing) | – |
/// | albums | `tabSelected(search)` | the `search` root (restored as left) | – |
/// | search | `tabSelected(albums)` | the `albums` root restored as left (no reload) | – |
/// | search | `searchSubmitted(text)` | results emptied, the loading row shows | (at the next tick) page 1 of the search |
/// | any | `back(from:)` | (the shell popped it) | its pending results are dropped |
///
/// A result is dropped when the screen it was for is gone (popped), or was refreshed or searched again
/// since it was asked for (each request carries its screen's serial and generation). A root swapped out
/// by a tab keeps receiving its results.
public struct VimeoScreens: ScreenModel {
    /// The albums root screen.
    public static let albumsScreen: ScreenID = "albums"
    /// An album's videos.
    public static let videosScreen: ScreenID = "videos"
    /// A video's details.
    public static let detailsScreen: ScreenID = "details"
    /// The search root screen.
    public static let searchScreen: ScreenID = "search"
    /// The Albums tab.
    public static let albumsTab: TabID = "albums"
    /// The Search tab.
    public static let searchTab: TabID = "search"
    /// The row shown in an empty list (not selectable).
    public static let emptyRow: RowID = "empty"

    /// What to load.
    public enum Load: Hashable, Sendable {
        /// The album list (every page); `force` skips the freshness rule (pull to refresh).
        case albums(force: Bool)
        /// One page of a video list.
        case videos(VideoListID, page: Int, force: Bool)
        /// Whether the network can be used (before a video's details open).
        case connectivity(video: String)
    }

    /// Why a load was asked for.
    public enum Purpose: Hashable, Sendable {
        /// The screen's first content.
        case first
        /// The next page of its list.
        case next
        /// Pull to refresh.
        case refresh
        /// A video was selected.
        case select
        /// Watch was tapped on a video's details.
        case watch
    }

    /// One load, tied to the screen that asked.
    public struct Request: ScreenLoadRequest {
        /// Unique per request.
        public var serial: Int
        /// The screen instance (its entry's serial).
        public var entry: Int
        /// The screen's generation when asked (a refresh or a new search starts a new one).
        public var generation: Int
        /// What to load.
        public var load: Load
        /// Why.
        public var purpose: Purpose
    }

    /// What the host runs besides loads.
    public enum Effect: Hashable, Sendable {
        /// Listen: play this video's sound in the circle: its HLS downloaded (the best audio track), then played.
        case listen(DownloadRequest)
        /// Watch: open the video player on this video (its HLS link; the player adapts to the connection). The
        /// model has pushed the ``ScreenKit/PlayerScreen``; the host reports the player's closing as its `back`.
        case watch(VideoRequest)
        /// Pause or resume the sound Listen loaded (Pause on its details; Listen on them while it is paused).
        case control(MediaKey)
    }

    /// What the model follows of the player: what is selected and its phase (Listen ↔ Pause).
    public typealias Playback = PlaybackStatus

    /// What the host runs: a load (report it with ``ScreenModelEvent/finished(_:_:)``) or an ``Effect``.
    public typealias Command = ScreenModelCommand<Request, Effect>

    /// What a load produced.
    public enum Outcome: Hashable, Sendable {
        /// The albums (already filtered by the whitelist).
        case albums(Sourced<[VimeoAlbum]>)
        /// A page of videos.
        case videos(Sourced<VideoPage>)
        /// The connectivity check's answer.
        case connectivity(Connectivity)
        /// The load failed.
        case failed(LoadFailure)
    }

    private enum Content: Sendable {
        case albums([String: VimeoAlbum])
        case videos(list: VideoListID?, title: String?, videos: [String: VimeoVideo])
        case details(VimeoVideo, album: String?)
        case player
    }

    private struct Entry: Sendable {
        var serial: Int
        var screen: ScreenID
        var content: Content
        var generation = 0
        var nextPage: Int?
    }

    private struct SavedRoot: Sendable {
        var entry: Entry
        var screen: Screen
    }

    /// One entry per screen on the shell's stack, bottom to top.
    private var entries: [Entry] = []
    /// Root screens swapped out by a tab, by tab.
    private var saved: [TabID: SavedRoot] = [:]
    /// The selection waiting for its connectivity check.
    private var pendingSelection: (serial: Int, video: String)?
    private var serial = 0
    private var playback = PlaybackStatus.idle

    /// An app with no screens yet.
    public init() {}

    /// The screens on the stack, bottom to top (tests).
    public var stack: [ScreenID] { entries.map(\.screen) }

    /// Whether a connectivity check for a selected video is in flight.
    public var isCheckingConnectivity: Bool { pendingSelection != nil }

    private static var tabs: TabBar {
        TabBar(items: [TabBar.Item(id: albumsTab, title: "Albums"), TabBar.Item(id: searchTab, title: "Search")])
    }

    private static let listStyle = ListStyle(rowHeight: 72, showsThumbnails: true, isRefreshable: true)

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

    /// Shows the albums screen (loading) and asks for the albums.
    private mutating func start(_ shell: inout Shell, at t: Double) -> [Command] {
        let entry = newEntry(Self.albumsScreen, .albums([:]))
        entries = [entry]
        shell.setScreens([Screen(id: Self.albumsScreen, title: "Albums", load: .loading,
                                 body: .list(ScrollingList(style: Self.listStyle)), tabs: Self.tabs)], at: t)
        return [.load(request(entry, .albums(force: false), .first))]
    }

    /// Reacts to what the shell reported.
    private mutating func handle(_ output: ShellOutput, _ shell: inout Shell, at t: Double) -> [Command] {
        switch output {
        case .rowSelected(let screen, let row):
            return select(row, on: screen, &shell, at: t)
        case .nearEnd(let screen, let rowCount):
            guard let index = topIndex(screen), case .videos(let list?, _, _) = entries[index].content else { return [] }
            let page = rowCount == 0 ? 1 : entries[index].nextPage
            guard let page else {
                shell.updateList(of: screen, at: t) { $0.loadingMoreFailed(message: "No more videos", at: t) }
                return []
            }
            return [.load(request(entries[index], .videos(list, page: page, force: false), page == 1 ? .first : .next))]
        case .refreshRequested(let screen):
            return reload(screen, purpose: .refresh, &shell, at: t)
        case .retryRequested(let screen):
            return reload(screen, purpose: .first, &shell, at: t)
        case .action(let screen, .listen):
            guard let index = topIndex(screen), case .details(let video, let album) = entries[index].content,
                  let request = Self.listenRequest(video, album: album) else { return [] }
            if plays(request), playback.phase == .paused { return [.effect(.control(.play))] }
            return [.effect(.listen(request))]
        case .action(let screen, .pause):
            guard let index = topIndex(screen), case .details(let video, let album) = entries[index].content,
                  let request = Self.listenRequest(video, album: album), plays(request), playback.isRunning else { return [] }
            return [.effect(.control(.pause))]
        case .action(let screen, .watch):
            guard let index = topIndex(screen), case .details(let video, _) = entries[index].content,
                  VimeoPresentation.playlistURL(video) != nil, pendingSelection == nil else { return [] }
            let check = request(entries[index], .connectivity(video: video.id), .watch)
            pendingSelection = (check.serial, video.id)
            return [.load(check)]
        case .tabSelected(_, let tab):
            switchRoot(to: tab, &shell, at: t)
            return []
        case .searchSubmitted(let screen, let text):
            return search(text, on: screen, &shell, at: t)
        case .back:
            if entries.count > 1 { entries.removeLast() }
            return []
        case .circleTapped, .quit, .action, .noticeAction, .searchChanged, .titleButtonTapped, .sliderChanged:
            return []
        }
    }

    /// What plays changed: the Listen of the details on the stack reads Pause while their video's sound runs
    /// (fetching or playing), Listen again otherwise.
    public mutating func playbackChanged(_ playback: PlaybackStatus, _ shell: inout Shell, at t: Double) -> [Command] {
        self.playback = playback
        for entry in entries {
            guard case .details(let video, let album) = entry.content else { continue }
            let details = VimeoPresentation.details(video, overline: album, listening: listening(video, album: album))
            shell.update(Self.detailsScreen, at: t) { $0.body = .details(details) }
        }
        return []
    }

    /// What Listen plays for `video`: the best audio track of its HLS file, titled with its name, the album as the
    /// second line, its picture; nil without an HLS file over http(s).
    private static func listenRequest(_ video: VimeoVideo, album: String?) -> DownloadRequest? {
        guard let playlist = VimeoPresentation.playlistURL(video) else { return nil }
        let artwork = video.pictures.best(forWidth: VimeoPresentation.detailsPictureWidth).flatMap { URL(string: $0.link) }
        return DownloadRequest(playlist: playlist, title: video.name, artist: album, artworkURL: artwork)
    }

    /// Whether `video`'s sound runs in the circle (its Listen reads Pause).
    private func listening(_ video: VimeoVideo, album: String?) -> Bool {
        Self.listenRequest(video, album: album).map { plays($0) && playback.isRunning } ?? false
    }

    /// Whether the sound loaded is `request`'s (by address).
    private func plays(_ request: DownloadRequest) -> Bool {
        playback.audio?.isSameMedia(as: .download(request)) == true
    }

    /// A load finished with `outcome`.
    private mutating func finished(_ request: Request, _ outcome: Outcome, _ shell: inout Shell, at t: Double) -> [Command] {
        if case .connectivity(let video) = request.load {
            guard pendingSelection?.serial == request.serial else { return [] }
            pendingSelection = nil
            return connectivityChecked(request, video: video, outcome, &shell, at: t)
        }
        withEntry(of: request, &shell, at: t) { entry, shell in
            Self.apply(outcome, of: request, to: &entry, &shell, at: t)
        }
        return []
    }

    // MARK: Selection and details

    private mutating func select(_ row: RowID, on screen: ScreenID, _ shell: inout Shell, at t: Double) -> [Command] {
        guard let index = topIndex(screen), row != Self.emptyRow else { return [] }
        switch entries[index].content {
        case .albums(let albums):
            guard let album = albums[row.rawValue] else { return [] }
            let entry = newEntry(Self.videosScreen, .videos(list: .album(album.id), title: album.name, videos: [:]))
            entries.append(entry)
            shell.push(Screen(id: Self.videosScreen, title: album.name, load: .loading,
                              body: .list(ScrollingList(style: Self.listStyle))), at: t)
            return [.load(request(entry, .videos(.album(album.id), page: 1, force: false), .first))]
        case .videos(_, _, let videos):
            guard videos[row.rawValue] != nil, pendingSelection == nil else { return [] }
            let check = request(entries[index], .connectivity(video: row.rawValue), .select)
            pendingSelection = (check.serial, row.rawValue)
            return [.load(check)]
        case .details, .player:
            return []
        }
    }

    private mutating func connectivityChecked(_ request: Request, video id: String, _ outcome: Outcome,
                                              _ shell: inout Shell, at t: Double) -> [Command] {
        if request.purpose == .watch { return watchChecked(request, outcome, &shell, at: t) }
        guard let index = entries.lastIndex(where: { $0.serial == request.entry }), index == entries.count - 1,
              case .videos(_, let title, let videos) = entries[index].content, let video = videos[id] else { return [] }
        switch outcome {
        case .connectivity(.online):
            let entry = newEntry(Self.detailsScreen, .details(video, album: title))
            entries.append(entry)
            shell.push(Screen(id: Self.detailsScreen, title: title ?? "Search",
                              body: .details(VimeoPresentation.details(video, overline: title, listening: listening(video, album: title)))), at: t)
        case .connectivity(.offline), .failed:
            shell.show(Notice.offline(), at: t)
        case .albums, .videos:
            break
        }
        return []
    }

    /// Watch's connectivity check answered: online, the player over the details (still on top); else the notice.
    private mutating func watchChecked(_ request: Request, _ outcome: Outcome, _ shell: inout Shell, at t: Double) -> [Command] {
        guard let index = entries.indices.last, entries[index].serial == request.entry,
              case .details(let video, _) = entries[index].content, let url = VimeoPresentation.playlistURL(video) else { return [] }
        switch outcome {
        case .connectivity(.online):
            entries.append(newEntry(PlayerScreen.id, .player))
            shell.push(PlayerScreen.screen(title: video.name), at: t)
            return [.effect(.watch(VideoRequest(source: .hls(url), title: video.name)))]
        case .connectivity(.offline), .failed:
            shell.show(Notice.offline(), at: t)
        case .albums, .videos:
            break
        }
        return []
    }

    // MARK: Refresh, retry, search

    private mutating func reload(_ screen: ScreenID, purpose: Purpose, _ shell: inout Shell, at t: Double) -> [Command] {
        guard let index = topIndex(screen) else { return [] }
        let force = purpose == .refresh
        entries[index].generation += 1
        switch entries[index].content {
        case .albums:
            return [.load(request(entries[index], .albums(force: force), purpose))]
        case .videos(let list?, _, _):
            return [.load(request(entries[index], .videos(list, page: 1, force: force), purpose))]
        case .videos(nil, _, _):
            shell.setLoad(.loaded, of: screen, at: t)   // a search screen before any search: nothing to refresh
            return []
        case .details, .player:
            return []
        }
    }

    private mutating func search(_ text: String, on screen: ScreenID, _ shell: inout Shell, at t: Double) -> [Command] {
        guard let index = topIndex(screen), case .videos = entries[index].content else { return [] }
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { return [] }
        entries[index].content = .videos(list: .search(query), title: nil, videos: [:])
        entries[index].generation += 1
        entries[index].nextPage = nil
        // An empty list with more to come: the list shows its loading row and asks for page 1 at the next tick.
        shell.update(screen, at: t) { screen in
            screen.load = .loaded
            screen.updateList { $0.replaceRows([], hasMore: true, at: t) }
        }
        return []
    }

    private mutating func switchRoot(to tab: TabID, _ shell: inout Shell, at t: Double) {
        guard let root = entries.first, let rootScreen = shell.screens.first else { return }
        let current: TabID = root.screen == Self.searchScreen ? Self.searchTab : Self.albumsTab
        guard tab != current else { return }
        saved[current] = SavedRoot(entry: root, screen: rootScreen)
        if let restored = saved.removeValue(forKey: tab) {
            var screen = restored.screen
            if var tabs = screen.tabs {
                tabs.select(tab)
                screen.tabs = tabs
            }
            entries = [restored.entry]
            shell.setScreens([screen], at: t)
        } else if tab == Self.searchTab {
            let entry = newEntry(Self.searchScreen, .videos(list: nil, title: nil, videos: [:]))
            entries = [entry]
            shell.setScreens([Screen(id: Self.searchScreen, title: "Search",
                                     body: .search(SearchScreen(field: TextField(placeholder: "Search videos"),
                                                                results: ScrollingList(style: Self.listStyle))),
                                     tabs: TabBar(items: Self.tabs.items, selected: Self.searchTab))], at: t)
        }
    }

    // MARK: Results

    private static func apply(_ outcome: Outcome, of request: Request, to entry: inout Entry, _ shell: inout Shell,
                              at t: Double) {
        let screen = entry.screen
        switch (outcome, request.purpose) {
        case (.albums(let albums), .first), (.albums(let albums), .refresh):
            entry.content = .albums(Dictionary(albums.value.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }))
            var rows = albums.value.map(VimeoPresentation.row)
            if rows.isEmpty { rows = [ListRow(id: emptyRow, title: "No albums", subtitle: "None of the listed albums is on the account")] }
            show(rows, hasMore: false, on: screen, replacing: true, &shell, at: t)
            shell.update(screen, at: t) { $0.title = albums.freshness == .stale ? "Albums (offline)" : "Albums" }
            if request.purpose == .refresh, albums.freshness == .stale {
                shell.show(Notice.offline(message: "Showing the albums saved earlier."), at: t)
            }
        case (.videos(let page), .first), (.videos(let page), .next), (.videos(let page), .refresh):
            guard case .videos(let list, let title, var videos) = entry.content, list == page.value.list else { return }
            for video in page.value.videos { videos[video.id] = video }
            entry.content = .videos(list: list, title: title, videos: videos)
            entry.nextPage = page.value.hasMore ? page.value.page + 1 : nil
            let overline = title ?? "Search"
            var rows = page.value.videos.map { VimeoPresentation.row($0, overline: overline) }
            let replacing = request.purpose != .next
            if rows.isEmpty, page.value.page == 1 {
                let what = if case .search(let query) = list { "No videos match “\(query)”" } else { "No videos in this album" }
                rows = [ListRow(id: emptyRow, title: what)]
            }
            show(rows, hasMore: page.value.hasMore, on: screen, replacing: replacing, &shell, at: t)
            if request.purpose == .refresh, page.freshness == .stale {
                shell.show(Notice.offline(message: "Showing the videos saved earlier."), at: t)
            }
        case (.failed(let failure), .first) where screen != searchScreen:
            shell.setLoad(.failed(message: failure.message), of: screen, at: t)
        case (.failed(let failure), .first), (.failed(let failure), .next):
            shell.updateList(of: screen, at: t) { $0.loadingMoreFailed(message: failure.message, at: t) }
        case (.failed(let failure), .refresh):
            shell.setLoad(.loaded, of: screen, at: t)
            shell.show(failure.offline ? Notice.offline() : Notice(title: "Couldn't refresh", message: failure.message), at: t)
        default:
            break
        }
    }

    private static func show(_ rows: [ListRow], hasMore: Bool, on screen: ScreenID, replacing: Bool,
                             _ shell: inout Shell, at t: Double) {
        shell.update(screen, at: t) { screen in
            screen.load = .loaded
            if case .search = screen.body {
                screen.updateList { replacing ? $0.replaceRows(rows, hasMore: hasMore, at: t) : $0.appendRows(rows, hasMore: hasMore, at: t) }
            } else if replacing || screen.list == nil {
                var list = screen.list ?? ScrollingList(style: listStyle)
                list.replaceRows(rows, hasMore: hasMore, at: t)
                screen.body = .list(list)
            } else {
                screen.updateList { $0.appendRows(rows, hasMore: hasMore, at: t) }
            }
        }
    }

    // MARK: Entries

    /// Runs `change` on the entry `request` is for, with the shell holding its screen: the live stack when
    /// the entry is on it (and is the topmost screen with its name), or a stand-in shell for a root swapped
    /// out by a tab. Nothing runs for a gone entry or an older generation.
    private mutating func withEntry(of request: Request, _ shell: inout Shell, at t: Double,
                                    _ change: (inout Entry, inout Shell) -> Void) {
        if let index = entries.firstIndex(where: { $0.serial == request.entry }) {
            guard entries[index].generation == request.generation,
                  entries.lastIndex(where: { $0.screen == entries[index].screen }) == index else { return }
            change(&entries[index], &shell)
            return
        }
        guard let tab = saved.first(where: { $0.value.entry.serial == request.entry })?.key, var root = saved[tab],
              root.entry.generation == request.generation else { return }
        var standIn = Shell(size: shell.layout.size, circleRadius: shell.circle.radius)
        standIn.setScreens([root.screen], at: t)
        change(&root.entry, &standIn)
        if let screen = standIn.screens.first { root.screen = screen }
        saved[tab] = root
    }

    private func topIndex(_ screen: ScreenID) -> Int? {
        guard let index = entries.indices.last, entries[index].screen == screen else { return nil }
        return index
    }

    private mutating func newEntry(_ screen: ScreenID, _ content: Content) -> Entry {
        serial += 1
        return Entry(serial: serial, screen: screen, content: content)
    }

    private mutating func request(_ entry: Entry, _ load: Load, _ purpose: Purpose) -> Request {
        serial += 1
        return Request(serial: serial, entry: entry.serial, generation: entry.generation, load: load, purpose: purpose)
    }
}
