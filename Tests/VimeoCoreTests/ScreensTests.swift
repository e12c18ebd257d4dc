import DragPhysics
import FeedCore
import Foundation
import ScreenKit
import MediaCore
import Testing
import TestSupport
import VideoCore
import VimeoCore

/// The screens model headless: every row of ``VimeoScreens``' table, the shell asserted after each event.
@Suite("Vimeo screens")
struct ScreensTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func album(_ id: String, _ name: String, videos: Int) -> VimeoAlbum {
        VimeoAlbum(id: id, name: name, metadata: VimeoMetadata(raw: .object([
            ("connections", .object([("videos", .object([("uri", .string("/albums/\(id)/videos")), ("total", .integer(Int64(videos)))]))])),
        ])))
    }

    static func video(_ index: Int, hls: Bool = true) -> VimeoVideo {
        VimeoVideo(id: "v\(index)", name: "Video \(index)", duration: 60 + index, width: 1280, height: 720,
                   pictures: VimeoPictures(sizes: [.init(width: 640, height: 360, link: "http://h/p\(index).jpg")]),
                   files: hls ? [VimeoFile(quality: "hls", type: "video/mp4", link: "http://h/v\(index).m3u8")] : [])
    }

    static let albums = [album("1001", "Night Drives", videos: 60), album("1005", "Theatre", videos: 0)]

    static func page(_ list: VideoListID, _ number: Int, of total: Int, stale: Bool = false) -> VimeoScreens.Outcome {
        let range = (number - 1) * 25..<min(total, number * 25)
        let page = VideoPage(list: list, page: number, total: total, hasMore: range.upperBound < total, videos: range.map { video($0) })
        return .videos(Sourced(page, source: stale ? .store : .network, fetchedAt: now, freshness: stale ? .stale : .fresh))
    }

    static func albumsOutcome(stale: Bool = false) -> VimeoScreens.Outcome {
        .albums(Sourced(albums, source: stale ? .store : .network, fetchedAt: now, freshness: stale ? .stale : .fresh))
    }

    /// A running app: the model, the shell, and the requests it asked for (TestSupport's harness).
    typealias Harness = ScreenModelHarness<VimeoScreens>

    static func load(_ command: VimeoScreens.Command?) -> VimeoScreens.Load? {
        if case .load(let request)? = command { return request.load }
        return nil
    }

    static func purpose(_ command: VimeoScreens.Command?) -> VimeoScreens.Purpose? {
        if case .load(let request)? = command { return request.purpose }
        return nil
    }

    @Test("start: the albums screen, loading, with the Albums and Search tabs; the albums asked for")
    func start() {
        var app = Harness()
        let commands = app.start()
        #expect(commands.map(Self.load) == [.albums(force: false)])
        #expect(Self.purpose(commands.first) == .first)
        #expect(app.top?.id == "albums" && app.top?.load == .loading && app.top?.title == "Albums")
        #expect(app.top?.tabs?.items.map(\.title) == ["Albums", "Search"] && app.top?.tabs?.selected == "albums")
        #expect(app.screens.stack == ["albums"])
    }

    @Test("albums loaded: one row per album with its video count; stale: the title says offline")
    func albumsLoaded() {
        var app = Harness()
        let start = app.start()
        #expect(app.finish(start.first, Self.albumsOutcome()).isEmpty)
        #expect(app.top?.load == .loaded)
        #expect(app.rows.map(\.id) == ["1001", "1005"] && app.rows.map(\.subtitle) == ["60 videos", "0 videos"])
        #expect(app.top?.list?.hasMore == false && app.top?.list?.style.isRefreshable == true)

        var offline = Harness()
        let again = offline.start()
        _ = offline.finish(again.first, Self.albumsOutcome(stale: true))
        #expect(offline.top?.title == "Albums (offline)" && offline.shell.notice == nil)
    }

    @Test("albums failed: the message and Retry; Retry asks again and the first answer is dropped")
    func albumsFailedAndRetry() {
        var app = Harness()
        let start = app.start()
        _ = app.finish(start.first, .failed(.init(message: "Vimeo: server error: HTTP 500")))
        #expect(app.top?.load == .failed(message: "Vimeo: server error: HTTP 500"))
        let retry = app.handle(.retryRequested(VimeoScreens.albumsScreen))
        #expect(retry.map(Self.load) == [.albums(force: false)] && Self.purpose(retry.first) == .first)
        // A late answer to the first request belongs to an older generation: dropped.
        _ = app.finish(start.first, Self.albumsOutcome())
        #expect(app.rows.isEmpty)
        _ = app.finish(retry.first, Self.albumsOutcome())
        #expect(app.rows.count == 2)
    }

    @Test("an album selected: its videos screen, loading, titled with its name; page 1 asked for")
    func albumSelected() {
        var app = Harness()
        let start = app.start()
        _ = app.finish(start.first, Self.albumsOutcome())
        let open = app.handle(.rowSelected(VimeoScreens.albumsScreen, "1001"))
        #expect(open.map(Self.load) == [.videos(.album("1001"), page: 1, force: false)])
        #expect(app.top?.id == "videos" && app.top?.title == "Night Drives" && app.top?.load == .loading)
        #expect(app.screens.stack == ["albums", "videos"])
        #expect(app.handle(.rowSelected(VimeoScreens.albumsScreen, "nope")).isEmpty, "not the top screen")
        _ = app.finish(open.first, Self.page(.album("1001"), 1, of: 60))
        #expect(app.top?.load == .loaded && app.rows.count == 25 && app.top?.list?.hasMore == true)
        #expect(app.rows.first?.overline == "NIGHT DRIVES" && app.rows.first?.subtitle == "1:00 · 1280 × 720")
    }

    @Test("infinite scrolling: pages 2 and 3 as the list nears its end, then no more")
    func paging() {
        var (app, _) = Harness.inAlbum()
        let second = app.handle(.nearEnd(VimeoScreens.videosScreen, rowCount: 25))
        #expect(second.map(Self.load) == [.videos(.album("1001"), page: 2, force: false)] && Self.purpose(second.first) == .next)
        _ = app.finish(second.first, Self.page(.album("1001"), 2, of: 60))
        #expect(app.rows.count == 50 && app.rows.last?.id == "v49")
        let third = app.handle(.nearEnd(VimeoScreens.videosScreen, rowCount: 50))
        #expect(third.map(Self.load) == [.videos(.album("1001"), page: 3, force: false)])
        _ = app.finish(third.first, Self.page(.album("1001"), 3, of: 60))
        #expect(app.rows.count == 60 && app.top?.list?.hasMore == false && app.top?.list?.footer == nil)
        // The list cannot ask again (no more pages), and a stray near-end gets a message, not a request.
        #expect(app.handle(.nearEnd(VimeoScreens.videosScreen, rowCount: 60)).isEmpty)
        #expect(app.top?.list?.footer == .failed(message: "No more videos"))
    }

    @Test("a next page that fails: the loading row shows the message; a tap on it asks again")
    func nextPageFails() {
        var (app, _) = Harness.inAlbum()
        let second = app.handle(.nearEnd(VimeoScreens.videosScreen, rowCount: 25))
        _ = app.finish(second.first, .failed(.init(message: "Vimeo: timed out after 15 s")))
        #expect(app.top?.list?.footer == .failed(message: "Vimeo: timed out after 15 s") && app.rows.count == 25)
        #expect(app.handle(.nearEnd(VimeoScreens.videosScreen, rowCount: 25)).map(Self.load) == [.videos(.album("1001"), page: 2, force: false)])
    }

    @Test("pull to refresh: page 1 forced; rows replaced; the stored copy only: an offline notice; a failure: Couldn't refresh")
    func refresh() {
        var (app, _) = Harness.inAlbum()
        let second = app.handle(.nearEnd(VimeoScreens.videosScreen, rowCount: 25))
        _ = app.finish(second.first, Self.page(.album("1001"), 2, of: 60))
        let refresh = app.handle(.refreshRequested(VimeoScreens.videosScreen))
        #expect(refresh.map(Self.load) == [.videos(.album("1001"), page: 1, force: true)] && Self.purpose(refresh.first) == .refresh)
        _ = app.finish(refresh.first, Self.page(.album("1001"), 1, of: 60))
        #expect(app.rows.count == 25 && app.top?.load == .loaded && app.shell.notice == nil)
        // Paging starts over: the next near-end asks for page 2 again.
        #expect(app.handle(.nearEnd(VimeoScreens.videosScreen, rowCount: 25)).map(Self.load) == [.videos(.album("1001"), page: 2, force: false)])

        let offline = app.handle(.refreshRequested(VimeoScreens.videosScreen))
        _ = app.finish(offline.first, Self.page(.album("1001"), 1, of: 60, stale: true))
        #expect(app.shell.notice?.title == "No internet connection")
        app.shell.closeNotice()

        let failing = app.handle(.refreshRequested(VimeoScreens.videosScreen))
        _ = app.finish(failing.first, .failed(.init(message: "Vimeo: server error: HTTP 503")))
        #expect(app.top?.load == .loaded && app.rows.count == 25)
        #expect(app.shell.notice == Notice(title: "Couldn't refresh", message: "Vimeo: server error: HTTP 503"))
    }

    @Test("a page asked for before a refresh is dropped when it arrives after it")
    func staleGenerationDropped() {
        var (app, _) = Harness.inAlbum()
        let second = app.handle(.nearEnd(VimeoScreens.videosScreen, rowCount: 25))
        let refresh = app.handle(.refreshRequested(VimeoScreens.videosScreen))
        _ = app.finish(refresh.first, Self.page(.album("1001"), 1, of: 60))
        _ = app.finish(second.first, Self.page(.album("1001"), 2, of: 60))
        #expect(app.rows.count == 25, "page 2 of the old list is not appended to the new one")
    }

    @Test("pull to refresh on the albums: forced")
    func refreshAlbums() {
        var app = Harness()
        let start = app.start()
        _ = app.finish(start.first, Self.albumsOutcome())
        let refresh = app.handle(.refreshRequested(VimeoScreens.albumsScreen))
        #expect(refresh.map(Self.load) == [.albums(force: true)])
        _ = app.finish(refresh.first, Self.albumsOutcome(stale: true))
        #expect(app.shell.notice?.title == "No internet connection" && app.top?.title == "Albums (offline)")
    }

    @Test("a video selected: connectivity checked once; online: the details; offline: No internet connection")
    func videoSelected() {
        var (app, _) = Harness.inAlbum()
        let check = app.handle(.rowSelected(VimeoScreens.videosScreen, "v1"))
        #expect(check.map(Self.load) == [.connectivity(video: "v1")] && app.screens.isCheckingConnectivity)
        #expect(app.handle(.rowSelected(VimeoScreens.videosScreen, "v2")).isEmpty, "one check at a time")
        _ = app.finish(check.first, .connectivity(.offline))
        #expect(app.shell.notice == Notice.offline() && app.top?.id == "videos" && !app.screens.isCheckingConnectivity)
        app.shell.closeNotice()

        let online = app.handle(.rowSelected(VimeoScreens.videosScreen, "v1"))
        _ = app.finish(online.first, .connectivity(.online))
        #expect(app.top?.id == "details" && app.top?.title == "Night Drives" && app.screens.stack == ["albums", "videos", "details"])
        guard case .details(let details)? = app.top?.body else {
            Issue.record("no details")
            return
        }
        #expect(details.title == "Video 1" && details.subtitle == "Duration: 1:01" && details.image == URL(string: "http://h/p1.jpg"))
        #expect(details.actions == [ActionButton(.watch), ActionButton(.listen)])
        #expect(details.facts == ["Size: 1280 × 720", "File: HLS · adaptive"])
    }

    @Test("Listen: the video's HLS link, name, album and picture for the circle; the old Play does nothing")
    func listen() {
        var (app, _) = Harness.inAlbum()
        let check = app.handle(.rowSelected(VimeoScreens.videosScreen, "v3"))
        _ = app.finish(check.first, .connectivity(.online))
        let listen = app.handle(.action(VimeoScreens.detailsScreen, .listen))
        #expect(listen == [.effect(.listen(.init(playlist: URL(string: "http://h/v3.m3u8")!, title: "Video 3", artist: "Night Drives",
                                         artworkURL: URL(string: "http://h/p3.jpg"))))])
        #expect(app.handle(.action(VimeoScreens.detailsScreen, .play)).isEmpty)
        #expect(app.screens.stack == ["albums", "videos", "details"])
    }

    @Test("Listen turns into Pause while the video's sound is fetched or plays; Pause pauses, Listen resumes; another sound: Listen")
    func listenPause() throws {
        var (app, _) = Harness.inAlbum()
        let check = app.handle(.rowSelected(VimeoScreens.videosScreen, "v3"))
        _ = app.finish(check.first, .connectivity(.online))
        let listen = try #require(app.handle(.action(VimeoScreens.detailsScreen, .listen)).first)
        guard case .effect(.listen(let request)) = listen else { Issue.record("not listen"); return }
        func actions() -> [ScreenAction] {
            guard case .details(let details)? = app.top?.body else { return [] }
            return details.actions.map(\.action)
        }
        _ = app.playing(PlaybackStatus(active: .download(request), phase: .fetching))
        #expect(actions() == [.watch, .pause])
        _ = app.playing(PlaybackStatus(active: .download(request), phase: .playing))
        #expect(actions() == [.watch, .pause])
        #expect(app.handle(.action(VimeoScreens.detailsScreen, .pause)) == [.effect(.control(.pause))])
        _ = app.playing(PlaybackStatus(active: .download(request), phase: .paused))
        #expect(actions() == [.watch, .listen])
        #expect(app.handle(.action(VimeoScreens.detailsScreen, .listen)) == [.effect(.control(.play))], "resume, not fetch again")
        let other = DownloadRequest(playlist: URL(string: "http://h/other.m3u8")!)
        _ = app.playing(PlaybackStatus(active: .download(other), phase: .playing))
        #expect(actions() == [.watch, .listen])
        #expect(app.handle(.action(VimeoScreens.detailsScreen, .pause)).isEmpty, "Pause of a sound not loaded does nothing")
        _ = app.playing(PlaybackStatus(active: .download(request), phase: .uninitialized))
        #expect(actions() == [.watch, .listen], "played to its end")
    }

    @Test("Watch: connectivity checked once; online: the player screen over the details and the player on the HLS link; closed: the details as left")
    func watch() {
        var (app, _) = Harness.inAlbum()
        let check = app.handle(.rowSelected(VimeoScreens.videosScreen, "v3"))
        _ = app.finish(check.first, .connectivity(.online))
        let watch = app.handle(.action(VimeoScreens.detailsScreen, .watch))
        #expect(watch.map(Self.load) == [.connectivity(video: "v3")] && app.screens.isCheckingConnectivity)
        #expect(app.handle(.action(VimeoScreens.detailsScreen, .watch)).isEmpty, "one check at a time")
        let opened = app.finish(watch.first, .connectivity(.online))
        #expect(opened == [.effect(.watch(VideoRequest(source: .hls(URL(string: "http://h/v3.m3u8")!), title: "Video 3")))])
        #expect(app.top?.id == PlayerScreen.id && app.top?.title == "Video 3" && app.top?.tabs == nil)
        #expect(app.screens.stack == ["albums", "videos", "details", "player"] && app.shell.screens.count == 4)
        // The player closed: the host closes its screen and hands the model the back.
        for output in app.shell.close(PlayerScreen.id, at: app.t) { #expect(app.handle(output).isEmpty) }
        #expect(app.top?.id == "details" && app.screens.stack == ["albums", "videos", "details"])
        // Watch again, then Listen from the same details.
        let again = app.handle(.action(VimeoScreens.detailsScreen, .watch))
        #expect(!app.finish(again.first, .connectivity(.online)).isEmpty && app.top?.id == PlayerScreen.id)
    }

    @Test("Watch offline: the seed's placeholder alert (No internet connection) and no player; a late answer for gone details opens nothing")
    func watchOffline() {
        var (app, _) = Harness.inAlbum()
        let check = app.handle(.rowSelected(VimeoScreens.videosScreen, "v3"))
        _ = app.finish(check.first, .connectivity(.online))
        for outcome: VimeoScreens.Outcome in [.connectivity(.offline), .failed(LoadFailure(message: "down", offline: true))] {
            let watch = app.handle(.action(VimeoScreens.detailsScreen, .watch))
            #expect(app.finish(watch.first, outcome).isEmpty)
            #expect(app.shell.notice == Notice.offline() && app.top?.id == "details" && !app.screens.isCheckingConnectivity)
            app.shell.closeNotice()
        }
        let late = app.handle(.action(VimeoScreens.detailsScreen, .watch))
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: VimeoScreens.detailsScreen))
        #expect(app.finish(late.first, .connectivity(.online)).isEmpty)
        #expect(app.screens.stack == ["albums", "videos"] && app.top?.id == "videos")
    }

    @Test("Watch and Listen need an HLS file over http(s): a file: link has neither, and a stray listen or watch does nothing")
    func watchNeedsHLS() {
        let none = VimeoPresentation.details(Self.video(1, hls: false), overline: nil)
        #expect(none.actions.isEmpty)
        for link in ["file:///etc/passwd", "FILE:///etc/passwd", "smb://host/share/v.m3u8", "v.m3u8"] {
            var local = Self.video(2)
            local.files = [VimeoFile(quality: "hls", type: "video/mp4", link: link)]
            #expect(VimeoPresentation.actions(local).isEmpty && VimeoPresentation.playlistURL(local) == nil, "\(link)")
        }
        var web = Self.video(3)
        web.files = [VimeoFile(quality: "hls", type: "video/mp4", link: "HTTPS://h/v3.m3u8")]
        #expect(VimeoPresentation.actions(web) == [ActionButton(.watch), ActionButton(.listen)])
        #expect(VimeoPresentation.playlistURL(web) == URL(string: "HTTPS://h/v3.m3u8"))

        // On the details of a video whose HLS link is a local file: no buttons, and a stray Listen or Watch runs nothing.
        var app = Harness()
        let start = app.start()
        _ = app.finish(start.first, Self.albumsOutcome())
        let open = app.handle(.rowSelected(VimeoScreens.albumsScreen, "1001"))
        var local = Self.video(0)
        local.files = [VimeoFile(quality: "hls", type: "video/mp4", link: "file:///etc/passwd")]
        let page = VideoPage(list: .album("1001"), page: 1, total: 1, hasMore: false, videos: [local])
        _ = app.finish(open.first, .videos(Sourced(page, source: .network, fetchedAt: Self.now, freshness: .fresh)))
        let check = app.handle(.rowSelected(VimeoScreens.videosScreen, "v0"))
        _ = app.finish(check.first, .connectivity(.online))
        guard case .details(let details)? = app.top?.body else {
            Issue.record("no details")
            return
        }
        #expect(app.top?.id == VimeoScreens.detailsScreen && details.actions.isEmpty)
        #expect(app.handle(.action(VimeoScreens.detailsScreen, .listen)).isEmpty)
        #expect(app.handle(.action(VimeoScreens.detailsScreen, .watch)).isEmpty)
    }

    @Test("back: the screen's entry goes; its late results are dropped")
    func back() {
        var (app, open) = Harness.inAlbum()
        let second = app.handle(.nearEnd(VimeoScreens.videosScreen, rowCount: 25))
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: VimeoScreens.videosScreen))
        #expect(app.screens.stack == ["albums"])
        _ = app.finish(second.first, Self.page(.album("1001"), 2, of: 60))
        _ = app.finish(open, Self.page(.album("1001"), 1, of: 60))
        #expect(app.top?.id == "albums" && app.rows.count == 2)
        // A connectivity answer for a popped list opens nothing.
        var (other, _) = Harness.inAlbum()
        let check = other.handle(.rowSelected(VimeoScreens.videosScreen, "v1"))
        _ = other.shell.pop(at: other.t)
        _ = other.handle(.back(from: VimeoScreens.videosScreen))
        _ = other.finish(check.first, .connectivity(.online))
        #expect(other.top?.id == "albums" && other.screens.stack == ["albums"])
    }

    @Test("an album without videos: one row saying so, not selectable")
    func emptyAlbum() {
        var app = Harness()
        let start = app.start()
        _ = app.finish(start.first, Self.albumsOutcome())
        let open = app.handle(.rowSelected(VimeoScreens.albumsScreen, "1005"))
        _ = app.finish(open.first, .videos(Sourced(VideoPage(list: .album("1005"), page: 1, total: 0, hasMore: false, videos: []),
                                                   source: .network, fetchedAt: Self.now, freshness: .fresh)))
        #expect(app.rows.map(\.title) == ["No videos in this album"])
        #expect(app.handle(.rowSelected(VimeoScreens.videosScreen, VimeoScreens.emptyRow)).isEmpty)
    }

    @Test("search: the tab, a query submitted, page 1 at the next tick, results paged, details")
    func search() {
        var app = Harness()
        let start = app.start()
        _ = app.finish(start.first, Self.albumsOutcome())
        #expect(app.handle(.tabSelected(VimeoScreens.albumsScreen, VimeoScreens.searchTab)).isEmpty)
        #expect(app.top?.id == "search" && app.top?.tabs?.selected == "search" && app.screens.stack == ["search"])
        guard case .search? = app.top?.body else {
            Issue.record("not a search screen")
            return
        }
        #expect(app.handle(.searchSubmitted(VimeoScreens.searchScreen, "   ")).isEmpty)
        #expect(app.handle(.searchSubmitted(VimeoScreens.searchScreen, " night ")).isEmpty)
        #expect(app.top?.list?.hasMore == true && app.rows.isEmpty)
        let first = app.tick()
        #expect(first.map(Self.load) == [.videos(.search("night"), page: 1, force: false)] && Self.purpose(first.first) == .first)
        #expect(app.top?.list?.footer == .loading)
        _ = app.finish(first.first, Self.page(.search("night"), 1, of: 30))
        #expect(app.rows.count == 25 && app.rows.first?.overline == "SEARCH" && app.top?.list?.hasMore == true)
        let second = app.handle(.nearEnd(VimeoScreens.searchScreen, rowCount: 25))
        #expect(second.map(Self.load) == [.videos(.search("night"), page: 2, force: false)])
        _ = app.finish(second.first, Self.page(.search("night"), 2, of: 30))
        #expect(app.rows.count == 30 && app.top?.list?.hasMore == false)
        let check = app.handle(.rowSelected(VimeoScreens.searchScreen, "v29"))
        _ = app.finish(check.first, .connectivity(.online))
        #expect(app.top?.id == "details" && app.top?.title == "Search")
    }

    @Test("search: nothing found says so; a failed first page shows in the loading row and retries")
    func searchEmptyAndFailed() {
        var app = Harness()
        _ = app.start()
        _ = app.handle(.tabSelected(VimeoScreens.albumsScreen, VimeoScreens.searchTab))
        _ = app.handle(.searchSubmitted(VimeoScreens.searchScreen, "zzz"))
        let first = app.tick()
        _ = app.finish(first.first, .failed(.init(message: "Vimeo: offline, and page 1 of search \"zzz\" was never stored")))
        #expect(app.top?.load == .loaded && app.top?.list?.footer == .failed(message: "Vimeo: offline, and page 1 of search \"zzz\" was never stored"))
        let retry = app.handle(.nearEnd(VimeoScreens.searchScreen, rowCount: 0))
        #expect(retry.map(Self.load) == [.videos(.search("zzz"), page: 1, force: false)])
        _ = app.finish(retry.first, Self.page(.search("zzz"), 1, of: 0))
        #expect(app.rows.map(\.title) == ["No videos match “zzz”"])
        // A new search drops the answers to the old one.
        _ = app.handle(.searchSubmitted(VimeoScreens.searchScreen, "night"))
        let night = app.tick()
        _ = app.finish(retry.first, Self.page(.search("zzz"), 1, of: 0))
        #expect(app.rows.isEmpty)
        _ = app.finish(night.first, Self.page(.search("night"), 1, of: 3))
        #expect(app.rows.count == 3)
    }

    @Test("tabs: the albums root comes back as it was (no reload); its answers arrive while away")
    func tabsKeepRoots() {
        var app = Harness()
        let start = app.start()
        _ = app.handle(.tabSelected(VimeoScreens.albumsScreen, VimeoScreens.searchTab))
        _ = app.handle(.searchSubmitted(VimeoScreens.searchScreen, "piano"))
        // The albums arrive while the search tab shows.
        _ = app.finish(start.first, Self.albumsOutcome())
        #expect(app.top?.id == "search")
        #expect(app.handle(.tabSelected(VimeoScreens.searchScreen, VimeoScreens.albumsTab)).isEmpty, "no reload")
        #expect(app.top?.id == "albums" && app.top?.load == .loaded && app.rows.count == 2 && app.top?.tabs?.selected == "albums")
        _ = app.handle(.tabSelected(VimeoScreens.albumsScreen, VimeoScreens.searchTab))
        #expect(app.top?.id == "search" && app.top?.list?.hasMore == true, "the search as it was left")
        #expect(app.handle(.tabSelected(VimeoScreens.searchScreen, VimeoScreens.searchTab)).isEmpty)
        #expect(app.top?.id == "search")
    }

    @Test("outputs the app does not act on change nothing")
    func ignored() {
        var (app, _) = Harness.inAlbum()
        for output: ShellOutput in [.circleTapped, .quit, .noticeAction(.dismiss), .searchChanged(VimeoScreens.videosScreen, "x"),
                                    .action(VimeoScreens.videosScreen, .play), .retryRequested("nothing"), .refreshRequested("nothing")] {
            #expect(app.handle(output).isEmpty, "\(output)")
        }
        #expect(app.screens.stack == ["albums", "videos"] && app.rows.count == 25)
    }
}

extension ScreenModelHarness where Model == VimeoScreens {
    /// A new Vimeo app.
    init() { self.init(VimeoScreens()) }

    /// The album `albums` loaded on the albums screen, then album 1001 opened with page 1 in.
    static func inAlbum() -> (Self, VimeoScreens.Command?) {
        var app = Self()
        let start = app.start()
        _ = app.finish(start.first, ScreensTests.albumsOutcome())
        let open = app.handle(.rowSelected(VimeoScreens.albumsScreen, "1001"))
        _ = app.finish(open.first, ScreensTests.page(.album("1001"), 1, of: 60))
        return (app, open.first)
    }
}
