import DragPhysics
import Foundation
import ScreenKit
import StreamServer
import Testing
import TestSupport

@testable import SDLDemo

/// The Interlochen sample (Sources/Samples/InterlochenSample with the Vimeo sample's routes) on a
/// StreamServer the test owns, so it can count requests: the station at `/radio/classical.mp3` (RadioStation
/// looping the embedded fallback.mp3), the story's MP3, a live HLS window at `/live`, the embedded stream behind.
struct InterlochenSampleRig {
    static let directory = PackagePaths.root.appendingPathComponent("Sources/Samples/InterlochenSample")

    let server: StreamServer
    let station: RadioStation

    /// The sample's services; the NPR story's MP3 is the 4.07 s sample `storyCopies` times over (the sample has no
    /// ID3 tag and its first frame owes nothing to a bit reservoir, so copies joined end to end are one longer CBR
    /// MP3: a story long enough for −15 s and +15 s).
    static func serve(storyCopies: Int = 1) async throws -> InterlochenSampleRig {
        let interlochen = try RouteTable.load(contentsOf: directory.appendingPathComponent("routes.json"))
        let vimeo = try VimeoSampleRoutes.table()
        let mp3 = [UInt8](try Data(contentsOf: VimeoSampleRoutes.stream.appendingPathComponent("fallback.mp3")))
        let storyBytes = Array([[UInt8]](repeating: mp3, count: max(1, storyCopies)).joined())
        // Every story's link (`/npr/audio/story-SECONDS.mp3`) answers these bytes.
        let story = Route(path: "/npr/audio/story-*.mp3", response: RouteResponse(data: storyBytes, contentType: "audio/mpeg"))
        let server = try await StreamServer.start(routes: RouteTable(routes: interlochen.routes + vimeo.routes + [story]),
                                                  fallback: .directory(VimeoSampleRoutes.stream.path))
        let station = try RadioStation(mp3: mp3, name: "Classical IPR", title: "Sample", pacing: .realTime, burstSeconds: 1)
        server.mount(station, at: "/radio/classical.mp3")
        let playlist = VimeoSampleRoutes.stream.appendingPathComponent("hls_a64K_v4.m3u8").path
        _ = try server.startLive(LiveStreamConfiguration(source: try LiveSource(playlistFile: playlist)))
        return InterlochenSampleRig(server: server, station: station)
    }

    /// `--app interlochen` with every service on this server; links opened with `true` (never a browser).
    var arguments: [String] {
        let base = server.baseURL.absoluteString
        return ["--app", "interlochen", "--content-url", base + "/data/content-meta.json", "--user", "interlochen",
                "--password", "sample-password", "--npr-base", base + "/npr", "--npr-key", "sample-key",
                "--livestream-base", base + "/livestream", "--base-url", base, "--token", "sample-token",
                "--open-with", "true"]
    }

    /// `path?query` of every request so far whose path starts with `prefix`, in arrival order.
    func requests(_ prefix: String) -> [String] {
        server.statistics.requests.sorted { $0.startedAt < $1.startedAt }.filter { $0.path.hasPrefix(prefix) }.map { record in
            record.query.map { "\(record.path)?\($0)" } ?? record.path
        }
    }

    func stop() async throws {
        station.stop()
        try await server.shutdown()
    }
}

/// `SDLDemo --app interlochen` end to end: tabs, Radio's infinite scrolling (NPR pages by startNum), More's
/// links, Listen on a station (the circle plays the stream and floats over the other tabs), Watch on a video and on
/// the live cast (the audio released, the video player over the details, closed back to them), the LIVE mark and
/// thumbnails by pixels.
@Suite("Interlochen app end to end")
struct InterlochenAppTests {
    /// The centre of tab `index` of five along the bottom of an 800 × 600 window.
    static func tab(_ index: Int) -> (x: Int, y: Int) { (80 + 160 * index, 572) }

    /// The first action button of a details screen with a picture and short text (buttons under the picture).
    static let firstButton = DetailsLayout(DetailsScreen(image: URL(string: "http://x/p.jpg"), overline: "STATIONS", title: "Classical IPR",
                                                         subtitle: "Classical music", facts: ["Live radio"], actions: [ActionButton(.listen)]),
                                           in: Rect(x: 0, y: 48, width: 800, height: 552)).buttons[0].center

    static let start = """
        0 size 800 600
        0 wait-screen featured 20000
        0 wait-load loaded 20000
        0 wait-still 20000
        """

    @Test("tabs switch and show their rows; Radio asks NPR for startNum 11, then 21, and no more; More opens its link; LIVE and thumbnails drawn")
    func tabsAndPaging() async throws {
        let rig = try await InterlochenSampleRig.serve()
        let run = try await DemoRun.script("""
            \(Self.start)
            100 wheel 0 -25 400 300
            100 wait-still 20000
            100 screenshot featured-end.png
            200 tap \(Self.tab(1).x) \(Self.tab(1).y)
            200 wait-screen radio 20000
            200 wait-load loaded 20000
            200 wait-rows 22 20000
            200 wait-still 20000
            200 screenshot radio.png
            300 wheel 0 -25 400 300
            300 wait-still 20000
            300 wait-rows 25 20000
            300 wheel 0 -25 400 300
            300 wait-still 20000
            400 tap \(Self.tab(3).x) \(Self.tab(3).y)
            400 wait-screen extras 20000
            400 wait-load loaded 20000
            400 wait-still 20000
            500 tap \(Self.tab(4).x) \(Self.tab(4).y)
            500 wait-screen more 20000
            500 wait-load loaded 20000
            500 wait-still 20000
            600 tap 400 \(ListGeometry.row(0).y)
            700 tap \(Self.tab(2).x) \(Self.tab(2).y)
            700 wait-screen performances 20000
            700 wait-load loaded 20000
            700 wait-still 20000
            800 tap \(Self.tab(1).x) \(Self.tab(1).y)
            800 wait-screen radio 2000
            800 wait-still 20000
            900 quit
            """, arguments: rig.arguments)
        let npr = rig.requests("/npr/query").filter { $0.contains("id=1039") }
        try await rig.stop()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(npr.count == 3, "\(npr)")
        for (request, start) in zip(npr, [1, 11, 21]) {
            #expect(request.contains("startNum=\(start)&") || request.hasSuffix("startNum=\(start)"), "\(npr)")
        }
        let frames = try run.frames()
        #expect(frames.screenRuns.compactMap { $0 } == ["featured", "radio", "extras", "more", "performances", "radio"],
                "\(frames.screenRuns)")
        let rows = { (screen: String) in Set(frames.filter { $0.screen == screen }.flatMap { $0.rows ?? [] }.map(\.title)) }
        #expect(rows("featured").contains("Campus webcam"))
        #expect(rows("radio").isSuperset(of: ["Classical IPR", "IPR News", "Radio story 1", "Radio story 23"]))
        #expect(rows("more").isSuperset(of: ["Support Interlochen", "Interlochen Public Radio"]))
        #expect(rows("performances").contains("Night Drives 1: Harbour Lights"), "Orchestra's album first")
        #expect(!rows("extras").isEmpty)
        // Radio came back as left: 25 rows, no new load.
        #expect(try #require(frames.last).rowCount == 25)
        #expect(frames.allOutputs.contains("rowSelected:more:link:https://www.interlochen.org/give"), "\(frames.allOutputs)")
        #expect(run.stderr.contains("opening https://www.interlochen.org/give with true"), "\(run.stderr)")
        #expect(!run.stderr.contains("sample-password") && !run.stderr.contains("sample-key"))
        // Featured scrolled to its end: the live cast is the last row, its LIVE mark red at the right end.
        let featured = try LoadedImage(contentsOf: run.file("featured-end.png"))
        // (The list keeps room after its last row for the circle: ListGeometry.endInset.)
        let lastRow = Int(508 - ListGeometry.endInset)
        #expect(featured.pixel(784, lastRow, is: (0xD6, 0x28, 0x28), tolerance: 12), "LIVE: \(featured.rgba(784, lastRow))")
        #expect(!featured.pixel(784, lastRow - 72, is: (0xD6, 0x28, 0x28), tolerance: 60), "no LIVE on the row above")
        // Radio's station rows: blue and green thumbnails.
        let radio = try LoadedImage(contentsOf: run.file("radio.png"))
        let blue = ListGeometry.thumbnailCentre(0), green = ListGeometry.thumbnailCentre(1)
        #expect(radio.pixel(blue.x, blue.y, is: (0x30, 0x60, 0xC0), tolerance: 12), "\(radio.rgba(blue.x, blue.y))")
        #expect(radio.pixel(green.x, green.y, is: (0x40, 0xA0, 0x60), tolerance: 12), "\(radio.rgba(green.x, green.y))")
    }

    @Test("pull to refresh on Featured: content-meta.json is fetched again first, then Featured's lists; the rows stay")
    func pullToRefresh() async throws {
        let rig = try await InterlochenSampleRig.serve()
        let run = try await DemoRun.script("""
            \(Self.start)
            200 down 200 120
            250 move 200 180
            300 move 200 260
            400 move 200 380
            500 move 200 420
            600 up 200 420
            620 wait-load loaded 20000
            620 wait-still 20000
            700 quit
            """, arguments: rig.arguments)
        let records = rig.server.statistics.requests.sorted { $0.startedAt < $1.startedAt }
        try await rig.stop()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let paths = records.map(\.path).filter { !$0.hasPrefix("/pictures") }
        let metas = paths.indices.filter { paths[$0] == "/data/content-meta.json" }
        #expect(metas.count == 2, "\(paths)")
        if metas.count == 2 {
            // The refresh: content-meta first, then the album, the story and the cast again.
            let refresh = Array(paths[metas[1]...])
            #expect(refresh.contains("/me/albums/1002/videos") && refresh.contains("/npr/query")
                    && refresh.contains("/livestream/accounts/5001/events/6001"), "\(refresh)")
        }
        let frames = try run.frames()
        #expect(frames.allOutputs.contains("refresh:featured"))
        let loads = frames.filter { $0.screen == "featured" }.compactMap(\.load).reduce(into: [String]()) { if $1 != $0.last { $0.append($1) } }
        #expect(loads == ["loading", "loaded", "refreshing", "loaded"], "\(loads)")
        #expect(try #require(frames.last).rowCount == 14)
    }

    @Test("--offline with nothing stored: Featured fails with content-meta's message and Retry; no request is made")
    func offlineWithNothingStored() async throws {
        let rig = try await InterlochenSampleRig.serve()
        let run = try await DemoRun.script("""
            0 size 800 600
            0 wait-screen featured 20000
            0 wait-load failed 20000
            0 screenshot offline.png
            100 quit
            """, arguments: rig.arguments + ["--offline"])
        let requests = rig.server.statistics.requests.count
        try await rig.stop()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(requests == 0)
        let failed = try #require(try run.frames().last { $0.load == "failed" })
        #expect(failed.loadMessage?.contains("content-meta") == true, "\(failed.loadMessage ?? "")")
    }

    @Test("Listen on a playable NPR story: its MP3 is fetched over HTTP and plays in the circle as a finite stream")
    func listenToStory() async throws {
        let rig = try await InterlochenSampleRig.serve()
        let run = try await DemoRun.script("""
            \(Self.storyDetails)
            300 tap \(Self.firstButton.x) \(Self.firstButton.y)
            300 wait-state playing \(DemoRun.serverWait)
            400 quit
            """, arguments: rig.arguments)
        let mp3 = rig.requests("/npr/audio/story-")
        try await rig.stop()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(!mp3.isEmpty)
        let frames = try run.frames()
        #expect(frames.allOutputs.contains("rowSelected:featured:npr:901"), "\(frames.allOutputs)")
        let playing = try #require(frames.first { $0.state == "playing" })
        #expect(playing.stream == true && playing.circle != "hidden")
    }

    /// From the start: the Featured NPR story's details (Featured scrolled to its end), shown and still, at 200 ms.
    /// After a details script: Listen (the first button), playing, then the headphones mark's now-playing screen.
    static let listenThenNowPlaying = """
        300 tap \(firstButton.x) \(firstButton.y)
        300 wait-state playing \(DemoRun.serverWait)
        400 tap 84 24
        400 wait-screen nowPlaying 5000
        """

    /// Where a click sets slider `index` of `screen` (drawn in an 800×600 window's content) to `fraction`.
    static func point(on screen: DetailsScreen, slider index: Int, at fraction: Double) -> (x: Double, y: Double) {
        let track = DetailsLayout(screen, in: Rect(x: 0, y: 48, width: 800, height: 552)).sliders[index].track
        return (track.x + track.width * fraction, track.center.y)
    }

    static let storyDetails = """
        \(start)
        100 wheel 0 -25 400 300
        100 wait-still 20000
        200 tap 400 \(436 - ListGeometry.endInset)
        200 wait-screen details 5000
        200 wait-still 20000
        """

    /// From the start: Radio's first station's details (Classical IPR), shown and still, at 200 ms.
    static let classicalDetails = """
        \(start)
        100 tap \(tab(1).x) \(tab(1).y)
        100 wait-screen radio 20000
        100 wait-load loaded 20000
        100 wait-still 20000
        200 tap 400 \(ListGeometry.row(0).y)
        200 wait-screen details 5000
        200 wait-still 20000
        """

    /// Whether the button at `frame` in `image` carries the label `title`: its white label pixels match those
    /// of a button drawn in this process by the same renderer (the window's fonts) within a few pixels.
    static func button(_ image: LoadedImage, at frame: Rect, reads title: String) throws -> Bool {
        let reference = try RenderHarness.withCanvas { canvas, text in
            canvas.clear(Palette.background)
            try Painter(canvas: canvas, text: text, images: nil, time: 0).button(title, in: frame, fill: Palette.accent, textColor: Palette.onDark)
            return try CanvasPixels(canvas)
        }
        let drawn = frame
        var differing = 0, label = 0
        for dy in 0..<Int(frame.height) {
            for dx in 0..<Int(frame.width) {
                let shot = image.rgba(Int(frame.x) + dx, Int(frame.y) + dy)
                let mine = reference.at(Int(drawn.x) + dx, Int(drawn.y) + dy)
                let a = shot.r > 200 && shot.g > 200 && shot.b > 200, b = mine.r > 200 && mine.g > 200 && mine.b > 200
                if b { label += 1 }
                if a != b { differing += 1 }
            }
        }
        return label > 20 && differing <= label / 10
    }

    @Test("Listen on a station turns into Pause while it plays (trace and pixels); Pause pauses it and reads Listen; Listen resumes it")
    func listenTurnsIntoPause() async throws {
        let rig = try await InterlochenSampleRig.serve()
        let run = try await DemoRun.script("""
            \(Self.classicalDetails)
            200 screenshot listen.png
            300 tap \(Self.firstButton.x) \(Self.firstButton.y)
            300 wait-state playing \(DemoRun.serverWait)
            400 screenshot pause.png
            500 tap \(Self.firstButton.x) \(Self.firstButton.y)
            500 wait-state paused 10000
            600 screenshot paused.png
            700 tap \(Self.firstButton.x) \(Self.firstButton.y)
            700 wait-state playing \(DemoRun.serverWait)
            900 quit
            """, arguments: rig.arguments)
        try await rig.stop()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.allOutputs.filter { $0.hasPrefix("action:details:") } == ["action:details:listen", "action:details:pause",
                                                                                  "action:details:listen"], "\(frames.allOutputs)")
        // The button's title follows the player: Listen, Pause while it buffers and plays, Listen paused, Pause again.
        let titles = frames.filter { $0.screen == "details" }.compactMap { $0.actions?.first }
            .reduce(into: [String]()) { if $1 != $0.last { $0.append($1) } }
        #expect(titles == ["Listen", "Pause", "Listen", "Pause"], "\(titles)")
        let paused = try #require(frames.firstIndex { $0.state == "paused" })
        #expect(frames[paused...].first { $0.screen == "details" && $0.actions != nil }?.actions == ["Listen", "Share"]
                || frames[paused].actions == ["Listen", "Share"])
        // Pixels: the button reads Listen, then Pause, then Listen.
        let frame = DetailsLayout(DetailsScreen(image: URL(string: "http://x/p.jpg"), overline: "STATIONS", title: "Classical IPR",
                                                subtitle: "Classical music", facts: ["Live radio"], actions: [ActionButton(.listen)]),
                                  in: Rect(x: 0, y: 48, width: 800, height: 552)).buttons[0]
        let listen = try LoadedImage(contentsOf: run.file("listen.png"))
        let pause = try LoadedImage(contentsOf: run.file("pause.png"))
        let resumed = try LoadedImage(contentsOf: run.file("paused.png"))
        let readsListen = try Self.button(listen, at: frame, reads: "Listen"), listenReadsPause = try Self.button(listen, at: frame, reads: "Pause")
        let readsPause = try Self.button(pause, at: frame, reads: "Pause"), pauseReadsListen = try Self.button(pause, at: frame, reads: "Listen")
        let readsListenAgain = try Self.button(resumed, at: frame, reads: "Listen")
        #expect(readsListen && !listenReadsPause, "before: Listen")
        #expect(readsPause && !pauseReadsListen, "playing: Pause")
        #expect(readsListenAgain, "paused: Listen")
    }

    @Test("the red headphones at the top left while a station plays, on every screen; a tap opens the now-playing screen (title, Pause), whose Pause pauses it")
    func headphonesAndNowPlaying() async throws {
        let rig = try await InterlochenSampleRig.serve()
        let pause = DetailsLayout(DetailsScreen(image: URL(string: "http://x/p.jpg"), overline: "STATION", title: "Classical IPR",
                                                subtitle: "Classical music", facts: ["Playing"], actions: [ActionButton(.pause)]),
                                  in: Rect(x: 0, y: 48, width: 800, height: 552)).buttons[0].center
        let run = try await DemoRun.script("""
            \(Self.classicalDetails)
            200 screenshot before.png
            300 tap \(Self.firstButton.x) \(Self.firstButton.y)
            300 wait-state playing \(DemoRun.serverWait)
            400 screenshot details.png
            500 tap 84 24
            500 wait-screen nowPlaying 5000
            600 screenshot nowplaying.png
            700 tap \(pause.x) \(pause.y)
            700 wait-state paused 10000
            800 key escape
            800 wait-screen details 5000
            900 key escape
            900 wait-screen radio 5000
            1000 screenshot radio.png
            1100 quit
            """, arguments: rig.arguments)
        try await rig.stop()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.allOutputs.contains("titleButton:details:nowPlaying") && frames.allOutputs.contains("action:nowPlaying:pause"),
                "\(frames.allOutputs)")
        #expect(frames.screenRuns.compactMap { $0 }.suffix(4) == ["details", "nowPlaying", "details", "radio"], "\(frames.screenRuns)")
        // The mark: none before Listen; from the stream's first frame on, on every screen.
        let listened = try #require(frames.firstIndex { $0.stream == true })
        #expect(frames[..<listened].allSatisfy { $0.headphones == nil })
        let after = frames[listened...].dropFirst()
        #expect(!after.isEmpty && after.allSatisfy { $0.headphones == true }, "\(after.map { ($0.screen, $0.headphones) })")
        // The now-playing screen: the station, Pause while it plays, Play once paused.
        let nowPlaying = frames.filter { $0.screen == "nowPlaying" }
        #expect(nowPlaying.first?.title == "Now Playing" && nowPlaying.first?.actions == ["Pause"])
        #expect(nowPlaying.last?.actions == ["Play"], "\(nowPlaying.map(\.actions))")
        // Pixels: Interlochen red inside the mark's disc (below the glyph), right of Back on details, at the corner on Radio.
        let red = (0xC8, 0x10, 0x2E)
        let before = try LoadedImage(contentsOf: run.file("before.png"))
        let details = try LoadedImage(contentsOf: run.file("details.png"))
        let radio = try LoadedImage(contentsOf: run.file("radio.png"))
        let playing = try LoadedImage(contentsOf: run.file("nowplaying.png"))
        let beforeRed = before.pixel(84, 35, is: red, tolerance: 40)
        let detailsRed = details.pixel(84, 35, is: red, tolerance: 16) && details.pixel(73, 24, is: red, tolerance: 16)
        let nowPlayingRed = playing.pixel(84, 35, is: red, tolerance: 16)
        let radioRed = radio.pixel(28, 35, is: red, tolerance: 16) && radio.pixel(17, 24, is: red, tolerance: 16)
        #expect(!beforeRed, "no mark before Listen: \(before.rgba(84, 35))")
        #expect(detailsRed, "details: \(details.rgba(84, 35)) \(details.rgba(73, 24))")
        #expect(nowPlayingRed, "now playing: \(playing.rgba(84, 35))")
        #expect(radioRed, "radio: \(radio.rgba(28, 35)) \(radio.rgba(17, 24))")
    }

    @Test("the now-playing screen's volume: a click at a tenth of the slider sets the station's volume (trace, MediaCore's status) and the PCM on SDL's disk driver drops to at most a tenth of full scale")
    func nowPlayingVolume() async throws {
        let rig = try await InterlochenSampleRig.serve()
        let screen = DetailsScreen(image: URL(string: "http://x/p.jpg"), overline: "STATION", title: "Classical IPR",
                                   subtitle: "Classical music", facts: ["Playing"], actions: [ActionButton(.pause)],
                                   sliders: [DetailsSlider(name: "volume", label: "Volume", value: 1)])
        let tenth = Self.point(on: screen, slider: 0, at: 0.1)
        let run = try await DemoRun.script("""
            \(Self.classicalDetails)
            \(Self.listenThenNowPlaying)
            400 wait-real 1500
            500 tap \(tenth.x) \(tenth.y)
            500 wait-real 1500
            600 screenshot volume.png
            700 quit
            """, arguments: rig.arguments, audio: .disk)
        try await rig.stop()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.allOutputs.contains("slider:nowPlaying:volume:0.1"), "\(frames.allOutputs)")
        let volumes = frames.filter { $0.screen == "nowPlaying" }.compactMap { $0.sliders?["volume"] }
        #expect(volumes.first == 1 && volumes.last == 0.1, "\(volumes)")
        // The disk driver's PCM: full level before the click, at most a tenth of full scale after (the gain applies
        // to what is written after the click; the last half second is well after it). The station loops a 4 s MP3
        // and the window joins it anywhere: every 1 s stretch of that loop peaks above 0.33 of full scale (a half
        // second can stay under 0.1), so the first second played, all before the click, is the loud reference.
        let played = StreamDemo.nonSilentFrames(try StreamDemo.samples(run.audioFile))
        let second = 88_200, half = 44_100
        #expect(played.count > 2 * second + half, "played \(Double(played.count) / 88_200) s")
        let peak = { (samples: ArraySlice<Int16>) in samples.map { abs(Int($0)) }.max() ?? 0 }
        let bound = Int((32_768 * 0.1).rounded()) + 1
        #expect(peak(played.prefix(second)) > bound, "before: \(peak(played.prefix(second)))")
        #expect(peak(played.suffix(half)) <= bound, "after: \(peak(played.suffix(half)))")
    }

    @Test("the now-playing screen of a story shows its position and length (Content-Length and the bit rate); the position moves while it plays to its end")
    func nowPlayingStoryPosition() async throws {
        let rig = try await InterlochenSampleRig.serve()
        let run = try await DemoRun.script("""
            \(Self.storyDetails)
            \(Self.listenThenNowPlaying)
            400 wait-state uninitialized 30000
            500 quit
            """, arguments: rig.arguments)
        let mp3 = try Data(contentsOf: VimeoSampleRoutes.stream.appendingPathComponent("fallback.mp3"))
        try await rig.stop()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames().filter { $0.screen == "nowPlaying" }
        let places = frames.compactMap { $0.facts?.dropFirst().first }
        // "m:ss / m:ss": the length is the file's (CBR: its bytes after the ID3 tag × 8 / the bit rate): the
        // sample is 96 kbit/s (`ffprobe` reads bit_rate=96000, 4.05 s), so about its size × 8 / 96 000 s; the
        // position moves from the start.
        let lengths = Set(places.compactMap { $0.split(separator: "/").last?.trimmingCharacters(in: .whitespaces) })
        let estimate = Double(mp3.count) * 8 / 96_000
        #expect(lengths.count == 1, "\(places)")
        let shown = lengths.first.map { $0.split(separator: ":").compactMap { Double($0) } } ?? []
        let seconds = shown.count == 2 ? shown[0] * 60 + shown[1] : -1
        #expect(abs(seconds - estimate) <= 1, "length \(lengths), estimate \(estimate)")
        let positions = places.compactMap { $0.split(separator: "/").first.map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(positions.first.map { $0.hasPrefix("0:0") } == true && Set(positions).count >= 2, "\(positions)")
        #expect(frames.first?.sliders?["volume"] == 1)
    }

    @Test("seeking a story: a click at three quarters of the now-playing position slider reopens the MP3 with a Range at that share of its bytes, the position jumps there, and only the rest is played")
    func nowPlayingStorySeek() async throws {
        // Four copies (16.3 s): a loaded machine plays the story in real time while the script's clock waits,
        // and a 4 s story could end before the click (seen once in a full run at load 2 cores busy).
        let copies = 4
        let rig = try await InterlochenSampleRig.serve(storyCopies: copies)
        // The story's now-playing screen as the app builds it (STORY, title, NPR, state and place, −15 s /
        // Pause / +15 s, the position and volume sliders): only the number of lines and buttons places the slider.
        let screen = DetailsScreen(image: URL(string: "http://x/p.jpg"), overline: "STORY", title: "Story", subtitle: "NPR",
                                   facts: ["Playing", "0:00 / 0:16"],
                                   actions: [ActionButton(.pause), ActionButton(.pause), ActionButton(.pause)],
                                   sliders: [DetailsSlider(name: "position", label: "Position", value: 0),
                                             DetailsSlider(name: "volume", label: "Volume", value: 1)])
        let threeQuarters = Self.point(on: screen, slider: 0, at: 0.75)
        let run = try await DemoRun.script("""
            \(Self.storyDetails)
            \(Self.listenThenNowPlaying)
            450 tap \(threeQuarters.x) \(threeQuarters.y)
            500 wait-state uninitialized \(DemoRun.serverWait)
            600 quit
            """, arguments: rig.arguments, audio: .disk)
        let size = try Data(contentsOf: VimeoSampleRoutes.stream.appendingPathComponent("fallback.mp3")).count * copies
        let requests = rig.server.statistics.requests.filter { $0.path.hasPrefix("/npr/audio/story-") }.sorted { $0.startedAt < $1.startedAt }
        try await rig.stop()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.allOutputs.contains("slider:nowPlaying:position:0.75"), "\(frames.allOutputs)")
        // The server: the first request from the start, a second one from about three quarters of the file
        // (MP3SeekMap: a CBR file's offset is linear in time past its ID3 tag; the sample has a small one).
        #expect(requests.first?.rangeHeader == nil, "\(requests.map(\.rangeHeader))")
        let offsets = requests.dropFirst().compactMap { $0.rangeHeader?.split(separator: "=").last?.split(separator: "-").first.flatMap { Int($0) } }
        let share = offsets.first.map { Double($0) / Double(size) }
        #expect(offsets.count == 1 && share.map { abs($0 - 0.75) < 0.05 } == true, "\(requests.map(\.rangeHeader)) of \(size) bytes")
        // The trace: the position slider under a quarter before the click, at about three quarters or more after
        // it (the seek lands on the whole frame at or before the time: 26 ms frames, a little under 0.75); the
        // story then plays to its end and the player goes idle (`uninitialized`).
        let clicked = try #require(frames.firstIndex { ($0.outputs ?? []).contains("slider:nowPlaying:position:0.75") })
        let before = frames[..<clicked].compactMap { $0.sliders?["position"] }
        let after = frames[clicked...].dropFirst().compactMap { $0.sliders?["position"] }
        #expect(!before.isEmpty && before.allSatisfy { $0 < 0.25 }, "\(before)")
        #expect(!after.isEmpty && after.allSatisfy { $0 >= 0.72 }, "\(after)")
        // The sound on SDL's disk driver: what played before the click plus the last quarter (about 4 s of the
        // 16.3 s story), not the whole story.
        let duration = Double(size) * 8 / 96_000
        let played = Double(StreamDemo.nonSilentFrames(try StreamDemo.samples(run.audioFile)).count) / 88_200
        let expected = (before.last ?? 0) * duration + duration / 4
        #expect(abs(played - expected) < 0.6 && played < duration - 1, "played \(played) s, expected about \(expected) s of \(duration) s")
    }

    @Test("a story's +15 s and −15 s: each reopens the MP3 with a Range 15 s of bytes from where it played, the position slider jumps by 15 s")
    func nowPlayingStorySkips() async throws {
        let rig = try await InterlochenSampleRig.serve(storyCopies: 12)
        let mp3 = try Data(contentsOf: VimeoSampleRoutes.stream.appendingPathComponent("fallback.mp3"))
        let size = mp3.count * 12
        let duration = Double(size) * 8 / 96_000   // 48.9 s at the sample's 96 kbit/s
        let step = 15 / duration                   // one skip, as a share of the slider
        // The story's now-playing screen (−15 s, Pause, +15 s; position and volume): where its buttons are.
        let screen = DetailsScreen(image: URL(string: "http://x/p.jpg"), overline: "STORY", title: "Story", subtitle: "NPR",
                                   facts: ["Playing", "0:00 / 0:48"],
                                   actions: [ActionButton(.pause), ActionButton(.pause), ActionButton(.pause)],
                                   sliders: [DetailsSlider(name: "position", label: "Position", value: 0),
                                             DetailsSlider(name: "volume", label: "Volume", value: 1)])
        let buttons = DetailsLayout(screen, in: Rect(x: 0, y: 48, width: 800, height: 552)).buttons
        let back = buttons[0].center, forward = buttons[2].center
        // +15 s twice (to about 30 s), then −15 s (to about 15 s). Each wait holds until the story plays on from
        // its new place, about a second and a half past it: the slider shows the target at once, and the position
        // moves on from there only with audio from the reopened connection (tapping sooner supersedes a reopen whose
        // request may or may not have gone out). The thresholds count what the story played before each tap: the
        // target of the second +15 s is 15 s past where the first wait let go (0.03 and a little more past 15 s).
        let run = try await DemoRun.script("""
            \(Self.storyDetails)
            \(Self.listenThenNowPlaying)
            450 tap \(forward.x) \(forward.y)
            450 wait-slider position \(step + 0.03) \(step + 0.25) 30000
            500 tap \(forward.x) \(forward.y)
            500 wait-slider position \(2 * step + 0.07) \(2 * step + 0.3) 30000
            550 tap \(back.x) \(back.y)
            550 wait-slider position \(step + 0.11) \(step + 0.3) 30000
            600 quit
            """, arguments: rig.arguments, audio: .disk)
        let requests = rig.server.statistics.requests.filter { $0.path.hasPrefix("/npr/audio/story-") }.sorted { $0.startedAt < $1.startedAt }
        try await rig.stop()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let skips = frames.allOutputs.filter { $0.hasPrefix("action:nowPlaying:") && $0.hasSuffix("15") }
        #expect(skips == ["action:nowPlaying:forward15", "action:nowPlaying:forward15", "action:nowPlaying:back15"], "\(frames.allOutputs)")
        // The server: the first request from the start, then one per skip (MP3SeekMap: CBR, offset linear in time).
        #expect(requests.first?.rangeHeader == nil, "\(requests.map(\.rangeHeader))")
        let offsets = requests.dropFirst().compactMap { $0.rangeHeader?.split(separator: "=").last?.split(separator: "-").first.flatMap { Int($0) } }
        #expect(offsets.count == 3, "\(requests.map(\.rangeHeader))")
        // The position slider just before each skip and once it moved there.
        func jump(at index: Int) -> (before: Double, after: Double)? {
            let clicks = frames.indices.filter { (frames[$0].outputs ?? []).contains { $0.hasPrefix("action:nowPlaying:") && $0.hasSuffix("15") } }
            guard index < clicks.count else { return nil }
            let click = clicks[index]
            guard let before = frames[..<click].compactMap({ $0.sliders?["position"] }).last,
                  let after = frames[(click + 1)...].compactMap({ $0.sliders?["position"] }).first(where: { abs($0 - before) > step / 2 })
            else { return nil }
            return (before, after)
        }
        let jumps = (0 ..< 3).compactMap(jump(at:))
        #expect(jumps.count == 3, "\(jumps)")
        guard jumps.count == 3, offsets.count == 3 else { return }
        #expect(abs(jumps[0].after - jumps[0].before - step) < 0.04, "+15 s: \(jumps[0])")
        #expect(abs(jumps[1].after - jumps[1].before - step) < 0.04, "+15 s: \(jumps[1])")
        #expect(abs(jumps[2].before - jumps[2].after - step) < 0.04, "−15 s: \(jumps[2])")
        // Each Range starts at the new position's share of the bytes, in the order of the skips.
        let shares = offsets.map { Double($0) / Double(size) }
        for (share, jump) in zip(shares, jumps) {
            #expect(abs(share - jump.after) < 0.03, "ranges at \(shares) of \(size) bytes for sliders at \(jumps.map(\.after))")
        }
        // It plays on from the −15 s.
        let positions = frames.compactMap { $0.sliders?["position"] }
        let last = try #require(positions.last)
        #expect(last >= jumps[2].after - 0.01 && last < jumps[2].after + 0.2, "the position at the end: \(last)")
    }

    @Test("options: Interlochen's belong to --app interlochen and need --content-url; bad URLs, a user with ':' and a --timeout off the feed apps or out of range are usage errors (64)")
    func options() async throws {
        let binary = try DemoRun.binary()
        let cases: [([String], String)] = [
            (["--app", "vimeo", "--content-url", "http://127.0.0.1:1/c.json"], "are for --app interlochen"),
            (["--app", "interlochen", "--npr-key", "k"], "need --content-url"),
            (["--app", "interlochen", "--content-url", "not a url"], "--content-url not a url is not an absolute URL"),
            (["--app", "interlochen", "--content-url", "http://127.0.0.1:1/c.json", "--user", "a:b"], "must not contain ':'"),
            (["--app", "iplayer", "--token", "t"], "are for --app vimeo and --app interlochen"),
            (["--timeout", "5"], "--timeout is for --app iplayer, vimeo and interlochen"),
            (["--app", "interlochen", "--timeout", "0"], "--timeout must be more than 0 and at most 3600 seconds"),
            (["--app", "vimeo", "--timeout", "nan"], "--timeout must be more than 0"),
        ]
        for (arguments, message) in cases {
            let outcome = try await ProcessRunner.run(binary, arguments)
            #expect(outcome.status == 64 && outcome.stderr.contains(message), "\(arguments): \(outcome.status) \(outcome.stderr)")
        }
    }

    @Test("search: Search in the title bar opens the full-screen modal (grey bar, Done); typed, the search button: page 1, then page 2 while scrolling; a result's details; Done returns to the tabs")
    func search() async throws {
        let rig = try await InterlochenSampleRig.serve()
        let layout = ShellLayout(size: Size(width: 800, height: 600))
        let searchButton = layout.searchButton(in: layout.content(hasTabs: false)).center
        let run = try await DemoRun.script("""
            \(Self.start)
            100 tap 772 24
            100 wait-screen search 5000
            150 screenshot search.png
            200 tap 300 76
            300 type night
            400 tap \(searchButton.x) \(searchButton.y)
            400 wait-rows 25 20000
            400 wait-still 20000
            500 wheel 0 -25 400 300
            500 wait-still 20000
            500 wait-rows 26 20000
            550 tap 400 300
            550 wait-screen details 5000
            560 key escape
            560 wait-screen search 5000
            600 tap 772 24
            600 wait-screen featured 5000
            700 quit
            """, arguments: rig.arguments)
        let searches = rig.requests("/me/videos")
        try await rig.stop()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(searches == ["/me/videos?query=night&page=1&per_page=25", "/me/videos?query=night&page=2&per_page=25"], "\(searches)")
        let frames = try run.frames()
        #expect(frames.screenRuns.compactMap { $0 } == ["featured", "search", "details", "search", "featured"], "\(frames.screenRuns)")
        let modal = frames.filter { $0.screen == "search" }
        #expect(modal.allSatisfy { $0.tab == nil && $0.modal == true && $0.titleButton == "done" && $0.title == "Search" },
                "the modal covers the tabs")
        #expect(frames.first { $0.screen == "featured" }?.titleButton == "search")
        #expect(frames.allOutputs.contains("titleButton:featured:search") && frames.allOutputs.contains("searchSubmitted:search:night")
                && frames.allOutputs.contains("back:search"), "\(frames.allOutputs)")
        #expect(frames.first { $0.screen == "details" }?.actions == ["Watch", "Share"], "search keeps Share (seed 000)")
        // The bar is grey, Done in white at its right.
        let image = try LoadedImage(contentsOf: run.file("search.png"))
        let grey = image.pixel(400, 4, is: (0x6B, 0x72, 0x80), tolerance: 6), left = image.pixel(20, 24, is: (0x6B, 0x72, 0x80), tolerance: 6)
        var done = 0
        for y in 14..<34 { for x in 744..<800 where image.pixel(x, y, is: (0xFF, 0xFF, 0xFF), tolerance: 60) { done += 1 } }
        #expect(grey && left, "grey bar, no back button: \(image.rgba(400, 4)) \(image.rgba(20, 24))")
        #expect(done > 20, "Done drawn: \(done) white pixels")
    }

    @Test("the embedded sample: Listen on a station plays its stream in the circle, which stays on another tab; Watch on a video releases it and opens the player (a picture, no tabs); Escape: the details")
    func listenThenWatch() async throws {
        let run = try await DemoRun.script("""
            \(Self.classicalDetails)
            300 tap \(Self.firstButton.x) \(Self.firstButton.y)
            300 wait-state playing \(DemoRun.serverWait)
            400 key escape
            400 wait-screen radio 5000
            500 tap \(Self.tab(0).x) \(Self.tab(0).y)
            500 wait-screen featured 5000
            500 screenshot circle.png
            600 tap 400 \(ListGeometry.row(0).y)
            600 wait-screen details 5000
            1200 tap \(Self.firstButton.x) \(Self.firstButton.y)
            1200 wait-screen player 10000
            1200 wait-video playing 60000
            1200 wait-position 2 30000
            1200 screenshot watching.png
            1300 key escape
            1300 wait-screen details 10000
            1400 quit
            """, arguments: ["--app", "interlochen", "--open-with", "true"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.allOutputs.contains("action:details:listen") && frames.allOutputs.contains("action:details:watch"),
                "\(frames.allOutputs)")
        #expect(frames.first?.circle == "hidden", "the circle is hidden until something plays")
        let listening = try #require(frames.firstIndex { $0.state == "playing" && $0.stream == true }, "\(frames.stateRuns)")
        #expect(frames[listening].nowPlaying != nil)
        let watched = try #require(frames.firstIndex { $0.outputs?.contains("action:details:watch") == true })
        // On Featured, before Watch: the stream still plays and the circle shows.
        let onFeatured = frames[listening..<watched].filter { $0.screen == "featured" }
        #expect(!onFeatured.isEmpty && onFeatured.allSatisfy { $0.circle != "hidden" && $0.stream == true }, "\(onFeatured.map(\.state))")
        // After Watch: the player over the details, the station released (no circle, no headphones mark), no tabs.
        let after = Array(frames[watched...])
        #expect(after.screenRuns.compactMap { $0 } == ["player", "details"], "the frame of the tap shows the player: \(after.screenRuns)")
        let player = after.filter { $0.screen == "player" }
        #expect(player.allSatisfy { $0.circle == "hidden" && $0.stream == nil && $0.audible == nil && $0.tab == nil })
        #expect(player.contains { $0.video?.state == "playing" && ($0.video?.position ?? 0) >= 2 }, "\(player.compactMap(\.video?.state))")
        #expect(after.last?.screen == "details" && after.last?.video == nil && after.last?.circle == "hidden")
        try expectVideoPicture(run.file("watching.png"), in: player)
        // The circle over the Featured list: its body colour at the centre, away from the icon.
        let image = try LoadedImage(contentsOf: run.file("circle.png"))
        let frame = try #require(onFeatured.last)
        #expect(image.pixel(Int(frame.x) + 40, Int(frame.y), is: (0x2E, 0x3A, 0x59), tolerance: 40)
                || image.pixel(Int(frame.x) + 40, Int(frame.y), is: (0x2A, 0x9D, 0x8F), tolerance: 40),
                "circle at (\(frame.x), \(frame.y)): \(image.rgba(Int(frame.x) + 40, Int(frame.y)))")
    }

    @Test("Watch on the live cast (Featured's last row): the player plays it as live video (no duration), a picture; its ✕: the details")
    func watchLiveCast() async throws {
        // The player's ✕ sits where the shell's back button does; a move shows the controls first.
        let close = ShellLayout(size: Size(width: 800, height: 600)).backButton.center
        // Featured scrolled to its end (15 rows, 584 pt, and the circle's room after them): the cast is the last row,
        // its centre at y 508 less that room.
        let run = try await DemoRun.script("""
            \(Self.start)
            100 wheel 0 -50 400 300
            100 wait-still 20000
            200 tap 400 \(508 - ListGeometry.endInset)
            200 wait-screen details 5000
            200 wait-still 20000
            300 tap \(Self.firstButton.x) \(Self.firstButton.y)
            300 wait-screen player 10000
            300 wait-video playing 60000
            300 wait-frames 15 30000
            300 screenshot live.png
            400 move \(close.x) \(close.y)
            400 tap \(close.x) \(close.y)
            400 wait-screen details 10000
            500 quit
            """, arguments: ["--app", "interlochen", "--open-with", "true"])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.allOutputs.contains("rowSelected:featured:livestream:6001") && frames.allOutputs.contains("action:details:watch"),
                "\(frames.allOutputs)")
        #expect(frames.screenRuns.compactMap { $0 } == ["featured", "details", "player", "details"], "\(frames.screenRuns)")
        let player = frames.filter { $0.screen == "player" }
        #expect(player.allSatisfy { $0.tab == nil && $0.circle == "hidden" })
        let playing = player.compactMap(\.video).filter { $0.state == "playing" }
        #expect(!playing.isEmpty && playing.allSatisfy { $0.duration == nil && $0.live == true }, "live: LIVE, no duration")
        try expectVideoPicture(run.file("live.png"), in: player)
    }
}
