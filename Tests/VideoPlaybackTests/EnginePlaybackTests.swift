import AudioPlayback
import Foundation
import StreamServer
import Testing
import TestSupport
import VideoCore
import VideoPlayback

@Suite("VideoEngine: the sample over HTTP, headless", .serialized)
struct EnginePlaybackTests {
    @Test("TS ladder: opens, plays from 0 with frames at their times, ends", .timeLimit(.minutes(3)))
    func playsTransportStream() async throws {
        let server = try await startSampleServer()
        defer { Task { try? await server.shutdown() } }
        let harness = EngineHarness()
        harness.engine.open(VideoRequest(source: .hls(server.url(for: "/ts/master.m3u8")), title: "sample"))
        let end = try await harness.run { $0.state == .ended || $0.state.name == "failed" }
        #expect(end.state == .ended, "\(end)")
        #expect(end.duration.map { abs($0 - 10) < 0.01 } == true)
        #expect(end.framesShown + end.framesDropped >= 295, "\(end.framesShown) shown, \(end.framesDropped) dropped")
        #expect(harness.shown.first.map { abs($0.time) < 1e-3 } == true, "the first frame is at 0: \(String(describing: harness.shown.first))")
        let times = harness.shown.map(\.time)
        #expect(times == times.sorted())
        #expect(end.stalls == 0)
        #expect(end.bandwidth != nil)
        try await server.shutdown()
    }
}
