import Foundation
import StreamServer
import Testing
import TestSupport
import VideoCore
import VideoPlayback

@Suite("VideoEngine: the ABR on a real link", .serialized)
struct EngineABRTests {
    /// Variant of each segment request, in the order the server saw them.
    static func variants(_ server: StreamServer, after index: Int = 0) -> [String] {
        ladderVariants(server, after: index)
    }

    @Test("a link throttled below the top variant steps down without a stall; lifted, it steps back up",
          .timeLimit(.minutes(10)))
    func throttle() async throws {
        // 120 s of the TS ladder (twelve passes with discontinuities between them: room for every phase on a loaded
        // machine; the test ends at the step back up), on a link we slow down and free.
        let server = try await StreamServer.start(content: .files(try longLadderFiles(loops: 12)))
        // This test is about the network. It plays in real time, and on a machine busy with other tests the
        // decoder can fall behind and drop frames, which would (rightly) cap the ladder: that cap is off here.
        var configuration = VideoEngine.Configuration()
        configuration.capsOnDroppedFrames = false
        let harness = EngineHarness(configuration: configuration)
        harness.engine.open(VideoRequest(source: .hls(server.url(for: "/long/master.m3u8"))))
        // Phase 1, free link: the ABR reaches the top variant.
        try await harness.runRealTime { _ in Self.variants(server).contains("v480p") }
        // Phase 2: 40 kB/s (320 kbit/s) for everything: only 240p (about 215 kbit/s with its audio) fits.
        server.setLinkRate(bytesPerSecond: 40_000)
        let throttledAt = server.statistics.requests.count
        try await harness.runRealTime { _ in Self.variants(server, after: throttledAt).suffix(3) == ["v240p", "v240p", "v240p"] }
        let down = harness.pump()
        #expect(down.stalls == 0, "stepped down in time: \(down)")
        // Phase 3: the link is free again: back up to the top.
        server.setLinkRate(bytesPerSecond: nil)
        let liftedAt = server.statistics.requests.count
        let up = try await harness.runRealTime { _ in Self.variants(server, after: liftedAt).contains("v480p") }
        #expect(up.stalls == 0, "\(up)")
        #expect(up.state == .playing)
        let decisions = harness.engine.abrDecisions.map { $0.variant ?? -1 }
        #expect(decisions.contains(0) && decisions.last(where: { $0 != 0 }) == 2, "\(decisions)")
        harness.engine.close()
        try await server.shutdown()
    }

    @Test("the window's size caps the ladder: a 426x240 picture never gets more than 240p")
    func displayCap() async throws {
        let server = try await startSampleServer()
        let harness = EngineHarness()
        harness.engine.setDisplaySize(width: 426, height: 240)
        harness.engine.open(VideoRequest(source: .hls(server.url(for: "/ts/master.m3u8"))))
        let end = try await harness.run { $0.state == .ended || $0.state.name == "failed" }
        #expect(end.state == .ended)
        #expect(Set(Self.variants(server)) == ["v240p"], "\(Self.variants(server))")
        #expect(end.bandwidth == 235_400)
        try await server.shutdown()
    }

    @Test("--max-bandwidth caps the ladder")
    func bandwidthCap() async throws {
        let server = try await startSampleServer()
        let harness = EngineHarness()
        harness.engine.open(VideoRequest(source: .hls(server.url(for: "/ts/master.m3u8")), maxBandwidth: 300_000))
        let end = try await harness.run { $0.state == .ended || $0.state.name == "failed" }
        #expect(end.state == .ended)
        #expect(Set(Self.variants(server)) == ["v240p"])
        try await server.shutdown()
    }
}
