import AudioPlayback
import Foundation
import StreamServer
import Testing
import TestSupport
import VideoCore
import VideoPlayback

/// Byte ranges, AES-128, HEVC, MP3 audio and a local MP4 file: fixtures made with ffmpeg at run time.
@Suite("VideoEngine: byte ranges, AES-128, HEVC, MP3, local files", .serialized, .enabled(if: VideoFixtures.ffmpeg != nil))
struct EngineFormatTests {
    static func play(directory: URL, path: String) async throws -> (StreamServer, EngineHarness, VideoStatus) {
        let server = try await StreamServer.start(content: .directory(directory.path))
        let harness = EngineHarness()
        harness.engine.open(VideoRequest(source: .hls(server.url(for: path))))
        let end = try await harness.run { $0.state == .ended || $0.state.name == "failed" }
        return (server, harness, end)
    }

    @Test("EXT-X-BYTERANGE: one file, fetched by ranges, plays to the end")
    func byteRanges() async throws {
        let (server, harness, end) = try await Self.play(directory: try await VideoFixtures.shared.byteRanges(), path: "/index.m3u8")
        #expect(end.state == .ended, "\(end)")
        #expect(harness.shown.count + end.framesDropped >= 299)
        let ranged = server.statistics.requests.filter { $0.path == "/all.ts" }
        #expect(ranged.count == 10)
        #expect(ranged.allSatisfy { $0.rangeHeader?.hasPrefix("bytes=") == true && $0.status == 206 })
        try await server.shutdown()
    }

    @Test("AES-128: segments decrypted with the key fetched once")
    func encrypted() async throws {
        let (server, harness, end) = try await Self.play(directory: try await VideoFixtures.shared.encrypted(), path: "/index.m3u8")
        #expect(end.state == .ended, "\(end)")
        #expect(harness.shown.count + end.framesDropped >= 299)
        #expect(server.statistics.requests.filter { $0.path == "/key.bin" }.count == 1)
        try await server.shutdown()
    }

    @Test("HEVC in fMP4 (hvc1), chosen through its CODECS")
    func hevc() async throws {
        let (server, harness, end) = try await Self.play(directory: try await VideoFixtures.shared.hevc(), path: "/master.m3u8")
        #expect(end.state == .ended, "\(end)")
        #expect(end.width == 192 && end.height == 108)
        #expect(harness.shown.count + end.framesDropped >= 89)
        #expect(Double(harness.acceptedFrames) / 44_100 > 2.5)
        try await server.shutdown()
    }

    @Test("MP3 audio in MPEG-TS")
    func mp3() async throws {
        let (server, harness, end) = try await Self.play(directory: try await VideoFixtures.shared.mp3Audio(), path: "/index.m3u8")
        #expect(end.state == .ended, "\(end)")
        #expect(Double(harness.acceptedFrames) / 44_100 > 2.5, "\(harness.acceptedFrames) frames of audio")
        try await server.shutdown()
    }

    @Test("a local MP4 file: plays from 0 to its end, seeks exactly")
    func localFile() async throws {
        let file = try await VideoFixtures.shared.mp4File()
        let harness = EngineHarness()
        harness.engine.open(VideoRequest(source: .file(file.path)))
        let playing = try await harness.run { $0.state == .playing && $0.position >= 1 }
        #expect(playing.duration.map { abs($0 - 10) < 0.1 } == true, "\(String(describing: playing.duration))")
        #expect(abs((harness.shown.first?.time ?? -1)) < 1e-3, "starts at 0: \(String(describing: harness.shown.first))")
        #expect(playing.bandwidth == nil)
        let count = harness.shown.count
        harness.engine.seek(to: 8.5)
        let end = try await harness.run { $0.state == .ended || $0.state.name == "failed" }
        #expect(end.state == .ended, "\(end)")
        #expect(abs(harness.shown[count].time - 8.5) < 1e-3, "\(harness.shown[count])")
        let missing = EngineHarness()
        missing.engine.open(VideoRequest(source: .file("/nonexistent/clip.mp4")))
        let failed = try await missing.run { $0.state.name == "failed" }
        #expect(failed.error?.contains("/nonexistent/clip.mp4") == true)
    }
}
