import Foundation
import StreamServer
import Testing
import TestSupport
import VideoCore
import VideoPlayback

@Suite("VideoEngine: live HLS", .serialized)
struct EngineLiveTests {
    @Test("starts 3 target durations from the live edge, keeps reloading, stays near the edge", .timeLimit(.minutes(10)))
    func live() async throws {
        let server = try await StreamServer.start(content: .files([:]))
        let source = try LiveSource(playlistFile: PackagePaths.videoSample.appendingPathComponent("ts/v240p/index.m3u8").path)
        var configuration = LiveStreamConfiguration(source: source, windowSize: 6)
        configuration.timing = .manual
        let live = try server.startLive(configuration)
        let harness = EngineHarness()
        harness.engine.open(VideoRequest(source: .hls(live.playlistURL)))
        let first = try await harness.run { $0.framesShown >= 1 }
        #expect(first.isLive)
        #expect(first.duration == nil)
        // The window holds segments 0…5 (6 s): the start is the last one starting ≥ 3 s before the end, segment 3.
        #expect(abs((harness.shown.first?.time ?? -1) - 3) < 0.05, "\(String(describing: harness.shown.first))")
        var edge = 6.0
        for _ in 0 ..< 8 {
            try await harness.run { $0.position >= edge - 2 }
            live.advance()
            edge += 1
        }
        let fetched = { Set(server.statistics.requests.map(\.path).filter { $0.hasSuffix(".ts") }).count }
        // It keeps reloading: every segment listed since is fetched (3, 4, 5 at the start, then 8 new ones).
        try await harness.run { _ in fetched() >= 3 + 8 }
        let status = try await harness.run { $0.position >= edge - 2.5 }
        #expect(status.state == .playing)
        #expect(edge - status.position <= 4, "within 3 target durations (and a segment) of the edge: \(edge - status.position) s")
        #expect(status.stalls == 0)
        let reloads = server.statistics.requests.filter { $0.path == live.playlistURL.path }.count
        #expect(reloads >= 3, "the playlist was reloaded: \(reloads) loads")
        #expect(server.statistics.requests.filter { $0.path.hasSuffix(".ts") }.count == fetched(), "each segment once")
        let times = harness.shown.map(\.time)
        #expect(times == times.sorted(), "one continuous time line across the loop of the source")
        harness.engine.close()
        try await server.shutdown()
    }
}
