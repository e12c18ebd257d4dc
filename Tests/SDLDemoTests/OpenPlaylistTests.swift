import Foundation
import StreamServer
import Testing
import TestSupport

/// `SDLDemo PLAYLIST` (what the desktop entry runs for a `.m3u8`): an audio-only playlist plays in the circle, one
/// with video in the video player (MediaCore's `PlaylistOpening`), local or over HTTP.
@Suite("Opening a playlist", .serialized, .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct OpenPlaylistTests {
    @Test("a local audio-only master: the circle downloads it at once and plays it")
    func localAudio() async throws {
        let folder = try makeTemporaryDirectory("OpenPlaylistTests")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await DemoRun.script("""
            0 wait-state playing 30000
            100 quit
            """, arguments: [try PlaylistFixtures.audioOnlyMaster(in: folder).path])
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        #expect(run.stderr.contains("opening radio.m3u8: audio only, with an end: the circle downloads it and plays it"), "\(run.stderr)")
        let states = try run.frames().map(\.state)
        #expect(states.first == "fetching", "no tap needed: \(states.prefix(3))")
        #expect(states.contains("playing"))
    }

    @Test("the embedded stream's master (three video variants) opens in the video player; so does its file: URL")
    func localVideo() async throws {
        let url = PackagePaths.defaultStream.appendingPathComponent("hls_index.m3u8")
        for argument in [url.path, url.absoluteString] {
            let run = try await DemoRun.script("""
                0 wait-video playing 60000
                100 quit
                """, arguments: [argument])
            defer { run.remove() }
            #expect(run.status == 0, "\(run.diagnostics)")
            #expect(run.stderr.contains("opening hls_index.m3u8: video"), "\(run.stderr)")
            #expect(try run.frames().contains { $0.video?.state == "playing" })
        }
    }

    @Test("over HTTP: an audio-only master goes to the circle, the video one to the video player")
    func remote() async throws {
        let folder = try makeTemporaryDirectory("OpenPlaylistTests")
        defer { try? FileManager.default.removeItem(at: folder) }
        try PlaylistFixtures.audioOnlyMaster(in: folder)
        try PlaylistFixtures.videoMaster(in: folder)
        let server = try await StreamServer.start(content: .directory(folder.path))
        do {
            let audio = try await DemoRun.script("0 wait-state playing 30000\n100 quit\n",
                                                 arguments: [server.url(for: "/radio.m3u8").absoluteString])
            defer { audio.remove() }
            #expect(audio.status == 0, "\(audio.diagnostics)")
            #expect(audio.stderr.contains("audio only, with an end"), "\(audio.stderr)")
            let video = try await DemoRun.script("0 wait-video playing 60000\n100 quit\n",
                                                 arguments: [server.url(for: "/video.m3u8").absoluteString])
            defer { video.remove() }
            #expect(video.status == 0, "\(video.diagnostics)")
            #expect(video.stderr.contains("opening video.m3u8: video"), "\(video.stderr)")
        }
        try await server.shutdown()
    }

    @Test("what cannot be opened is a clear error before any window: a missing file, another scheme, with --app")
    func errors() async throws {
        let missing = try await DemoRun.script("100 quit\n", arguments: ["/nonexistent/x.m3u8"])
        defer { missing.remove() }
        #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/x.m3u8: no such file, or not readable"), "\(missing.diagnostics)")
        let scheme = try await DemoRun.script("100 quit\n", arguments: ["ftp://example.invalid/x.m3u8"])
        defer { scheme.remove() }
        #expect(scheme.status == 1 && scheme.stderr.contains("only http, https and file URLs"), "\(scheme.diagnostics)")
        let app = try await DemoRun.script("100 quit\n", arguments: ["--app", "vimeo", "x.m3u8"])
        defer { app.remove() }
        #expect(app.status != 0 && app.stderr.contains("a playlist to open goes with the circle player alone"), "\(app.diagnostics)")
    }
}
