import Foundation
import StreamServer
import Testing
import TestSupport
@testable import Downloader

#if canImport(Glibc)
import Glibc
#endif

/// `hlsfetch` on live streams and on failures, run as a subprocess: exit statuses, the final line, gap and
/// retry lines, and (end to end) a recording that ffmpeg decodes from start to end.
@Suite(.enabled(if: CommandRunner.executable != nil, "hlsfetch binary not built"), .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct HLSFetchLiveCLITests {
    /// `ffmpeg` and `ffprobe` (test packages in scripts/bootstrap.sh).
    static func tool(_ name: String) -> URL? {
        ["/usr/bin", "/usr/local/bin", "/bin"].map { URL(fileURLWithPath: "\($0)/\(name)") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    @Test func twentySecondsOfALiveStreamPlayFromStartToEnd() async throws {
        let ffmpeg = try #require(Self.tool("ffmpeg"), "ffmpeg is a test package (scripts/bootstrap.sh TEST_PACKAGES)")
        let ffprobe = try #require(Self.tool("ffprobe"), "ffprobe comes with ffmpeg")
        let source = try LiveSource(playlistFile: LiveFixtures.demoPlaylistPath)
        // Real time, like a radio: 1 s segments looped with continuous time stamps. The client starts near the
        // live edge whatever the window; the window is how long this process (the server) or the child may stall
        // before a segment leaves the playlist unfetched. 10 s was once too short in a full run on 2 cores.
        let configuration = LiveStreamConfiguration(source: source, windowSize: 30, looping: .continuousTimestamps,
                                                    timing: .realTime)
        try await LiveFixtures.withLiveServer(configuration) { server, live, directory in
            let path = directory.appendingPathComponent("radio.ts").path
            let outcome = try await CommandRunner.run([live.playlistURL.absoluteString, "-o", path, "--duration", "20"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.hasPrefix("\(path): "))
            #expect(outcome.stdout.contains(" no gaps; stopped at --duration"), "\(outcome.stdout)")
            #expect(!FileManager.default.fileExists(atPath: path + ".part"))

            // The audio decodes from start to end without a single error.
            let decode = try await CommandRunner.run(["-v", "error", "-i", path, "-f", "null", "-"], executable: ffmpeg)
            #expect(decode.status == 0)
            #expect(decode.stderr.isEmpty, "\(decode.stderr)")
            // Within one segment of 20 s (the last segment is whole: 20 ≤ length < 20 + 1.02).
            let probe = try await CommandRunner.run(["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path],
                                                    executable: ffprobe)
            let seconds = try #require(Double(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
            let longest = (0 ..< 10).map { live.segmentDuration($0) }.max() ?? 0
            #expect(abs(seconds - 20) <= longest, "\(seconds) s")
            // Each segment was fetched once.
            let segments = server.statistics.requests.map(\.path).filter { $0.hasPrefix("/live/seg") }
            #expect(Set(segments).count == segments.count)
        }
    }

    @Test func gapsEndWithStatus3AndAreNamedOnStderrAndInTheFinalLine() async throws {
        let source = LiveFixtures.syntheticSource(count: 20)
        let faults = [FaultRule(path: "/live/index.m3u8", fault: .holdUntilReleased)]
        try await LiveFixtures.withLiveServer(LiveFixtures.manual(source, window: 3), faults: faults) { server, live, directory in
            let path = directory.appendingPathComponent("holes.ts").path
            let running = try await CommandRunner.start([live.playlistURL.absoluteString, "-o", path, "--quiet"]
                                                         + CommandRunner.holdingIdleTimeout)
            // The first load sees 0-2; the reload is held until the window has slid past 3-5 and the stream ended.
            #expect(await waitUntil { server.statistics.heldRequests == 1 })
            #expect(server.releaseHeld(1) == 1)
            #expect(await waitUntil { server.statistics.heldRequests == 1 })
            live.advance(by: 6)
            live.end()
            #expect(server.releaseHeld(1) == 1)
            let outcome = await CommandRunner.finish(running)
            #expect(outcome.status == 3, "\(outcome.stderr)")
            #expect(outcome.stderr == "hlsfetch: gap: media sequence 3-5 (~6.0 s): no longer in the playlist when it was reloaded\n")
            #expect(outcome.stdout.contains("12.0 s recorded (6 segments, media sequence 0-8), 1 gap: 3 segments (~6.0 s) missed; the stream ended"),
                    "\(outcome.stdout)")
            #expect(fileBytes(path) == [0, 1, 2, 6, 7, 8].flatMap { live.segmentBytes($0) })
        }
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalFinishesTheRecordingWithWhatWasRecorded(signal: Int32) async throws {
        let source = LiveFixtures.syntheticSource(count: 20)
        let faults = [FaultRule(path: "/live/seg3.ts", fault: .holdUntilReleased)]
        try await LiveFixtures.withLiveServer(LiveFixtures.manual(source, window: 4), faults: faults) { server, live, directory in
            let path = directory.appendingPathComponent("signal.ts").path
            let running = try await CommandRunner.start([live.playlistURL.absoluteString, "-o", path, "--quiet"]
                                                         + CommandRunner.holdingIdleTimeout)
            // From the live edge (the last segment ≥ 6 s from the end) 1-3 are queued; 1 and 2 arrive, 3 is held.
            let expected = (1 ... 2).flatMap { live.segmentBytes($0) }
            #expect(await waitUntil { fileBytes(path + ".part").count == expected.count && server.statistics.heldRequests == 1 })
            running.send(signal: signal)
            let outcome = await CommandRunner.finish(running)
            #expect(!outcome.signaled)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.contains("4.0 s recorded (2 segments, media sequence 1-2), no gaps; stopped by a signal"),
                    "\(outcome.stdout)")
            #expect(fileBytes(path) == expected)
            #expect(!FileManager.default.fileExists(atPath: path + ".part"))
        }
    }

    @Test func everyRetryIsOneLineOnStderr() async throws {
        let stream = StreamFixtures.segmentFiles(count: 4, size: 2000)
        let faults = [FaultRule(path: "/seg/2.ts", fault: .status(code: 503, times: 2))]
        try await withStreamServer(stream, faults: faults) { server, directory in
            let path = directory.appendingPathComponent("retried.ts").path
            let outcome = try await CommandRunner.run([server.url(for: stream.entryPath).absoluteString, "-o", path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let retries = outcome.stderr.split(separator: "\n").filter { $0.contains("retrying in") }
            let segment = "hlsfetch: segment 2 (\(server.url(for: "/seg/2.ts").absoluteString)): HTTP 503 Service Unavailable"
            #expect(retries.count == 2)
            #expect(retries.first?.hasPrefix(segment + " (attempt 1 of 5); retrying in ") == true, "\(retries)")
            #expect(retries.last?.hasPrefix(segment + " (attempt 2 of 5); retrying in ") == true, "\(retries)")
            #expect(retries.allSatisfy { $0.hasSuffix(" s") })
            #expect(fileBytes(path) == stream.expected)
        }
    }

    @Test func aRefusedPortGetsTwoQuickRetriesInWords() async throws {
        let server = try await StreamServer.start(content: .files([:]))
        let url = server.url(for: "/radio.m3u8")
        try await server.shutdown()
        let outcome = try await CommandRunner.run([url.absoluteString, "-o", "/dev/null"])
        #expect(outcome.status == 1)
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.last == "hlsfetch: error: playlist \(url.absoluteString): connection refused by 127.0.0.1:\(server.port) "
            + "(is a server listening there?) (after 3 attempts)")
        // Three attempts with two short waits (about 0.25 s and 0.5 s with the default backoff), each said.
        #expect(lines[0].contains("(attempt 1 of 3); retrying in "))
        #expect(lines[1].contains("(attempt 2 of 3); retrying in "))
    }
}
