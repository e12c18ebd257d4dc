import Foundation
import StreamServer
import Testing
import TestSupport

/// Whether `strace -f` can trace a child here (it needs ptrace; some containers forbid it).
private let straceWorks: Bool = {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    guard let strace = paths.map({ "\($0)/strace" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        return false
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: strace)
    process.arguments = ["-f", "-qq", "-o", "/dev/null", "/bin/true"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()

/// The window on a hostile server (issue 28), watched from outside: `strace -f -e trace=openat,connect,socket,bind`
/// on SDLDemo, a canary file with an inotify watch, a listening port that must see no connection, and its stderr.
@Suite("SDLDemo on a hostile stream: nothing opened, no socket, every line terminal-safe, still running",
       .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct HostileVideoTests {
    @Test("segments that are ffconcat, DASH, SDP and HLS, and a master with escape codes in a stray URI line",
          .enabled(if: straceWorks, "strace cannot trace here (ptrace not permitted); scripts/bootstrap.sh test installs strace"))
    func hostileServer() async throws {
        let canary = try FileCanary()
        defer { canary.remove() }
        let listener = try ConnectionCanary()
        defer { listener.stop() }
        var files: [String: ServedFile] = [:]
        let sample = PackagePaths.videoSample.appendingPathComponent("ts/v240p")
        var media = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-PLAYLIST-TYPE:VOD\n"
        let hostile = hostileSegments(canary: canary, listener: listener).map(\.body)
        for index in 0 ..< 10 {
            let name = String(format: "seg%02d.ts", index)
            if index % 2 == 1, index / 2 < hostile.count {
                files["/v/\(name)"] = ServedFile(string: hostile[index / 2], contentType: "video/mp2t")
            } else {
                files["/v/\(name)"] = ServedFile(data: [UInt8](try Data(contentsOf: sample.appendingPathComponent(name))), path: name)
            }
            media += "#EXTINF:1.0,\n\(name)\n"
        }
        files["/v/index.m3u8"] = ServedFile(string: media + "#EXT-X-ENDLIST\n", contentType: ContentTypes.m3u8)
        // A stray URI line after EXT-X-MEDIA: parsed with a warning the downloader logs through swift-log.
        files["/master.m3u8"] = ServedFile(string: """
            #EXTM3U
            #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="x",URI="s.m3u8"
            stray \(hostileEscapes).m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=426x240,CODECS="avc1.4d401e,mp4a.40.2"
            v/index.m3u8

            """, contentType: ContentTypes.m3u8)
        try await withStreamServer(content: .files(files)) { server in
            let directory = try makeTemporaryDirectory("strace")
            defer { try? FileManager.default.removeItem(at: directory) }
            let trace = directory.appendingPathComponent("strace.txt").path
            let run = try await DemoRun.script("""
                0 wait-video ended 120000
                100 quit
                """, arguments: ["--video", server.url(for: "/master.m3u8").absoluteString, "--no-mpris"],
                launcher: ["/usr/bin/env", "strace", "-f", "-qq", "-e", "trace=openat,open,connect,socket,bind", "-o", trace])
            defer { run.remove() }
            #expect(run.status == 0, "alive to the end and quit by the script: \(run.diagnostics)")
            let videos = try run.frames().compactMap(\.video)
            #expect(videos.last?.state == "ended", "\(videos.last.map { "\($0)" } ?? "no video")")

            // Terminal-safe: no control byte but line ends on stderr, the escapes shown as text.
            #expect(!run.stderr.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F ... 0x9F).contains($0.value) },
                    "\(run.stderr.debugDescription)")
            // (The playlist's CR ends its line, RFC 8216 §4.1: the forged rest is a line of its own, quoted as such.)
            #expect(run.stderr.contains("URI line \"stray x\\e]0;PWNED\\x07\\e[2J\\e[31mRED\\u{9b}31m\""), "\(run.stderr)")
            let skipped = run.stderr.split(separator: "\n").filter { $0.hasPrefix("SDLDemo: video: skipped segment") && $0.contains("not an MPEG-TS segment") }
            #expect(skipped.count == hostile.count, "\(run.stderr)")

            // Nothing opened: the canary file, its folder, the listening port, no UDP socket, no bind.
            #expect(!canary.wasOpened, "SDLDemo opened \(canary.path)")
            #expect(listener.connections == 0, "SDLDemo connected to 127.0.0.1:\(listener.port)")
            let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(!calls.isEmpty, "strace wrote its trace")
            #expect(!calls.contains { $0.contains(canary.path) || $0.contains("secret.ts") }, "\(calls.filter { $0.contains("secret") })")
            #expect(!calls.contains { $0.contains("SOCK_DGRAM") && ($0.contains("AF_INET") || $0.contains("AF_INET6")) },
                    "\(calls.filter { $0.contains("SOCK_DGRAM") })")
            #expect(!calls.contains { $0.contains(" bind(") && $0.contains("AF_INET") }, "\(calls.filter { $0.contains("bind(") })")
            let inetConnects = calls.filter { $0.contains(" connect(") && $0.contains("AF_INET") }
            #expect(!inetConnects.isEmpty && inetConnects.allSatisfy { $0.contains("sin_port=htons(\(server.port))") },
                    "connections other than to the stream's server: \(inetConnects)")
        }
    }
}
