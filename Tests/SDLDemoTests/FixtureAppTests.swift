import Foundation
import ScreenKit
import StreamServer
import Testing

/// `SDLDemo --app fixture` against a catalogue on a local StreamServer: paging, refresh, failure and Retry,
/// images and their failures, details, notices, back, and the circle over the list.
@Suite("Fixture app: lists, paging and images end to end")
struct FixtureAppTests {
    func run(_ script: String, server: StreamServer, timeout: TimeInterval = 90) async throws -> DemoRun {
        try await DemoRun.script(script, arguments: ["--app", "fixture", "--fixture", server.url(for: "/videos-1.json").absoluteString],
                           timeout: timeout)
    }

    @Test("an album of 60 videos scrolled to the end: requests for pages 1, 2 and 3 and no more")
    func album() async throws {
        let server = try await FixtureCatalog.serve()
        let run = try await run("""
            0 size 800 600
            0 wait-screen videos 20000
            0 wait-load loaded 20000
            0 wait-still 20000
            100 wheel 0 -25 400 300
            100 wait-still 20000
            200 wheel 0 -25
            200 wait-still 20000
            300 wheel 0 -25
            300 wait-still 20000
            400 wait-rows 60 20000
            400 wheel 0 -25
            400 wait-still 20000
            500 wait-row v59 1000
            600 screenshot end.png
            700 quit
            """, server: server)
        let pages = server.statistics.requests.map(\.path).filter { $0.hasPrefix("/videos-") }
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(pages == ["/videos-1.json", "/videos-2.json", "/videos-3.json"], "\(pages)")
        let frames = try run.frames()
        let nearEnd = frames.allOutputs.filter { $0.hasPrefix("nearEnd:") }
        #expect(nearEnd == ["nearEnd:videos:25", "nearEnd:videos:50"], "\(nearEnd)")
        let last = try #require(frames.last)
        #expect(last.screen == "videos" && last.rowCount == 60 && last.footer == nil)
        #expect(last.rows?.last == TraceFrame.Row(id: "v59", title: "Video 59"))
        // The loading row was shown while a page loaded.
        #expect(frames.contains { $0.footer == "loading" })
        // The last row sits at the bottom of the window: the list is at its end (4,320 − 552 pt).
        #expect(abs((last.scroll ?? 0) - 3768) < 0.01, "scroll \(last.scroll ?? -1)")
    }

    @Test("thumbnails: JPEG and PNG drawn, a 404 and a non-image shown as failed placeholders and fetched once")
    func thumbnails() async throws {
        let server = try await FixtureCatalog.serve()
        let run = try await run("""
            0 size 800 600
            0 wait-load loaded 20000
            0 wait-still 20000
            0 screenshot thumbnails.png
            2000 screenshot later.png
            2100 quit
            """, server: server)
        let missing = FixtureCatalog.count("/missing.jpg", on: server)
        let broken = FixtureCatalog.count("/broken.jpg", on: server)
        let red = FixtureCatalog.count("/red.jpg", on: server)
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        // Two seconds of frames with the failures on screen: each fetched once, never again.
        #expect(missing == 1 && broken == 1, "missing.jpg \(missing)×, broken.jpg \(broken)×")
        #expect(red == 1, "red.jpg fetched \(red)× (cached after the first)")
        let image = try LoadedImage(contentsOf: run.file("later.png"))
        func thumbnail(_ row: Int) -> (r: Int, g: Int, b: Int, a: Int) {
            let p = ListGeometry.thumbnailCentre(row)
            return image.rgba(p.x, p.y)
        }
        // Row 0: red.jpg (#D04030), row 3: blue.png (#3060C0) — JPEG within a small tolerance, PNG exact.
        #expect(image.pixel(ListGeometry.thumbnailCentre(0).x, ListGeometry.thumbnailCentre(0).y, is: (0xD0, 0x40, 0x30), tolerance: 10), "\(thumbnail(0))")
        #expect(image.pixel(ListGeometry.thumbnailCentre(3).x, ListGeometry.thumbnailCentre(3).y, is: (0x30, 0x60, 0xC0), tolerance: 2), "\(thumbnail(3))")
        // Rows 4 and 5: the failed placeholder.
        for row in [4, 5] {
            let p = ListGeometry.thumbnailSample(row)
            #expect(image.pixel(p.x, p.y, is: (0xE6, 0xCC, 0xCF), tolerance: 3), "row \(row): \(image.rgba(p.x, p.y))")
        }
        // The LIVE badge on row 3: badge red at the right end of the row.
        let badge = (x: 800 - 12 - 10, y: 48 + 3 * 72 + 36 - 7)
        #expect(image.pixel(badge.x, badge.y, is: (0xD6, 0x28, 0x28), tolerance: 10), "\(image.rgba(badge.x, badge.y))")
    }

    @Test("pull to refresh at the top: refreshing, page 1 requested again, loaded")
    func pullToRefresh() async throws {
        let server = try await FixtureCatalog.serve()
        // Page 1 takes 0.6 s, so the refreshing state lasts long enough to be drawn.
        server.setFaults([FaultRule(path: "/videos-1.json", fault: .delay(seconds: 0.6))])
        let run = try await run("""
            0 size 800 600
            0 wait-load loaded 20000
            0 wait-still 20000
            100 down 200 120
            150 move 200 180
            200 move 200 260
            300 move 200 380
            400 move 200 420
            500 up 200 420
            520 wait-load refreshing 1000
            520 screenshot refreshing.png
            520 wait-load loaded 20000
            520 wait-still 20000
            600 quit
            """, server: server)
        let first = FixtureCatalog.count("/videos-1.json", on: server)
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(first == 2, "page 1 fetched \(first)×")
        let frames = try run.frames()
        #expect(frames.allOutputs.contains("refresh:videos"))
        #expect(!frames.allOutputs.contains { $0.hasPrefix("rowSelected") })
        let loads = frames.compactMap(\.load).reduce(into: [String]()) { if $1 != $0.last { $0.append($1) } }
        #expect(loads == ["loading", "loaded", "refreshing", "loaded"], "\(loads)")
        #expect(try #require(frames.last).scroll == 0)
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

    @Test("a page that fails shows the message and Retry; Retry loads it")
    func failureAndRetry() async throws {
        let server = try await FixtureCatalog.serve()
        server.setFaults([FaultRule(path: "/videos-1.json", fault: .status(code: 500, times: 1))])
        let run = try await run("""
            0 size 800 600
            0 wait-load failed 20000
            0 wait-still 20000
            0 screenshot failed.png
            100 tap 440 380
            100 wait-load loaded 20000
            200 quit
            """, server: server)
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let failed = try #require(frames.first { $0.load == "failed" })
        #expect(failed.loadMessage?.contains("HTTP 500") == true, "\(failed.loadMessage ?? "")")
        #expect(frames.allOutputs.contains("retry:rows"))
        #expect(try #require(frames.last).screen == "videos")
        // Pixels: the Retry button (accent teal) left of its label, the message's text above it.
        let image = try LoadedImage(contentsOf: run.file("failed.png"))
        #expect(image.pixel(350, 368, is: (0x2A, 0x9D, 0x8F), tolerance: 3), "\(image.rgba(350, 368))")
        var dark = 0
        for x in stride(from: 140, to: 660, by: 2) {
            for y in 200..<300 where image.pixel(x, y, is: (0x1B, 0x22, 0x33), tolerance: 60) && !(x > 340 && x < 460 && y > 240) { dark += 1 }
        }
        #expect(dark > 20, "no message text above the button (\(dark) dark pixels)")
    }

    @Test("details with Play, a notice, back with Backspace; the circle over the list taps the player, not the row")
    func detailsNoticeBack() async throws {
        let server = try await FixtureCatalog.serve()
        let details = DetailsLayout(DetailsScreen(image: URL(string: "http://x/red.jpg"), overline: "NIGHT DRIVES", title: "Video 1",
                                                  subtitle: "2 min", facts: ["29 min", "First broadcast: 9pm 1 Jul 2018"],
                                                  paragraph: "p", actions: [ActionButton(.play), ActionButton(.watch)]),
                                    in: Rect(x: 0, y: 48, width: 800, height: 552))
        let play = details.buttons[0].center
        let run = try await run("""
            0 size 800 600
            0 wait-load loaded 20000
            0 wait-still 20000
            100 tap 200 \(ListGeometry.row(2).y)
            100 wait-notice 2000
            100 screenshot notice.png
            200 key escape
            300 tap 200 \(ListGeometry.row(1).y)
            300 wait-screen details 2000
            300 wait-still 20000
            300 screenshot details.png
            400 tap \(play.x) \(play.y)
            500 key backspace
            500 wait-screen videos 2000
            600 tap 400 300
            600 wait-state fetching 5000
            700 key escape
            """, server: server)
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.allOutputs == ["rowSelected:videos:v2", "notice:dismiss", "rowSelected:videos:v1", "action:details:play",
                                      "back:details", "circleTapped", "quit"], "\(frames.allOutputs)")
        #expect(frames.screenRuns == ["rows", "videos", "details", "videos"], "\(frames.screenRuns)")
        #expect(frames.contains { $0.notice == "No internet connection" })
        // The notice: a white card over a dimmed list; the details: the image (red.jpg) and the Play button.
        let notice = try LoadedImage(contentsOf: run.file("notice.png"))
        #expect(notice.pixel(200, 215, is: (0xFF, 0xFF, 0xFF), tolerance: 2), "\(notice.rgba(200, 215))")
        #expect(notice.rgba(20, 580).r < 0xEC - 40, "not dimmed: \(notice.rgba(20, 580))")
        let page = try LoadedImage(contentsOf: run.file("details.png"))
        let image = try #require(details.image)
        #expect(page.pixel(Int(image.x) + 10, Int(image.y) + 10, is: (0xD0, 0x40, 0x30), tolerance: 10), "\(page.rgba(Int(image.x) + 10, Int(image.y) + 10))")
        #expect(page.pixel(Int(details.buttons[1].x) + 6, Int(details.buttons[1].center.y), is: (0x2A, 0x9D, 0x8F), tolerance: 3))
    }
}
