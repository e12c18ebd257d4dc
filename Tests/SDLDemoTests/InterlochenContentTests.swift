import Foundation
import ScreenKit
import StreamServer
import Testing
import TestSupport

/// `SDLDemo --app interlochen` end to end for issue 19's content items: the loading animation while
/// content-meta.json is held, Performances' categories as header rows, the sample's HDRelay stream (LIVE,
/// details, Watch) and Share (the link on SDL's clipboard, the notice).
@Suite("Interlochen content end to end")
struct InterlochenContentTests {
    /// The HDRelay stream's details as the sample gives them, for their buttons' places (Watch, Share).
    static let relayDetails = DetailsLayout(DetailsScreen(
        image: URL(string: "http://x/p.jpg"), overline: "LIVE", title: "Chapel concert (HDRelay)", subtitle: "Live now",
        facts: ["Streaming now"], paragraph: "The chapel concert, relayed live in HD.",
        actions: [ActionButton(.watch), ActionButton(.share)]), in: Rect(x: 0, y: 48, width: 800, height: 552))

    @Test("the first load: while content-meta.json is held the loading screen's indicator turns (trace and pixels); released, Featured shows")
    func loadingAnimation() async throws {
        let rig = try await InterlochenSampleRig.serve()
        rig.server.setFaults([FaultRule(path: "/data/content-meta.json", fault: .holdUntilReleased)])
        let demo = try await DemoProcess.start(script: """
            0 size 800 600
            0 wait-screen featured 20000
            0 wait-load loading 20000
            0 screenshot loading-a.png
            300 screenshot loading-b.png
            300 wait-load loaded 30000
            300 wait-still 20000
            400 quit
            """, arguments: rig.arguments + ["--timeout", TestBounds.clientTimeoutArgument])
        // The request is held until both pictures are taken: the load cannot end before them, whatever the timing.
        let second = demo.directory.appendingPathComponent("loading-b.png")
        let held = await waitUntil { rig.server.statistics.heldRequests >= 1 }
        let shot = await waitUntil { FileManager.default.fileExists(atPath: second.path) }
        rig.server.setFaults([])
        _ = rig.server.releaseHeld(matching: "/data/content-meta.json")
        let run = await demo.finish()
        try await rig.stop()
        defer { run.remove() }
        #expect(held && shot)
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let loads = frames.filter { $0.screen == "featured" }.compactMap(\.load).reduce(into: [String]()) { if $1 != $0.last { $0.append($1) } }
        #expect(loads == ["loading", "loaded"], "\(loads)")
        let loading = frames.filter { $0.load == "loading" }
        #expect(loading.allSatisfy { $0.spinner != nil }, "every loading frame says where its indicator is")
        #expect(Set(loading.compactMap(\.spinner)).count >= 3, "the indicator turns: \(loading.compactMap(\.spinner).prefix(12))")
        #expect(frames.filter { $0.load == "loaded" }.allSatisfy { $0.spinner == nil })
        #expect(try #require(frames.last).rowCount == 14, "Featured: album 1002, the story, the cast")
        // Pixels: both pictures show the indicator (the title bar's navy) in the middle, in different places.
        let a = try LoadedImage(contentsOf: run.file("loading-a.png"))
        let b = try LoadedImage(contentsOf: run.file("loading-b.png"))
        var navyA = 0, navyB = 0, differ = 0
        for x in 360..<440 {
            for y in 240..<360 {
                let inA = a.pixel(x, y, is: (0x2E, 0x3A, 0x59), tolerance: 40), inB = b.pixel(x, y, is: (0x2E, 0x3A, 0x59), tolerance: 40)
                if inA { navyA += 1 }
                if inB { navyB += 1 }
                if inA != inB { differ += 1 }
            }
        }
        #expect(navyA > 40 && navyB > 40, "no indicator drawn: \(navyA), \(navyB)")
        #expect(differ > 20, "the indicator did not move between the pictures (\(differ) pixels differ)")
    }

    @Test("Performances: categories as header rows (drawn as bands, not selectable); the HDRelay stream LIVE; Share copies its link; Watch opens the player on it, live")
    func headersRelayShare() async throws {
        // The embedded sample: its HDRelay stream is the live video window (/live-video), which only it serves.
        let share = Self.relayDetails.buttons[1].center, watch = Self.relayDetails.buttons[0].center
        let run = try await DemoRun.script("""
            \(InterlochenAppTests.start)
            100 tap \(InterlochenAppTests.tab(2).x) \(InterlochenAppTests.tab(2).y)
            100 wait-screen performances 20000
            100 wait-load loaded 20000
            100 wait-still 20000
            100 screenshot performances-top.png
            200 wheel 0 -400 400 300
            200 wait-still 20000
            200 wait-row hdrelay:chapel 5000
            200 screenshot performances-end.png
            300 tap 400 \(384 - ListGeometry.endInset)
            300 wait-still 20000
            400 tap 400 \(508 - ListGeometry.endInset)
            400 wait-screen details 5000
            400 wait-still 20000
            500 tap \(share.x) \(share.y)
            500 wait-notice 5000
            550 key escape
            600 tap \(watch.x) \(watch.y)
            600 wait-screen player 10000
            600 wait-video playing 60000
            700 quit
            """, arguments: ["--app", "interlochen", "--open-with", "true"])
        defer { run.remove() }
        let base = try #require(run.stderr.split(separator: "\n").compactMap { line in
            line.range(of: "serving the embedded InterlochenSample at ").map { String(line[$0.upperBound...]) }
        }.first, "\(run.stderr)")
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let performances = frames.filter { $0.screen == "performances" }
        let headers = Set(performances.flatMap { $0.headers ?? [] })
        #expect(headers == ["Orchestra", "Live"], "\(headers)")
        #expect(!performances.contains { ($0.rows ?? []).contains { $0.id.hasPrefix("header:") } }, "rows list items only")
        #expect(performances.contains { ($0.rows ?? []).contains { $0.id == "hdrelay:chapel" && $0.title == "Chapel concert (HDRelay)" } })
        #expect(!frames.allOutputs.contains { $0.contains("header:") }, "a header is not selectable: \(frames.allOutputs)")
        #expect(frames.allOutputs.contains("rowSelected:performances:hdrelay:chapel"), "\(frames.allOutputs)")
        // Pixels: header bands in the list's background colour, item rows white; the stream's LIVE mark red.
        let top = try LoadedImage(contentsOf: run.file("performances-top.png"))
        let topHeader = top.pixel(700, 64, is: (0xEC, 0xEF, 0xF4), tolerance: 6), topItem = top.pixel(700, 90, is: (0xFF, 0xFF, 0xFF), tolerance: 6)
        #expect(topHeader, "Orchestra's header: \(top.rgba(700, 64))")
        #expect(topItem, "the first item: \(top.rgba(700, 90))")
        let end = try LoadedImage(contentsOf: run.file("performances-end.png"))
        // (The list keeps the circle's room after its last row: everything sits ListGeometry.endInset higher.)
        let headerY = Int(380 - ListGeometry.endInset), liveY = Int(508 - ListGeometry.endInset)
        let endHeader = end.pixel(700, headerY, is: (0xEC, 0xEF, 0xF4), tolerance: 6), live = end.pixel(784, liveY, is: (0xD6, 0x28, 0x28), tolerance: 12)
        #expect(endHeader, "Live's header: \(end.rgba(700, headerY))")
        #expect(live, "LIVE: \(end.rgba(784, liveY))")
        // Share: the notice, and the link on the clipboard (read back from SDL's clipboard by the app).
        #expect(frames.allOutputs.contains("action:details:share"))
        #expect(frames.contains { $0.screen == "details" && $0.notice == "Link copied" })
        #expect(frames.last { $0.notice == "Link copied" }.map { $0.screen == "details" } == true, "closed with Escape, still on the details")
        #expect(run.stderr.contains("interlochen: link copied to the clipboard: \(base)/live-video/index.m3u8"), "\(run.stderr)")
        // Watch: the player over the details (no tabs) plays the stream as live video (LIVE, no duration).
        #expect(frames.allOutputs.contains("action:details:watch"))
        let player = frames.filter { $0.screen == "player" }
        #expect(!player.isEmpty && player.allSatisfy { $0.tab == nil })
        let playing = player.compactMap(\.video).filter { $0.state == "playing" }
        #expect(!playing.isEmpty && playing.allSatisfy { $0.duration == nil && $0.live == true }, "live: LIVE, no duration")
    }
}
