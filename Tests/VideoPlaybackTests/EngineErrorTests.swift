import Foundation
import StreamServer
import Testing
import TestSupport
import VideoCore
import VideoPlayback

/// Every file of the sample under `folder` (e.g. `ts`), keyed by its served path.
func sampleFiles(_ folder: String) throws -> [String: ServedFile] {
    let root = PackagePaths.videoSample.appendingPathComponent(folder)
    var files: [String: ServedFile] = [:]
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
        guard !url.hasDirectoryPath else { continue }
        let relative = "/\(folder)" + url.path.dropFirst(root.path.count)
        files[relative] = ServedFile(data: [UInt8](try Data(contentsOf: url)), path: relative)
    }
    return files
}

@Suite("VideoEngine: errors say what and where; damaged media is skipped", .serialized)
struct EngineErrorTests {
    static func play(_ content: ServerContent, path: String, faults: [FaultRule] = [], maxBandwidth: Double? = nil)
        async throws -> (StreamServer, EngineHarness, VideoStatus) {
        let server = try await StreamServer.start(content: content)
        server.setFaults(faults)
        let harness = EngineHarness()
        harness.engine.open(VideoRequest(source: .hls(server.url(for: path)), maxBandwidth: maxBandwidth))
        let end = try await harness.run { $0.state == .ended || $0.state.name == "failed" }
        return (server, harness, end)
    }

    @Test("a 404 playlist: failed, naming the URL and the status")
    func missingPlaylist() async throws {
        let (server, _, end) = try await Self.play(.files([:]), path: "/nothing/master.m3u8")
        #expect(end.state.name == "failed")
        #expect(end.error?.contains("404") == true, "\(String(describing: end.error))")
        #expect(end.error?.contains("/nothing/master.m3u8") == true)
        try await server.shutdown()
    }

    @Test("garbage instead of a playlist: failed, naming the URL and the line")
    func garbagePlaylist() async throws {
        let (server, _, end) = try await Self.play(
            .files(["/bad.m3u8": ServedFile(string: "<html>hello</html>\n", contentType: "text/html")]), path: "/bad.m3u8")
        #expect(end.state.name == "failed")
        #expect(end.error?.contains("/bad.m3u8") == true, "\(String(describing: end.error))")
        #expect(end.error?.contains("line 1") == true)
        try await server.shutdown()
    }

    @Test("an unsupported codec: failed, naming it")
    func unsupportedCodec() async throws {
        let master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=640x360,CODECS=\"vvc1.1.L51,mp4a.40.2\"\nv.m3u8\n"
        let (server, _, end) = try await Self.play(.files(["/m.m3u8": ServedFile(string: master, contentType: "application/vnd.apple.mpegurl")]),
                                                   path: "/m.m3u8")
        #expect(end.state.name == "failed")
        #expect(end.error?.contains("vvc1.1.L51") == true, "\(String(describing: end.error))")
        #expect(server.statistics.requests.map(\.path) == ["/m.m3u8"], "no variant was fetched")
        try await server.shutdown()
    }

    @Test("every variant failing: failed, with each variant's error")
    func everyVariantFails() async throws {
        var files = try sampleFiles("ts")
        for name in ["v240p", "v360p", "v480p"] { files["/ts/\(name)/index.m3u8"] = nil }
        let (server, _, end) = try await Self.play(.files(files), path: "/ts/master.m3u8")
        #expect(end.state.name == "failed")
        #expect(end.error?.contains("every variant failed") == true, "\(String(describing: end.error))")
        for name in ["v240p", "v360p", "v480p"] { #expect(end.error?.contains("/ts/\(name)/index.m3u8") == true) }
        try await server.shutdown()
    }

    @Test("a 404 variant playlist is left for another; play goes on to the end")
    func missingVariant() async throws {
        var files = try sampleFiles("ts")
        files["/ts/v360p/index.m3u8"] = nil
        let (server, _, end) = try await Self.play(.files(files), path: "/ts/master.m3u8")
        #expect(end.state == .ended, "\(end)")
        #expect(end.stalls == 0)
        #expect(server.statistics.requests.contains { $0.path == "/ts/v360p/index.m3u8" && $0.status == 404 })
        try await server.shutdown()
    }

    @Test("a corrupt segment in a media playlist is skipped and counted; play goes on to the end")
    func corruptSegment() async throws {
        var files = try sampleFiles("ts")
        files["/ts/v240p/seg03.ts"] = ServedFile(data: [UInt8](repeating: 0x5A, count: 30_000), path: "/ts/v240p/seg03.ts")
        let (server, harness, end) = try await Self.play(.files(files), path: "/ts/v240p/index.m3u8")
        #expect(end.state == .ended, "\(end)")
        #expect(end.segmentsSkipped == 1)
        let times = harness.shown.map(\.time)
        #expect(!times.contains { $0 >= 3 - 1e-3 && $0 < 4 - 1e-3 }, "nothing of segment 3")
        #expect(times.contains { $0 >= 4 - 1e-3 }, "what follows it plays")
        try await server.shutdown()
    }

    @Test("a missing segment in a ladder is fetched from another variant")
    func missingSegmentInLadder() async throws {
        // Capped at 500 kbit/s the ABR plays 360p (its first choice) and cannot go higher; 360p's segment 4 is gone.
        let (server, _, end) = try await Self.play(.directory(PackagePaths.videoSample.path), path: "/ts/master.m3u8",
                                                   faults: [FaultRule(path: "/ts/v360p/seg04.ts", fault: .status(code: 404, times: Int.max))],
                                                   maxBandwidth: 500_000)
        #expect(end.state == .ended, "\(end)")
        let requests = server.statistics.requests.filter { $0.path.hasSuffix("seg04.ts") }
        #expect(requests.map(\.path) == ["/ts/v360p/seg04.ts", "/ts/v240p/seg04.ts"], "\(requests.map { ($0.path, $0.status) })")
        #expect(requests.map(\.status) == [404, 200])
        #expect(end.segmentsSkipped == 0)
        try await server.shutdown()
    }
}
