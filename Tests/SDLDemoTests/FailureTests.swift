import Foundation
import Samples
import StreamServer
import Testing
import TestSupport

/// A stream that cannot be fetched: the failed look, the message, and a retry by tapping.
@Suite("Failure and retry")
struct FailureTests {
    @Test("a missing stream shows the failed look with its message; a tap retries")
    func failedThenRetry() async throws {
        // A server with nothing on it: every request gets 404, each 0.3 s late, so the fetching state lasts
        // long enough to be drawn even when the machine is busy (an immediate 404 can beat the next frame).
        let server = try await StreamServer.start(content: .files([:]))
        server.setFaults([FaultRule(path: "*", fault: .delay(seconds: 0.3))])
        let url = server.url(for: "/missing/hls_index.m3u8")
        let run = try await DemoRun.script("""
            0 size 400 300
            100 key space
            100 wait-state failed 30000
            100 screenshot failed.bmp
            200 key space
            200 wait-state fetching 2000
            200 wait-state failed 30000
            300 quit
            """, arguments: ["--url", url.absoluteString])
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")

        let frames = try run.frames()
        #expect(frames.stateRuns == ["uninitialized", "fetching", "failed", "fetching", "failed"], "\(frames.stateRuns)")
        // The message names what failed.
        let text = try String(contentsOf: run.traceFile, encoding: .utf8)
        let failedLine = try #require(text.split(separator: "\n").first { $0.contains("\"state\":\"failed\"") })
        #expect(failedLine.contains("\"message\":\""), "\(failedLine)")
        #expect(failedLine.contains("missing/hls_index.m3u8"), "\(failedLine)")
        #expect(frames.first { $0.state == "failed" }?.icon == "retry")

        // Pixels: a red ring at the circle's rim (0.94·r), a white arrow arc at 0.42·r, a dark body between.
        let image = try BMPImage(contentsOf: run.file("failed.bmp"))
        let (cx, cy, r) = (200, 150, 60.0)
        var red = 0
        var white = 0
        for i in 0..<36 {
            let angle = Double(i) / 36 * 2 * Double.pi
            let ringX = cx + Int((0.94 * r * cos(angle)).rounded()), ringY = cy + Int((0.94 * r * sin(angle)).rounded())
            if image.pixel(ringX, ringY, is: Colors.failureRing, tolerance: 20) { red += 1 }
            let arcX = cx + Int((0.42 * r * cos(angle)).rounded()), arcY = cy + Int((0.42 * r * sin(angle)).rounded())
            if image.pixel(arcX, arcY, is: Colors.icon, tolerance: 20) { white += 1 }
        }
        #expect(red == 36, "\(red) of 36 rim samples red")
        // The arrow covers 300° of the circle; the arrow head adds a little.
        #expect(white >= 27 && white <= 33, "\(white) of 36 arc samples white")
        let centreIsIcon = image.pixel(cx, cy, is: Colors.icon, tolerance: 20)
        #expect(!centreIsIcon)
    }
}

/// Quitting in the middle of a download.
@Suite("Quitting")
struct QuitTests {
    @Test("quitting while fetching cancels the download and leaves no cache file behind")
    func quitWhileFetching() async throws {
        // The embedded stream, served slowly (segments throttled) so the quit lands mid-download.
        let stream = try SampleName.defaultStream.directory()
        let server = try await StreamServer.start(content: .directory(stream.path))
        server.setFaults([FaultRule(path: "*.ts", fault: .throttle(bytesPerSecond: 30_000))])
        // Quit as soon as some of it has arrived (about 8 s of throttled download remain then).
        let run = try await DemoRun.script("""
            0 size 400 300
            100 key space
            100 wait-state fetching 1000
            100 wait-progress 0.01 60000
            200 quit
            """, arguments: ["--url", server.url(for: "/hls_index.m3u8").absoluteString])
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let frames = try run.frames()
        let last = try #require(frames.last)
        #expect(last.state == "fetching", "the download finished before the quit: \(last.state)")
        #expect(last.progress > 0 && last.progress < 1, "progress \(last.progress)")
        // Nothing of the download is left in TMPDIR (the run's directory): no file, no .part, no resume state.
        let left = try FileManager.default.contentsOfDirectory(atPath: run.directory.path)
        #expect(left.allSatisfy { !$0.hasPrefix("CirclePlayer-") }, "left behind: \(left)")
        #expect(run.stderr.contains("caching download at \(run.directory.path)"), "\(run.diagnostics)")
    }
}
