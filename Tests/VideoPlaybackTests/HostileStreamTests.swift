import CFFmpeg
import Foundation
import StreamServer
import Testing
import TestSupport
import VideoCore
@testable import VideoPlayback

/// The engine's lines (`video: …`) of one test.
private final class LineLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}

/// Whether `text` holds a byte that drives a terminal: a C0 control, DEL, or a C1 control (U+0080–U+009F).
func hasControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F ... 0x9F).contains($0.value) }
}

@Suite("Hostile streams (issue 28): FFmpeg reads only what we fetched; no number traps; every line terminal-safe", .serialized)
struct HostileStreamTests {
    static let m3u8 = ContentTypes.m3u8

    /// Plays `path` of `files` to its end (or failure), with the engine's lines collected.
    static func play(_ files: [String: ServedFile], path: String, until: ((VideoStatus, StreamServer) -> Bool)? = nil)
        async throws -> (server: StreamServer, harness: EngineHarness, end: VideoStatus, lines: [String]) {
        let server = try await StreamServer.start(content: .files(files))
        let log = LineLog()
        var configuration = VideoEngine.Configuration()
        configuration.log = { log.append($0) }
        let harness = EngineHarness(configuration: configuration)
        harness.engine.open(VideoRequest(source: .hls(server.url(for: path))))
        let end = try await harness.run { status in
            status.state == .ended || status.state.name == "failed" || (until?(status, server) ?? false)
        }
        return (server, harness, end, log.lines)
    }

    /// The sample's 240p MPEG-TS segment `n`.
    static func sampleSegment(_ n: Int) throws -> ServedFile {
        ServedFile(data: [UInt8](try PackagePaths.data(String(format: "Sources/Samples/VideoSample/ts/v240p/seg%02d.ts", n))),
                   path: String(format: "/seg%02d.ts", n))
    }

    @Test("segments that are ffconcat, DASH, SDP or HLS text are skipped as not MPEG-TS: no file opened, no connection, play goes on")
    func otherFormatsAreNotRead() async throws {
        let canary = try FileCanary()
        defer { canary.remove() }
        let listener = try ConnectionCanary()
        defer { listener.stop() }
        let hostile = hostileSegments(canary: canary, listener: listener)
        // The sample's segments 1, 3, 5, 7 and 9 replaced: never six failures in a row, so the video plays on.
        var files = try sampleFiles("ts")
        let replaced = hostile.enumerated().map { index, segment in (path: String(format: "/ts/v240p/seg%02d.ts", 2 * index + 1), segment) }
        for (path, segment) in replaced { files[path] = ServedFile(string: segment.body, contentType: "video/mp2t") }
        let (server, harness, end, lines) = try await Self.play(files, path: "/ts/v240p/index.m3u8")
        #expect(end.state == .ended, "\(end)")
        #expect(end.segmentsSkipped == hostile.count, "\(lines)")
        for (path, segment) in replaced {
            #expect(lines.contains { $0.contains(path) && $0.contains("not an MPEG-TS segment") }, "\(segment.name): \(lines)")
        }
        #expect(!canary.wasOpened, "a segment made FFmpeg open \(canary.path)")
        #expect(listener.connections == 0, "a segment made FFmpeg connect to 127.0.0.1:\(listener.port)")
        #expect(harness.shown.contains { $0.time >= 8 }, "segment 8 played")
        #expect(server.statistics.requests.allSatisfy { $0.path != "/dash.ts" && $0.path != "/hls.ts" })
        try await server.shutdown()
    }

    @Test("a media segment is demuxed as the playlist says: MPEG-TS bytes under an EXT-X-MAP are not probed as something else")
    func containerComesFromThePlaylist() throws {
        let ts = [UInt8](try PackagePaths.data("Sources/Samples/VideoSample/ts/v240p/seg00.ts"))
        let initSection = [UInt8](try PackagePaths.data("Sources/Samples/VideoSample/fmp4/v240p/init_1.mp4"))
        let fragment = [UInt8](try PackagePaths.data("Sources/Samples/VideoSample/fmp4/v240p/seg00.m4s"))
        #expect(SegmentContainer.of(hasInitSection: false, bytes: ts) == .mpegTS)
        #expect(SegmentContainer.of(hasInitSection: true, bytes: initSection + fragment) == .fragmentedMP4)
        #expect(SegmentContainer.of(hasInitSection: true, bytes: ts) == .mpegTS)
        #expect(SegmentContainer.of(hasInitSection: false, bytes: Array("ffconcat version 1.0\n".utf8)) == .mpegTS)
        // Packed audio (RFC 8216 §3.4): an ID3 tag, then the first frame's sync word names the codec.
        let id3: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 2] + [0, 0]
        #expect(SegmentContainer.of(hasInitSection: false, bytes: id3 + [0xFF, 0xF1, 0x50, 0x80, 0x01, 0x7F]) == .packedAudio(.aac))
        #expect(SegmentContainer.of(hasInitSection: false, bytes: id3 + [0xFF, 0xFB, 0x90, 0x64, 0x00, 0x00]) == .packedAudio(.mp3))
        #expect(SegmentContainer.of(hasInitSection: false, bytes: id3 + [0x0B, 0x77, 0x00, 0x00, 0x50, 0x40]) == .packedAudio(.ac3))
        #expect(SegmentContainer.of(hasInitSection: false, bytes: id3 + [0x0B, 0x77, 0x00, 0x00, 0x00, 0x80]) == .packedAudio(.eac3))
        // The wrong container for the bytes: refused or empty, never another demuxer.
        #expect(throws: FFmpegError.self) {
            let demuxer = try MediaDemuxer(bytes: ts, label: "ts as fMP4", container: .fragmentedMP4)
            _ = try demuxer.next(anchorSeconds: 0, generation: 0, variantID: nil, kinds: [.video, .audio])
        }
    }

    @Test("a local file that is a playlist, concat script or session description is refused by name; nothing it names is opened")
    func localFilesOfOtherFormatsAreRefused() throws {
        let canary = try FileCanary()
        defer { canary.remove() }
        let listener = try ConnectionCanary()
        defer { listener.stop() }
        let folder = try makeTemporaryDirectory("hostile-files")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(file: String, body: String, format: String)] = [
            ("list.ffconcat", "ffconcat version 1.0\nfile '\(canary.path)'\n", "concat"),
            ("list.m3u8", "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n\(listener.url())\n#EXT-X-ENDLIST\n", "hls"),
            ("session.sdp", hostileSegments(canary: canary, listener: listener)[3].body, "sdp"),
        ]
        for item in cases {
            let path = folder.appendingPathComponent(item.file).path
            try Data(item.body.utf8).write(to: URL(fileURLWithPath: path))
            #expect {
                _ = try MediaDemuxer(path: path)
            } throws: { error in
                let text = "\(error)"
                return text.contains(path) && text.contains("(\(item.format))") && text.contains("not a media file the player opens")
            }
        }
        #expect(!canary.wasOpened)
        #expect(listener.connections == 0)
        // A media file still opens, its streams found.
        let demuxer = try MediaDemuxer(path: PackagePaths.videoSample.appendingPathComponent("ts/v240p/seg00.ts").path)
        #expect(demuxer.videoParameters != nil && demuxer.audioParameters != nil)
    }

    @Test("a 16000×16000 H.264 bomb is refused before a picture is allocated, with one clear line")
    func decompressionBomb() async throws {
        let bomb = [UInt8](try Data(contentsOf: PackagePaths.hostileMedia.appendingPathComponent("bomb-16000x16000.ts")))
        var playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-PLAYLIST-TYPE:VOD\n"
        for _ in 0 ..< 3 { playlist += "#EXTINF:1.0,\nbomb.ts\n" }
        playlist += "#EXT-X-ENDLIST\n"
        let files = ["/index.m3u8": ServedFile(string: playlist, contentType: Self.m3u8),
                     "/bomb.ts": ServedFile(data: bomb, path: "/bomb.ts")]
        let (server, _, end, lines) = try await Self.play(files, path: "/index.m3u8")
        #expect(end.state.name == "failed", "\(end)")
        #expect(end.error?.contains("16000×16000") == true && end.error?.contains("8192") == true, "\(String(describing: end.error))")
        #expect(lines.filter { $0.contains("16000×16000") }.count == 1, "\(lines)")
        #expect(end.framesShown == 0)
        try await server.shutdown()
    }

    @Test("absurd numbers in a media playlist are a clear error naming the line, not a trap", arguments: [
        ("#EXTINF:1000000000000000000000,", "EXTINF duration", 3),
        ("#EXTINF:5000000000000,", "EXTINF duration", 3),
        ("#EXT-X-MEDIA-SEQUENCE:9223372036854775805\n#EXTINF:1,", "EXT-X-MEDIA-SEQUENCE", 3),
        ("#EXT-X-DISCONTINUITY-SEQUENCE:9223372036854775807\n#EXTINF:1,", "EXT-X-DISCONTINUITY-SEQUENCE", 3),
    ])
    func absurdNumbers(_ line: String, _ tag: String, _ number: Int) async throws {
        let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:1\n\(line)\nseg00.ts\n#EXTINF:1,\nseg00.ts\n#EXTINF:1,\nseg00.ts\n"
        let files = ["/live.m3u8": ServedFile(string: playlist, contentType: Self.m3u8), "/seg00.ts": try Self.sampleSegment(0)]
        let (server, _, end, lines) = try await Self.play(files, path: "/live.m3u8")
        #expect(end.state.name == "failed", "\(end)")
        #expect(end.error?.contains(tag) == true && end.error?.contains("line \(number)") == true, "\(String(describing: end.error))")
        #expect(lines.count == 1, "\(lines)")
        try await server.shutdown()
    }

    @Test("an fMP4 fragment with timestamps near 2^62 is skipped, not a trap; the rest plays")
    func timestampsNear2To62() async throws {
        var files = try sampleFiles("fmp4")
        files["/fmp4/v240p/seg01.m4s"] = ServedFile(
            data: [UInt8](try Data(contentsOf: PackagePaths.hostileMedia.appendingPathComponent("tfdt-2e62.m4s"))), path: "/fmp4/v240p/seg01.m4s")
        let (server, harness, end, lines) = try await Self.play(files, path: "/fmp4/v240p/index.m3u8")
        #expect(end.state == .ended, "\(end) \(lines)")
        #expect(end.segmentsSkipped == 1, "\(lines)")
        #expect(lines.contains { $0.contains("seg01.m4s") && $0.contains("timestamp") }, "\(lines)")
        #expect(harness.shown.contains { $0.time >= 9 }, "the segments after it played")
        try await server.shutdown()
    }

    @Test("a ladder of live playlists of near-zero EXTINF and a BANDWIDTH of Int.max: no trap")
    func tinyDurationsAndHugeBandwidth() async throws {
        // 1e-61, the smallest the parser's 64 characters spell: a measured bit rate times a segment is ~10^65 bytes.
        let tiny = "0." + String(repeating: "0", count: 60) + "1"
        var live = "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:7\n"
        for n in 0 ..< 6 { live += "#EXTINF:\(tiny),\n/seg\(n % 3).ts\n" }
        let master = """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=9223372036854775807,RESOLUTION=426x240,CODECS="avc1.4d401e,mp4a.40.2"
            a.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=9223372036854775806,RESOLUTION=426x240,CODECS="avc1.4d401e,mp4a.40.2"
            b.m3u8

            """
        var files: [String: ServedFile] = ["/master.m3u8": ServedFile(string: master, contentType: Self.m3u8),
                                           "/a.m3u8": ServedFile(string: live, contentType: Self.m3u8),
                                           "/b.m3u8": ServedFile(string: live, contentType: Self.m3u8)]
        for n in 0 ..< 3 { files["/seg\(n).ts"] = try Self.sampleSegment(n).renamed("/seg\(n).ts") }
        // Until the ABR has measured segments and chosen again (where a Double → Int conversion trapped) and a frame
        // showed (the bandwidth on screen is converted too): a few segments fetched.
        let (server, harness, end, _) = try await Self.play(files, path: "/master.m3u8") { status, server in
            status.framesShown > 0 && server.statistics.requests.filter { $0.path.hasSuffix(".ts") }.count >= 4
        }
        #expect(end.state.name != "failed", "\(end)")
        #expect(harness.statuses.contains { $0.bandwidth == Int.max }, "a BANDWIDTH beyond Double's exact range shows as Int.max")
        harness.engine.close()
        try await server.shutdown()
    }

    @Test("a master of 10,000 failing variants: at most 8 tried, one line")
    func thousandsOfFailingVariants() async throws {
        var master = "#EXTM3U\n"
        for n in 0 ..< 10_000 { master += "#EXT-X-STREAM-INF:BANDWIDTH=\(100_000 + n),RESOLUTION=426x240\nv\(n).m3u8\n" }
        let files = ["/master.m3u8": ServedFile(string: master, contentType: Self.m3u8)]
        let (server, _, end, lines) = try await Self.play(files, path: "/master.m3u8")
        #expect(end.state.name == "failed", "\(end)")
        let variantRequests = server.statistics.requests.filter { $0.path != "/master.m3u8" }
        #expect(variantRequests.count <= HLSFeeder.maxVariantsTried, "\(variantRequests.count) variant playlists requested")
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.contains("9992 more not tried") == true, "\(lines)")
        try await server.shutdown()
    }

    @Test("FFmpeg's log reaches our writer one line at a time, every control character escaped")
    func ffmpegLogIsTerminalSafe() throws {
        // Other suites of this process may log meanwhile: their lines are told apart by text, and no limit drops ours.
        let log = LineLog()
        FFmpegLog.configure(level: .error, linesPerSecond: .max) { log.append($0) }
        defer { FFmpegLog.configure(level: .error, linesPerSecond: FFmpegLog.defaultLinesPerSecond, write: FFmpegLog.standardError) }
        func vlog(_ level: Int32, _ format: String, _ text: String) {
            text.withCString { pointer in withVaList([pointer]) { av_vlog(nil, level, format, $0) } }
        }
        vlog(16, "Unsafe file name '%s'\n", hostileEscapes)  // AV_LOG_ERROR
        vlog(16, "%s", "first part ")                       // one line in two calls, as FFmpeg writes some
        vlog(16, "%s\n", "second part")
        vlog(32, "%s\n", "not shown")                       // AV_LOG_INFO, under the level
        let lines = log.lines.filter { $0.contains("Unsafe file name") || $0.contains("part") || $0.contains("not shown") }
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.allSatisfy { !hasControl($0) && $0.hasPrefix("ffmpeg: ") }, "\(lines)")
        #expect(lines.first?.contains("\\e]0;PWNED\\x07\\e[2J\\e[31mRED\\u{9b}31m\\rSDLDemo: video: forged\\x08\\x0b\\x0c") == true, "\(lines)")
        #expect(lines.last == "ffmpeg: first part second part")
    }
}

extension ServedFile {
    /// The same bytes served as `path` (for the content type).
    func renamed(_ path: String) -> ServedFile { ServedFile(data: data, path: path) }
}
