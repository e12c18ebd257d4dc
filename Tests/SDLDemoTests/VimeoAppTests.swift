import DragPhysics
import Foundation
import Samples
import ScreenKit
import StreamServer
import Testing
import TestSupport

/// The Vimeo sample library (Sources/Samples/VimeoSample) on a StreamServer the test owns, so it
/// can count requests and inject faults; the embedded HLS stream behind it.
enum VimeoSampleRoutes {
    static let directory = PackagePaths.root.appendingPathComponent("Sources/Samples/VimeoSample")
    static let stream = PackagePaths.root.appendingPathComponent("Sources/Samples/DefaultStream")
    static let token = "sample-token"

    /// The sample's routes with its videos, each looped to its listed length (Samples' `LoopedMedia`, as
    /// `SampleServer` serves them).
    static func table() throws -> RouteTable {
        var routes = try RouteTable.load(contentsOf: directory.appendingPathComponent("routes.json"))
        routes.routes += try LoopedMedia.videoRoutes(lengths: try LoopedMedia.lengths(in: directory.appendingPathComponent("video-lengths.json")),
                                                     ladder: PackagePaths.videoSample.appendingPathComponent("hls"))
        return routes
    }

    /// Starts the sample's server.
    static func serve() async throws -> StreamServer {
        try await StreamServer.start(routes: try table(), fallback: .directory(stream.path))
    }

    /// `--app vimeo --base-url … --token …` for `server`, and a store.
    static func arguments(_ server: StreamServer, store: String? = nil) -> [String] {
        ["--app", "vimeo", "--base-url", server.baseURL.absoluteString, "--token", token] + (store.map { ["--store", $0] } ?? [])
    }

    /// `path?query` of every request so far whose path starts with `prefix`.
    static func requests(_ prefix: String, on server: StreamServer) -> [String] {
        server.statistics.requests.filter { $0.path.hasPrefix(prefix) }.map { record in
            record.query.map { "\(record.path)?\($0)" } ?? record.path
        }
    }
}

/// `SDLDemo --app vimeo` against the sample library on a local StreamServer: the album of 60 videos scrolled
/// to the end (pages 1, 2, 3 and no more), thumbnails by pixels, pull to refresh, the offline notice, details.
@Suite("Vimeo app: albums, infinite scrolling, refresh, offline notice end to end")
struct VimeoAppTests {
    /// Opens the first album (Night Drives, 60 videos) from the albums screen.
    static let openAlbum = """
        0 size 800 600
        0 wait-screen albums 20000
        0 wait-load loaded 20000
        0 wait-still 20000
        100 tap 400 \(ListGeometry.row(0).y)
        100 wait-screen videos 20000
        100 wait-load loaded 20000
        100 wait-still 20000
        """

    /// The buttons of a video's details, Watch then Listen (the sample's videos have a picture; the title block is
    /// shorter than the picture, so the buttons sit under it).
    static let buttons = DetailsLayout(DetailsScreen(image: URL(string: "http://x/p.jpg"), overline: "NIGHT DRIVES", title: "Night Drives 2",
                                                     subtitle: "Duration: 1:37", facts: ["a", "b", "c", "d"],
                                                     actions: [ActionButton(.watch), ActionButton(.listen)]),
                                       in: Rect(x: 0, y: 48, width: 800, height: 552)).buttons
    /// Watch: the video player.
    static let watch = buttons[0].center
    /// Listen: the sound in the circle.
    static let listen = buttons[1].center

    @Test("an album of 60 videos scrolled to the end: pages 1, 2 and 3 requested and no more; thumbnails drawn")
    func album() async throws {
        let server = try await VimeoSampleRoutes.serve()
        let run = try await DemoRun.script("""
            0 size 800 600
            0 wait-screen albums 20000
            0 wait-load loaded 20000
            0 wait-still 20000
            0 screenshot albums.png
            \(Self.openAlbum.split(separator: "\n").dropFirst(4).joined(separator: "\n"))
            200 wheel 0 -25 400 300
            200 wait-still 20000
            300 wheel 0 -25
            300 wait-still 20000
            400 wheel 0 -25
            400 wait-still 20000
            500 wait-rows 60 20000
            500 wheel 0 -25
            500 wait-still 20000
            600 wait-row 1201059 1000
            700 quit
            """, arguments: VimeoSampleRoutes.arguments(server))
        let pages = VimeoSampleRoutes.requests("/me/albums/1001", on: server)
        let albums = VimeoSampleRoutes.requests("/me/albums", on: server).filter { !$0.hasPrefix("/me/albums/") }
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(albums == ["/me/albums?page=1", "/me/albums?page=2", "/me/albums?page=3"], "\(albums)")
        #expect(pages == (1...3).map { "/me/albums/1001/videos?page=\($0)&per_page=25" }, "\(pages)")
        let frames = try run.frames()
        let nearEnd = frames.allOutputs.filter { $0.hasPrefix("nearEnd:") }
        #expect(nearEnd == ["nearEnd:videos:25", "nearEnd:videos:50"], "\(nearEnd)")
        let last = try #require(frames.last)
        #expect(last.screen == "videos" && last.rowCount == 60 && last.footer == nil)
        #expect(last.rows?.last == TraceFrame.Row(id: "1201059", title: "Night Drives 60: Dawn"))
        #expect(frames.contains { $0.footer == "loading" }, "the loading row was shown while a page loaded")
        // The albums' thumbnails: Night Drives red (#D04030), Jazz Ensemble blue (#3060C0), Campus View green
        // (#40A060), all JPEG (a small tolerance).
        let image = try LoadedImage(contentsOf: run.file("albums.png"))
        for (row, colour) in [(0, (0xD0, 0x40, 0x30)), (1, (0x30, 0x60, 0xC0)), (2, (0x40, 0xA0, 0x60))] {
            let p = ListGeometry.thumbnailCentre(row)
            #expect(image.pixel(p.x, p.y, is: colour, tolerance: 10), "row \(row): \(image.rgba(p.x, p.y))")
        }
    }

    @Test("pull to refresh on the album: refreshing, page 1 requested again (forced), loaded")
    func pullToRefresh() async throws {
        let server = try await VimeoSampleRoutes.serve()
        // Page 1 takes 0.6 s, so the refreshing state lasts long enough to be drawn.
        server.setFaults([FaultRule(path: "/me/albums/1001/videos", fault: .delay(seconds: 0.6))])
        let run = try await DemoRun.script("""
            \(Self.openAlbum)
            200 down 200 120
            250 move 200 180
            300 move 200 260
            400 move 200 380
            500 move 200 420
            600 up 200 420
            620 wait-load refreshing 1000
            620 screenshot refreshing.png
            620 wait-load loaded 20000
            620 wait-still 20000
            700 quit
            """, arguments: VimeoSampleRoutes.arguments(server))
        let pages = VimeoSampleRoutes.requests("/me/albums/1001", on: server)
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(pages == Array(repeating: "/me/albums/1001/videos?page=1&per_page=25", count: 2), "\(pages)")
        let frames = try run.frames()
        #expect(frames.allOutputs.contains("refresh:videos"))
        #expect(!frames.allOutputs.contains { $0.hasPrefix("rowSelected:videos") })
        let loads = frames.filter { $0.screen == "videos" }.compactMap(\.load)
            .reduce(into: [String]()) { if $1 != $0.last { $0.append($1) } }
        #expect(loads == ["loading", "loaded", "refreshing", "loaded"], "\(loads)")
        #expect(try #require(frames.last).rowCount == 25)
        // The spinner turns in the room kept open above the first row (radius 11 around (400, 76)).
        let image = try LoadedImage(contentsOf: run.file("refreshing.png"))
        var onRing = 0
        for i in 0..<36 {
            let angle = Double(i) / 36 * 2 * Double.pi
            let x = 400 + Int((11 * cos(angle)).rounded()), y = 76 + Int((11 * sin(angle)).rounded())
            if image.pixel(x, y, is: (0x2E, 0x3A, 0x59), tolerance: 40) { onRing += 1 }
        }
        #expect(onRing >= 18 && onRing <= 32, "\(onRing) of 36 ring samples dark")
    }

    @Test("online: a video opens its details (picture, files, Watch and Listen); offline, from the store: the notice instead")
    func offlineNotice() async throws {
        let server = try await VimeoSampleRoutes.serve()
        let directory = TestScratch.root.appendingPathComponent("VimeoAppTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("vimeo.sqlite").path
        // Online: the album and a video's details; the store keeps what was fetched.
        let online = try await DemoRun.script("""
            \(Self.openAlbum)
            200 tap 400 \(ListGeometry.row(1).y)
            200 wait-screen details 5000
            200 wait-still 20000
            200 screenshot details.png
            300 tap \(Self.listen.x) \(Self.listen.y)
            400 quit
            """, arguments: VimeoSampleRoutes.arguments(server, store: store))
        defer { online.remove() }
        #expect(online.status == 0, "\(online.diagnostics)")
        let requestsOnline = VimeoSampleRoutes.requests("/me", on: server).count
        // Offline (within 2 h, so fresh): albums and the album's page 1 from the store, no API request; selecting a video shows the notice.
        let offline = try await DemoRun.script("""
            \(Self.openAlbum)
            200 tap 400 \(ListGeometry.row(1).y)
            200 wait-notice 5000
            200 wait-still 20000
            200 screenshot notice.png
            300 key escape
            400 key backspace
            400 wait-screen albums 2000
            500 quit
            """, arguments: VimeoSampleRoutes.arguments(server, store: store) + ["--offline"])
        let requestsAfter = VimeoSampleRoutes.requests("/me", on: server).count
        try await server.shutdown()
        defer { offline.remove() }
        #expect(offline.status == 0, "\(offline.diagnostics)")
        #expect(requestsAfter == requestsOnline, "offline made \(requestsAfter - requestsOnline) API requests")

        let onlineFrames = try online.frames()
        #expect(onlineFrames.screenRuns == ["albums", "videos", "details"], "\(onlineFrames.screenRuns)")
        #expect(onlineFrames.allOutputs.filter { !$0.hasPrefix("nearEnd") } == ["rowSelected:albums:1001", "rowSelected:videos:1201001", "action:details:listen"],
                "\(onlineFrames.allOutputs)")
        #expect(!onlineFrames.contains { $0.notice != nil })
        let details = try LoadedImage(contentsOf: online.file("details.png"))
        // Row 1 is "Night Drives 2" with the green picture (#40A060), drawn at the top left of the details.
        #expect(details.pixel(60, 100, is: (0x40, 0xA0, 0x60), tolerance: 10), "\(details.rgba(60, 100))")

        let frames = try offline.frames()
        #expect(frames.contains { $0.notice == "No internet connection" })
        #expect(frames.screenRuns == ["albums", "videos", "albums"], "\(frames.screenRuns)")
        // The notice: a white card over a dimmed list.
        let notice = try LoadedImage(contentsOf: offline.file("notice.png"))
        #expect(notice.pixel(200, 215, is: (0xFF, 0xFF, 0xFF), tolerance: 2), "\(notice.rgba(200, 215))")
        #expect(notice.rgba(20, 580).r < 0xEC - 40, "not dimmed: \(notice.rgba(20, 580))")
    }

    @Test("search: typed text, submitted, page 1 of the search requested and shown")
    func search() async throws {
        let server = try await VimeoSampleRoutes.serve()
        let run = try await DemoRun.script("""
            0 size 800 600
            0 wait-screen albums 20000
            0 wait-load loaded 20000
            100 tap 600 572
            100 wait-screen search 2000
            200 tap 400 76
            300 type night
            400 key enter
            400 wait-rows 25 20000
            400 wait-still 20000
            500 quit
            """, arguments: VimeoSampleRoutes.arguments(server))
        let searches = VimeoSampleRoutes.requests("/me/videos", on: server)
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(searches == ["/me/videos?query=night&page=1&per_page=25"], "\(searches)")
        let last = try #require(try run.frames().last)
        #expect(last.screen == "search" && last.tab == "search" && last.rowCount == 25)
    }

    @Test("thumbnails: a 404 and a non-image shown as failed placeholders, each fetched once; the good ones cached")
    func failedThumbnails() async throws {
        let server = try await VimeoSampleRoutes.serve()
        var routes = try RouteTable.load(contentsOf: VimeoSampleRoutes.directory.appendingPathComponent("routes.json"))
        routes.routes = [Route(path: "/pictures/blue_200.jpg", response: RouteResponse(status: 404, string: "missing")),
                         Route(path: "/pictures/green_200.jpg", response: RouteResponse(string: "<html>not an image</html>", contentType: "image/jpeg"))]
            + routes.routes
        server.setRoutes(routes)
        let run = try await DemoRun.script("""
            0 size 800 600
            0 wait-load loaded 20000
            0 wait-still 20000
            0 screenshot thumbnails.png
            2000 screenshot later.png
            2100 quit
            """, arguments: VimeoSampleRoutes.arguments(server))
        let missing = VimeoSampleRoutes.requests("/pictures/blue_200.jpg", on: server).count
        let broken = VimeoSampleRoutes.requests("/pictures/green_200.jpg", on: server).count
        let red = VimeoSampleRoutes.requests("/pictures/red_200.jpg", on: server).count
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // Two seconds of frames with the failures on screen: each fetched once, never again.
        #expect(missing == 1 && broken == 1, "blue_200.jpg \(missing)×, green_200.jpg \(broken)×")
        #expect(red == 1, "red_200.jpg fetched \(red)× (cached after the first)")
        let image = try LoadedImage(contentsOf: run.file("later.png"))
        let first = ListGeometry.thumbnailCentre(0)
        #expect(image.pixel(first.x, first.y, is: (0xD0, 0x40, 0x30), tolerance: 10), "\(image.rgba(first.x, first.y))")
        for row in [1, 2] {
            let p = ListGeometry.thumbnailSample(row)
            #expect(image.pixel(p.x, p.y, is: (0xE6, 0xCC, 0xCF), tolerance: 3), "row \(row): \(image.rgba(p.x, p.y))")
        }
    }

    @Test("the albums failing shows the message and Retry; Retry loads them")
    func failureAndRetry() async throws {
        let server = try await VimeoSampleRoutes.serve()
        server.setFaults([FaultRule(path: "/me/albums", fault: .status(code: 500, times: 1))])
        // The albums screen has tabs: its content ends at the tab bar. Retry is tapped right of the circle.
        let layout = ShellLayout(size: Size(width: 800, height: 600))
        let content = layout.content(hasTabs: true)
        let retry = layout.retryButton(in: content), message = layout.failureMessage(in: content)
        let run = try await DemoRun.script("""
            0 size 800 600
            0 wait-load failed 20000
            0 wait-still 20000
            0 screenshot failed.png
            100 tap \(retry.maxX - 8) \(retry.maxY - 8)
            100 wait-load loaded 20000
            200 quit
            """, arguments: VimeoSampleRoutes.arguments(server))
        let albums = VimeoSampleRoutes.requests("/me/albums", on: server)
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(albums == ["/me/albums?page=1", "/me/albums?page=1", "/me/albums?page=2", "/me/albums?page=3"], "\(albums)")
        let frames = try run.frames()
        let failed = try #require(frames.first { $0.load == "failed" })
        let failure = failed.loadMessage ?? ""
        #expect(failure.hasPrefix("Vimeo: server error: HTTP 500"), "\(failure)")
        #expect(frames.allOutputs.contains("retry:albums"))
        #expect(try #require(frames.last).rowCount == 7)
        // Pixels: the Retry button (accent teal) left of its label, the message's text above it.
        let image = try LoadedImage(contentsOf: run.file("failed.png"))
        let button = (x: Int(retry.x) + 10, y: Int(retry.center.y))
        #expect(image.pixel(button.x, button.y, is: (0x2A, 0x9D, 0x8F), tolerance: 3), "\(image.rgba(button.x, button.y))")
        var dark = 0
        for x in stride(from: Int(message.x), to: Int(message.maxX), by: 2) {
            for y in Int(message.y)..<Int(message.maxY) where image.pixel(x, y, is: (0x1B, 0x22, 0x33), tolerance: 60)
                && hypot(Double(x) - 400, Double(y) - 300) > 64 { dark += 1 }
        }
        #expect(dark > 20, "no message text above the button (\(dark) dark pixels)")
    }

    @Test("the circle is hidden until something plays; then it floats over the list, at its home at the bottom right, and takes the taps there")
    func circleOverTheList() async throws {
        let server = try await VimeoSampleRoutes.serve()
        let run = try await DemoRun.script("""
            \(Self.openAlbum)
            150 play-download \(server.url(for: "/hls_index.m3u8").absoluteString)
            150 wait-state playing 30000
            200 tap \(ListGeometry.circleHome.x) \(ListGeometry.circleHome.y)
            200 wait-state paused 5000
            300 key escape
            400 key escape
            """, arguments: VimeoSampleRoutes.arguments(server))
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.allOutputs == ["rowSelected:albums:1001", "circleTapped", "back:videos", "quit"], "\(frames.allOutputs)")
        #expect(frames.screenRuns == ["albums", "videos", "albums"], "\(frames.screenRuns)")
    }
}
