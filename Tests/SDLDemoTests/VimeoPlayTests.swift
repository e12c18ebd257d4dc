import Foundation
import StreamServer
import Testing
import TestSupport

/// Watch and Listen in a Vimeo video's details, end to end on the sample library: Watch opens the video player on
/// the video's HLS link (the sample's links all point at the embedded default stream, a 10 s ladder up to
/// 192 × 108 with its two audio renditions) and closing it returns to the details; Listen fetches the best audio
/// track of the same link into the circle.
@Suite("Vimeo app: Watch and Listen", .serialized, .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct VimeoPlayTests {
    /// Opens the album, then the details of the video in visible row `row`.
    static func openDetails(row: Int) -> String {
        """
        200 tap 400 \(ListGeometry.row(row).y)
        200 wait-screen details 5000
        200 wait-still 20000
        """
    }

    /// Runs `steps` after the album opened, on the sample routes (served for the run); the run exited cleanly and
    /// the video's HLS link was fetched.
    static func runOnAlbum(_ steps: String) async throws -> DemoRun {
        let server = try await VimeoSampleRoutes.serve()
        let run = try await DemoRun.script(VimeoAppTests.openAlbum + "\n" + steps, arguments: VimeoSampleRoutes.arguments(server))
        let playlists = VimeoSampleRoutes.requests("/video/", on: server).filter { $0.hasSuffix("master.m3u8") }
        try await server.shutdown()
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(playlists.count >= 1, "the video's HLS link was fetched")
        return run
    }

    @Test("Watch: the player screen plays the video's HLS link (a picture), Escape closes it: the details, then the album at its scroll")
    func watch() async throws {
        let run = try await Self.runOnAlbum("""
            150 wheel 0 -2 400 300
            150 wait-still 20000
            \(Self.openDetails(row: 2))
            300 tap \(VimeoAppTests.watch.x) \(VimeoAppTests.watch.y)
            300 wait-screen player 10000
            300 wait-video playing 60000
            300 wait-position 2 30000
            300 screenshot watching.png
            400 key escape
            400 wait-screen details 10000
            500 key escape
            500 wait-screen videos 5000
            600 quit
            """)
        defer { run.remove() }
        let frames = try run.frames()
        #expect(frames.screenRuns == ["albums", "videos", "details", "player", "details", "videos"], "\(frames.screenRuns)")
        // Two notches scroll 160 pt: the third row shown is the album's fifth video (the fourth has no files, so no Watch).
        #expect(frames.allOutputs.contains("rowSelected:videos:1201004") && frames.allOutputs.contains("action:details:watch"),
                "\(frames.allOutputs)")
        let player = frames.filter { $0.screen == "player" }
        #expect(player.allSatisfy { $0.tab == nil && $0.circle == "hidden" })
        #expect(player.contains { $0.video?.state == "playing" && ($0.video?.position ?? 0) >= 2 }, "\(player.compactMap(\.video?.state))")
        #expect(player.compactMap(\.video).allSatisfy { $0.live == false }, "a VOD")
        #expect(!frames.contains { $0.screen != "player" && $0.video != nil }, "the video shows only on the player screen")
        // Back on the album at the scroll it was left at.
        let scrolls = frames.filter { $0.screen == "videos" }.compactMap(\.scroll)
        let left = try #require(frames.last { $0.screen == "videos" && $0.t < (player.first?.t ?? 0) }?.scroll)
        #expect(left > 0 && scrolls.last == left, "left at \(left), back at \(String(describing: scrolls.last))")
        try expectVideoPicture(run.file("watching.png"), in: player)
    }

    @Test("Watch offline: the connection gone after the details opened, Watch shows the seed's placeholder alert and opens no player")
    func watchOffline() async throws {
        // The network goes away at a point the script waits for: a download of a held playlist marks it; the test
        // shuts the server down once that request is held, which fails the download; Watch's check then finds no
        // connection.
        let server = try await VimeoSampleRoutes.serve()
        server.setFaults([FaultRule(path: "/held.m3u8", fault: .holdUntilReleased)])
        let demo = try await DemoProcess.start(script: """
            \(VimeoAppTests.openAlbum)
            \(Self.openDetails(row: 1))
            250 play-download \(server.url(for: "/held.m3u8").absoluteString)
            250 wait-state failed 60000
            300 tap \(VimeoAppTests.watch.x) \(VimeoAppTests.watch.y)
            300 wait-notice 20000
            300 screenshot notice.png
            400 quit
            """, arguments: VimeoSampleRoutes.arguments(server))
        #expect(await waitUntil { server.statistics.heldRequests >= 1 }, "the script never reached the held download")
        try await server.shutdown()
        let run = await demo.finish()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        #expect(frames.allOutputs.contains("action:details:watch"), "\(frames.allOutputs)")
        #expect(frames.last?.notice == "No internet connection" && frames.last?.screen == "details")
        #expect(!frames.contains { $0.screen == "player" || $0.video != nil }, "no player offline")
        // The notice: a white card.
        let notice = try LoadedImage(contentsOf: run.file("notice.png"))
        #expect(notice.pixel(200, 215, is: (0xFF, 0xFF, 0xFF), tolerance: 2), "\(notice.rgba(200, 215))")
    }

    @Test("Listen: the player fetches the video's HLS audio into the circle, then plays it; no player screen")
    func listen() async throws {
        let run = try await Self.runOnAlbum("""
            \(Self.openDetails(row: 1))
            300 tap \(VimeoAppTests.listen.x) \(VimeoAppTests.listen.y)
            300 wait-state fetching 10000
            300 wait-state playing 30000
            400 quit
            """)
        defer { run.remove() }
        let frames = try run.frames()
        #expect(frames.allOutputs.contains("action:details:listen"))
        let states = frames.stateRuns
        let fetching = try #require(states.firstIndex(of: "fetching"), "\(states)")
        #expect(states[fetching...].contains("playing"), "\(states)")
        #expect(!frames.contains { $0.screen == "player" || $0.video != nil }, "Listen opens no player")
    }
}

/// The video's picture is drawn in a screenshot of the player: colourful at the centre of its rectangle (the
/// samples' test pattern; the letterbox and an undrawn picture are black).
func expectVideoPicture(_ file: URL, in player: [TraceFrame]) throws {
    let shown = try #require(player.last { $0.video?.rect != nil && ($0.video?.framesShown ?? 0) > 0 }?.video?.rect)
    let image = try LoadedImage(contentsOf: file)
    let (r, g, b, _) = image.rgba(Int(shown[0] + shown[2] / 2), Int(shown[1] + shown[3] / 2))
    #expect(r + g + b > 60, "a picture inside \(shown): \((r, g, b))")
}
