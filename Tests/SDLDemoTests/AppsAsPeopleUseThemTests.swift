import DragPhysics
import Foundation
import ScreenKit
import StreamServer
import Testing
import TestSupport

@testable import SDLDemo

/// Issue 30 end to end, with the real binary: nothing covers what you read, the player never strands you, the
/// fill reaches full, the gaps (titles, Listen ↔ Pause, a link that does not open, an iPlayer collection, a second
/// run with the same store). Judged by traces and by pixels where a user looks.
@Suite("The apps as a person uses them (issue 30)", .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct AppsAsPeopleUseThemTests {
    /// A dark pixel: text (the rows' titles and subtitles are #1B2233 and #5B667A on white).
    static func isText(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool { (p.r * 299 + p.g * 587 + p.b * 114) / 1000 < 128 }

    /// Counts the text pixels of `image` in `rect`.
    static func textPixels(_ image: LoadedImage, in rect: Rect) -> Int {
        var count = 0
        for y in max(0, Int(rect.y)) ..< min(image.height, Int(rect.maxY)) {
            for x in max(0, Int(rect.x)) ..< min(image.width, Int(rect.maxX)) where isText(image.rgba(x, y)) { count += 1 }
        }
        return count
    }

    /// The circle at its home and the caption room above it (window points, 800 × 600, 60 pt radius).
    static let circleBox = Rect(x: 800 - 120 - 4, y: 600 - 56 - 12 - 120 - 4, width: 124, height: 128)
    static let captionBox = Rect(x: 800 - 300 - 8, y: circleBox.y - 10 - 2 * TextStyle.caption.lineHeight - 8,
                                 width: 300, height: 2 * TextStyle.caption.lineHeight + 8)

    // MARK: Item 1: nothing covers what you read

    @Test("Interlochen: Listen, then the list: the circle rests docked at the bottom right above the tab bar, where the list had no text; the list's end scrolls clear of it")
    func circleClearOfTheList() async throws {
        let listen = InterlochenAppTests.firstButton
        let run = try await DemoRun.script("""
            \(InterlochenAppTests.start)
            100 tap 240 572
            100 wait-screen radio 20000
            100 wait-load loaded 20000
            100 wait-still 20000
            200 screenshot before.png
            300 tap 400 84
            300 wait-screen details 20000
            300 wait-still 20000
            400 tap \(listen.x) \(listen.y)
            400 wait-state playing 30000
            500 key backspace
            500 wait-screen radio 20000
            1500 screenshot after.png
            1600 wheel 0 -60 300 300
            2600 wait-rows 25 20000
            2600 wheel 0 -60 300 300
            3600 wheel 0 -60 300 300
            4600 screenshot end.png
            4700 quit
            """, arguments: ["--app", "interlochen", "--open-with", "true"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let playing = try #require(frames.last { $0.state == "playing" && $0.screen == "radio" })
        #expect(playing.docked == "right" && playing.x == 740 && playing.y == 472, "home: \(playing.x), \(playing.y)")
        #expect(playing.circle == nil, "shown")
        // Where the circle and its caption now are, the list had no text.
        let before = try LoadedImage(contentsOf: run.file("before.png"))
        #expect(Self.textPixels(before, in: Self.circleBox) == 0)
        #expect(Self.textPixels(before, in: Self.captionBox) == 0)
        let after = try LoadedImage(contentsOf: run.file("after.png"))
        #expect(after.pixel(740, 472 - 40, is: Colors.fill) || after.pixel(740, 472 - 40, is: Colors.body), "the circle is drawn there")
        // Scrolled to the end, the last row ends above the caption over the circle.
        let end = try #require(frames.last)
        let scroll = try #require(end.scroll), count = try #require(end.rowCount)
        let lastRowBottom = 48 + Double(count) * 72 - scroll
        #expect(end.rows?.last?.id.hasPrefix("npr:") == true)
        #expect(lastRowBottom <= Self.captionBox.y, "the last row ends at \(lastRowBottom), above the caption at \(Self.captionBox.y)")
    }

    // MARK: Item 2: Buffs over a video has one player the user can see

    @Test("Buffs: no circle over the playing sample video; the video loops, so later buffs float over a moving picture; ✕ closes the window")
    func buffsOverOnePlayer() async throws {
        let run = try await DemoRun.script("""
            0 size 800 600
            0 wait-video playing 60000
            0 wait-buff 155 60000
            0 wait-position 11 60000
            0 wait-video ended 30000
            0 wait-video playing 30000
            0 wait-buff 4 90000
            0 screenshot buff4.png
            100 move 28 24
            200 tap 28 24
            5000 quit
            """, arguments: ["--app", "buffs", "--buff-interval", "5"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let withVideo = frames.filter { $0.video != nil }
        #expect(!withVideo.isEmpty && withVideo.allSatisfy { $0.circle == "hidden" }, "the circle never shows over the video")
        // Buff 4 comes after the 12 s sample ended once: the video plays again under it.
        let fourth = try #require(frames.firstIndex { $0.buff == 4 })
        let shownLater = frames[fourth...].compactMap { $0.video?.framesShown }
        #expect(frames[fourth].video?.state == "playing")
        #expect((shownLater.last ?? 0) > (shownLater.first ?? 0), "the picture moves under buff 4")
        #expect(frames.contains { $0.video?.state == "ended" }, "the 12 s sample ended once and played again")
        #expect(frames.last?.t ?? 0 < (frames.last { $0.buff == 4 }?.t ?? 0) + 1000, "✕ closed the window, before the script's end")
        #expect(frames.allSatisfy { $0.windowTitle?.hasSuffix("SportBuff") == true }, "\(String(describing: frames.last?.windowTitle))")
    }

    // MARK: Item 3: the player never strands you

    @Test("--video: paused for a long time, the controls stay with ▶; at the end they stay and the seek bar is full")
    func pausedAndEndedKeepTheControls() async throws {
        let run = try await DemoRun.script("""
            0 size 800 600
            0 wait-video playing 60000
            0 wait-position 2 30000
            0 key space
            0 wait-video paused 10000
            6000 screenshot paused.png
            6000 key space
            6000 wait-video ended 60000
            11000 screenshot ended.png
            11100 quit
            """, arguments: ["--video"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let paused = frames.filter { $0.video?.state == "paused" }
        #expect(!paused.isEmpty && paused.allSatisfy { $0.video?.controlsVisible == true })
        let ended = frames.filter { $0.video?.state == "ended" }
        #expect(!ended.isEmpty && ended.allSatisfy { $0.video?.controlsVisible == true })
        #expect(frames.contains { $0.video?.state == "playing" && $0.video?.controlsVisible == false }, "they do hide while it plays")
        // The ▶ at the bar's left end: white pixels of the triangle, on the bar.
        for name in ["paused.png", "ended.png"] {
            let image = try LoadedImage(contentsOf: run.file(name))
            var white = 0
            for y in 552 ..< 600 { for x in 0 ..< 48 where image.pixel(x, y, is: Colors.icon, tolerance: 30) { white += 1 } }
            #expect(white > 60, "\(name): the play triangle (\(white) white pixels)")
        }
        // The seek bar full at the end: the played colour at its right end.
        let ended2 = try LoadedImage(contentsOf: run.file("ended.png"))
        #expect(ended2.pixel(455, 576, is: Colors.fill, tolerance: 30), "\(ended2.rgba(455, 576))")
    }

    @Test("--video on a server that refuses: a sentence a person understands with Retry and Close; Retry loads again; Close closes")
    func failureOffersRetryAndClose() async throws {
        let run = try await DemoRun.script("""
            0 size 800 600
            0 wait-video failed 60000
            1000 screenshot failed.png
            1100 tap 536 332
            1100 wait-video loading 10000
            1100 wait-video failed 60000
            5000 tap 432 332
            10000 quit
            """, arguments: ["--video", "http://127.0.0.1:9/none/master.m3u8"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let failed = try #require(frames.first { $0.video?.state == "failed" })
        #expect(failed.video?.failureText == "Can't play this video: the server didn't answer.")
        #expect(failed.video?.error?.contains("connection refused") == true, "the technical line stays in the trace")
        #expect(run.stderr.contains("SDLDemo: video:"), "and on stderr")
        #expect(frames.filter { $0.video?.state == "failed" }.allSatisfy { $0.video?.controlsVisible == true })
        let loading = try #require(frames.firstIndex { $0.t > failed.t + 1000 && $0.video?.state == "loading" }, "Retry opened it again")
        let again = try #require(frames[loading...].first { $0.video?.state == "failed" })
        #expect((frames.last?.t ?? 0) - again.t < 8000, "Close closed the window before the script's quit")
        // The card: Retry filled in the accent colour, Close grey, the sentence in dark text.
        let image = try LoadedImage(contentsOf: run.file("failed.png"))
        #expect(image.pixel(536, 345, is: Colors.fill), "Retry: \(image.rgba(536, 345))")
        #expect(image.pixel(395, 345, is: (0xE1, 0xE6, 0xEE)), "Close: \(image.rgba(395, 345))")
        #expect(Self.textPixels(image, in: Rect(x: 216, y: 248, width: 368, height: 40)) > 100, "the sentence")
    }

    // MARK: Item 7: the fill reaches full

    @Test("the default player: a full circle is drawn before it turns to playing, however fast the download")
    func fullBeforePlaying() async throws {
        let run = try await DemoRun.script("""
            0 size 800 600
            100 key space
            100 wait-state playing 30000
            200 quit
            """)
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let firstPlaying = try #require(frames.firstIndex { $0.state == "playing" })
        let fetching = frames[..<firstPlaying].filter { $0.state == "fetching" }
        #expect(fetching.contains { $0.progress == 1 }, "fetching frames: \(fetching.map(\.progress))")
        #expect(frames[firstPlaying - 1].progress == 1 && frames[firstPlaying - 1].state == "fetching")
        #expect(fetching.map(\.progress) == fetching.map(\.progress).sorted(), "never down")
    }

    @Test("the player against a server throttled to 200 kB/s: the fill rises with the chunks and is full before playing")
    func fillRisesWithEveryChunk() async throws {
        let server = try await StreamServer.start(content: .directory(VimeoSampleRoutes.stream.path))
        server.setLinkRate(bytesPerSecond: 200_000)
        let run = try await DemoRun.script("""
            0 size 800 600
            100 key space
            100 wait-state playing 60000
            200 quit
            """, arguments: ["--url", server.url(for: "/hls_index.m3u8").absoluteString])
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let firstPlaying = try #require(frames.firstIndex { $0.state == "playing" })
        let fills = frames[..<firstPlaying].filter { $0.state == "fetching" }.map(\.progress)
        #expect(Set(fills.filter { $0 > 0 && $0 < 1 }).count >= 4, "several chunks seen: \(Set(fills).sorted())")
        #expect(fills == fills.sorted())
        #expect(fills.last == 1, "the last fetching frame is full: \(fills.suffix(3))")
    }

    // MARK: Item 6: the gaps

    @Test("window titles: the app and the screen, the video's title while it plays")
    func windowTitles() async throws {
        let run = try await DemoRun.script("""
            \(InterlochenAppTests.start)
            100 tap 240 572
            100 wait-screen radio 20000
            100 wait-load loaded 20000
            200 quit
            """, arguments: ["--app", "interlochen", "--open-with", "true"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.contains { $0.windowTitle == "Interlochen — Featured" })
        #expect(frames.last?.windowTitle == "Interlochen — Radio")
        let video = try await DemoRun.script("""
            0 size 800 600
            0 wait-video playing 60000
            100 quit
            """, arguments: ["--video"])
        defer { video.remove() }
        #expect(try video.frames().last?.windowTitle == "Sample video — CirclePlayer")
    }

    @Test("Interlochen: a More link whose opener fails shows \"Link not opened\" with the link")
    func linkNotOpened() async throws {
        let run = try await DemoRun.script("""
            \(InterlochenAppTests.start)
            100 tap \(InterlochenAppTests.tab(4).x) \(InterlochenAppTests.tab(4).y)
            100 wait-screen more 20000
            100 wait-load loaded 20000
            100 wait-still 20000
            200 tap 400 84
            200 wait-notice 20000
            300 screenshot notice.png
            400 quit
            """, arguments: ["--app", "interlochen", "--open-with", "false"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.last?.notice == "Link not opened")
        #expect(run.stderr.contains("false could not open https://"), "\(run.stderr)")
    }

    @Test("Vimeo: Listen turns into Pause with the video's title under the circle; Pause pauses it")
    func vimeoListenPause() async throws {
        let listen = VimeoAppTests.listen
        let run = try await DemoRun.script("""
            \(VimeoAppTests.openAlbum)
            200 tap 400 84
            200 wait-screen details 20000
            200 wait-still 20000
            300 tap \(listen.x) \(listen.y)
            300 wait-state playing 60000
            400 screenshot listening.png
            500 tap \(listen.x) \(listen.y)
            500 wait-state paused 10000
            600 quit
            """, arguments: ["--app", "vimeo"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let playing = try #require(frames.last { $0.state == "playing" })
        #expect(playing.actions == ["Watch", "Pause"], "\(String(describing: playing.actions))")
        #expect(playing.nowPlaying == "Night Drives 1: Harbour Lights", "\(String(describing: playing.nowPlaying))")
        #expect(frames.last?.actions == ["Watch", "Listen"])
        #expect(frames.contains { $0.outputs?.contains("action:details:pause") == true })
    }

    @Test("iPlayer: a tap on a collection opens its episodes; an episode opens its details")
    func iPlayerCollection() async throws {
        let run = try await DemoRun.script("""
            0 size 800 600
            0 wait-screen categories 20000
            0 wait-load loaded 20000
            0 wait-still 20000
            100 tap 400 76
            100 wait-screen highlights 20000
            100 wait-load loaded 20000
            100 wait-still 20000
            200 tap 400 156
            200 wait-screen collection 20000
            200 wait-load loaded 20000
            200 wait-still 20000
            300 tap 400 84
            300 wait-screen episode 20000
            400 quit
            """, arguments: ["--app", "iplayer"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let collection = try #require(frames.last { $0.screen == "collection" })
        #expect(collection.title == "Jazz Music" && collection.rowCount == 7)
        #expect(frames.last?.screen == "episode")
        #expect(frames.last?.windowTitle?.hasPrefix("Mini iPlayer — Jazz Music") == true, "\(String(describing: frames.last?.windowTitle))")
    }

    @Test("a second run with the same --store finds its thumbnails and plays Watch: the sample is served on the port the store's links name")
    func secondRunWithTheSameStore() async throws {
        let folder = try makeTemporaryDirectory("SecondRun")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("vimeo.sqlite").path
        let watch = VimeoAppTests.watch
        let script = """
            \(VimeoAppTests.openAlbum)
            150 screenshot videos.png
            200 tap 400 84
            200 wait-screen details 20000
            200 wait-still 20000
            300 tap \(watch.x) \(watch.y)
            300 wait-video playing 60000
            400 quit
            """
        let first = try await DemoRun.script(script, arguments: ["--app", "vimeo", "--store", store])
        defer { first.remove() }
        #expect(first.status == 0, "\(first.diagnostics)")
        // Within the 2 h the album pages are fresh: the second run shows the stored copy, its links as stored.
        let second = try await DemoRun.script(script, arguments: ["--app", "vimeo", "--store", store])
        defer { second.remove() }
        #expect(second.status == 0, "\(second.diagnostics)")
        let port = try String(contentsOfFile: store + ".sample-port", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(first.stderr.contains("127.0.0.1:\(port)") && second.stderr.contains("127.0.0.1:\(port)"), "the same port twice")
        #expect(!second.stderr.contains("is taken"))
        #expect(try second.frames().contains { $0.video?.state == "playing" }, "Watch plays from the stored link")
        // The first row's thumbnail is the picture, not the grey placeholder of a load nor the pink one of a failure.
        let thumbnail = try LoadedImage(contentsOf: second.file("videos.png")).rgba(50, 84)
        #expect(!(abs(thumbnail.r - 0xC9) < 8 && abs(thumbnail.g - 0xD1) < 8) && !(abs(thumbnail.r - 0xE6) < 8 && abs(thumbnail.g - 0xCC) < 8),
                "\(thumbnail)")
    }
}
