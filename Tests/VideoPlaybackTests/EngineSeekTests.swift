import Foundation
import StreamServer
import Testing
import TestSupport
import VideoCore
import VideoPlayback

@Suite("VideoEngine: seek, pause, start offset", .serialized)
struct EngineSeekTests {
    static func open(_ path: String = "/ts/master.m3u8", start: Double? = nil) async throws -> (StreamServer, EngineHarness) {
        let server = try await startSampleServer()
        let harness = EngineHarness()
        harness.engine.open(VideoRequest(source: .hls(server.url(for: path)), startSeconds: start))
        return (server, harness)
    }

    @Test("seek lands on the frame asked for: nothing before it is shown; its pixels are ffmpeg's", .enabled(if: VideoFixtures.ffmpeg != nil))
    func seekLands() async throws {
        let (server, harness) = try await Self.open()
        try await harness.run { $0.state == .playing && $0.position >= 2 }
        let before = harness.shown.count
        harness.engine.seek(to: 6.5)
        let after = try await harness.run { $0.state == .playing && $0.position >= 6.6 }
        let shownAfter = harness.shown.dropFirst(before)
        #expect(shownAfter.first.map { abs($0.time - 6.5) < 1e-3 } == true, "first frame after the seek: \(String(describing: shownAfter.first))")
        #expect(shownAfter.allSatisfy { $0.time >= 6.5 - 1e-3 }, "nothing before the target")
        #expect(after.stalls == 0, "the wait after a seek is not a stall")
        // The frame at 6.5 s is frame 15 of segment 6.
        harness.engine.seek(to: 6.5)
        try await harness.run { $0.framesShown > after.framesShown && $0.position == 6.5 }
        let frame = try #require(harness.lastFrame)
        let name = ["v240p", "v360p", "v480p"][frame.variantID ?? 0]
        let reference = try await VideoFixtures.referenceFrame(PackagePaths.videoSample.appendingPathComponent("ts/\(name)/seg06.ts"), index: 15)
        let planes = frame.packedPlanes()
        let ours = planes.y + planes.u + planes.v
        let difference = zip(ours, reference).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        #expect(ours.count == reference.count)
        #expect(Double(difference) / Double(max(1, ours.count)) < 1.0)
        try await server.shutdown()
    }

    @Test("a target between frames shows the frame on screen at that time")
    func seekBetweenFrames() async throws {
        let (server, harness) = try await Self.open()
        try await harness.run { $0.state == .playing }
        let before = harness.shown.count
        harness.engine.seek(to: 4.01)
        try await harness.run { $0.framesShown > before && harness.shown.count > before }
        #expect(abs(harness.shown[before].time - 4.0) < 1e-3, "\(harness.shown[before])")
        try await server.shutdown()
    }

    @Test("seek while paused: stays paused, shows the target frame, position is the target")
    func seekWhilePaused() async throws {
        let (server, harness) = try await Self.open()
        try await harness.run { $0.state == .playing && $0.position >= 1 }
        harness.engine.pause()
        let count = harness.shown.count
        harness.engine.seek(to: 7)
        let status = try await harness.run { _ in harness.shown.count > count }
        #expect(status.state == .paused)
        #expect(abs(harness.shown[count].time - 7) < 1e-3)
        #expect(abs(status.position - 7) < 1e-3)
        try await server.shutdown()
    }

    @Test("pause holds the position while time passes; play continues from it")
    func pauseHolds() async throws {
        let (server, harness) = try await Self.open()
        try await harness.run { $0.state == .playing && $0.position >= 3 }
        harness.engine.pause()
        let paused = harness.pump()
        #expect(paused.state == .paused)
        let frames = harness.shown.count
        let start = harness.now
        let later = try await harness.run { _ in harness.now >= start + 2 }
        #expect(later.state == .paused)
        #expect(later.position == paused.position)
        #expect(harness.shown.count == frames, "no frame while paused")
        harness.engine.play()
        let resumed = try await harness.run { $0.state == .playing && $0.position > paused.position + 0.5 }
        #expect(resumed.stalls == 0)
        #expect(harness.shown[frames].time > paused.position - 1e-3, "continues after the paused frame")
        try await server.shutdown()
    }

    @Test("start offset: the first frame is the one at the start time")
    func startOffset() async throws {
        let (server, harness) = try await Self.open("/fmp4/master.m3u8", start: 5)
        let status = try await harness.run { $0.framesShown >= 1 }
        #expect(abs((harness.shown.first?.time ?? -1) - 5) < 1e-3)
        #expect(abs(status.position - 5) < 1e-3)
        // Video segments start on whole seconds; the audio rendition's last 1.0028 s each, so its segment 4 holds 5.0.
        let video = server.statistics.requests.map(\.path).filter { $0.hasSuffix(".m4s") && !$0.contains("vaudio") }
        #expect(!video.contains { ["seg00.m4s", "seg01.m4s", "seg02.m4s", "seg03.m4s", "seg04.m4s"].contains(String($0.split(separator: "/").last ?? "")) },
                "no video before segment 5 fetched: \(video)")
        let audio = server.statistics.requests.map(\.path).filter { $0.contains("vaudio/seg") }
        #expect(!audio.contains { $0.hasSuffix("seg03.m4s") }, "no audio before the segment holding 5.0: \(audio)")
        try await server.shutdown()
    }

    @Test("a seek past the end shows the last frame, then ends")
    func seekPastEnd() async throws {
        let (server, harness) = try await Self.open()
        try await harness.run { $0.state == .playing }
        harness.engine.seek(to: 30)
        let end = try await harness.run { $0.state == .ended }
        #expect(abs((harness.shown.last?.time ?? 0) - (10 - 1.0 / 30)) < 1e-3)
        #expect(end.stalls == 0)
        harness.engine.play()
        let again = try await harness.run { $0.state == .playing && $0.position < 1 }
        #expect(again.position < 1, "play after the end starts over")
        try await server.shutdown()
    }
}
