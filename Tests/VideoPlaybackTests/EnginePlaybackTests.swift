import AudioPlayback
import Foundation
import StreamServer
import Testing
import TestSupport
import VideoCore
import VideoPlayback

/// The sample over HTTP on 127.0.0.1, played headlessly on a silent output driven by a virtual clock.
@Suite("VideoEngine: plays the sample", .serialized)
struct EnginePlaybackTests {
    static func ladder(_ path: String) async throws -> (StreamServer, EngineHarness, VideoStatus) {
        let server = try await startSampleServer()
        let harness = EngineHarness()
        harness.engine.open(VideoRequest(source: .hls(server.url(for: path)), title: "sample"))
        let end = try await harness.run { $0.state == .ended || $0.state.name == "failed" }
        return (server, harness, end)
    }

    @Test("TS ladder (muxed AAC): from 0 to the end, frames at their times, in sync, no stall", .timeLimit(.minutes(10)))
    func transportStream() async throws {
        let (server, harness, end) = try await Self.ladder("/ts/master.m3u8")
        #expect(end.state == .ended, "\(end)")
        #expect(end.duration.map { abs($0 - 10) < 0.01 } == true)
        #expect(end.framesShown + end.framesDropped >= 299, "\(end.framesShown) shown, \(end.framesDropped) dropped")
        #expect(end.framesDropped <= 3, "a virtual clock at 30 Hz drops (almost) nothing: \(end.framesDropped)")
        #expect(harness.shown.first.map { abs($0.time) < 1e-3 } == true, "the first frame is at 0: \(String(describing: harness.shown.first))")
        let times = harness.shown.map(\.time)
        #expect(times == times.sorted())
        #expect(end.stalls == 0)
        #expect(end.bandwidth != nil)
        #expect(harness.statuses.allSatisfy { $0.error == nil })
        // A/V offset of the frames shown while playing: within ffplay's 40 ms threshold at the 95th percentile.
        let offsets = harness.statuses.compactMap(\.avOffsetMs).map(abs).sorted()
        let p95 = offsets.isEmpty ? 0 : offsets[Int(Double(offsets.count - 1) * 0.95)]
        #expect(p95 <= 40, "p95 |avOffset| = \(p95) ms")
        #expect(Double(harness.acceptedFrames) / 44_100 > 9.5, "the audio went to the device: \(harness.acceptedFrames) frames")
        try await server.shutdown()
    }

    @Test("fMP4 ladder with a separate AAC rendition: plays to the end", .timeLimit(.minutes(10)))
    func fragmentedMP4() async throws {
        let (server, harness, end) = try await Self.ladder("/fmp4/master.m3u8")
        #expect(end.state == .ended, "\(end)")
        #expect(end.framesShown + end.framesDropped >= 299)
        #expect(end.stalls == 0)
        #expect(Double(harness.acceptedFrames) / 44_100 > 9.5)
        let paths = server.statistics.requests.map(\.path)
        #expect(paths.contains("/fmp4/vaudio/index.m3u8"))
        let audioSegments = try String(contentsOf: PackagePaths.videoSample.appendingPathComponent("fmp4/vaudio/index.m3u8"), encoding: .utf8)
            .split(separator: "\n").filter { $0.hasPrefix("#EXTINF") }.count
        #expect(paths.filter { $0.hasPrefix("/fmp4/vaudio/seg") }.count == audioSegments, "every audio segment once")
        #expect(paths.filter { $0 == "/fmp4/vaudio/init_0.mp4" }.count == 1, "an init section is fetched once")
        try await server.shutdown()
    }

    @Test("a media playlist given directly: no bandwidth to report")
    func mediaPlaylist() async throws {
        let (server, _, end) = try await Self.ladder("/ts/v360p/index.m3u8")
        #expect(end.state == .ended)
        #expect(end.bandwidth == nil)
        #expect(end.variant == nil)
        #expect(end.width == 640 && end.height == 360)
        try await server.shutdown()
    }

    @Test("the first frame's pixels equal ffmpeg's decode of the same frame", .enabled(if: VideoFixtures.ffmpeg != nil))
    func firstFramePixels() async throws {
        let server = try await startSampleServer()
        let harness = EngineHarness()
        harness.engine.open(VideoRequest(source: .hls(server.url(for: "/ts/master.m3u8"))))
        let status = try await harness.run { $0.framesShown >= 1 }
        let frame = try #require(harness.lastFrame)
        #expect(abs(frame.time) < 1e-3)
        let name = ["v240p", "v360p", "v480p"][try #require(status.variant)]
        let reference = try await VideoFixtures.referenceFrame(PackagePaths.videoSample.appendingPathComponent("ts/\(name)/seg00.ts"), index: 0)
        let planes = frame.packedPlanes()
        let ours = planes.y + planes.u + planes.v
        #expect(ours.count == reference.count)
        let difference = zip(ours, reference).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        #expect(Double(difference) / Double(max(1, ours.count)) < 1.0, "mean absolute difference \(Double(difference) / Double(max(1, ours.count)))")
        harness.engine.close()
        try await server.shutdown()
    }
}
