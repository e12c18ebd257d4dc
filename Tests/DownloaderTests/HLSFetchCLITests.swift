import Foundation
import StreamServer
import Testing
import TestSupport
@testable import Downloader

/// The `hlsfetch` executable, run as a subprocess against a ``StreamServer``.
@Suite(.enabled(if: CommandRunner.executable != nil, "hlsfetch binary not built"), .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct HLSFetchCLITests {
    @Test func downloadsTheBestTrackAndExitsZero() async throws {
        let stream = StreamFixtures.arkivaLike(segmentCount: 8, segmentSize: 16_000)
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("cli.ts").path
            let outcome = try await CommandRunner.run([server.url(for: stream.entryPath).absoluteString, "-o", path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(sha256Hex(fileBytes(path)) == stream.expectedSHA256)
            #expect(outcome.stdout.contains(stream.expectedSHA256))
            #expect(outcome.stdout.contains("English 256K"))
            // Not a terminal: plain progress lines, the last at 100 %.
            let lines = outcome.stderr.split(separator: "\n")
            #expect(lines.last?.hasPrefix("hlsfetch: 100.0%") == true)
            #expect(!outcome.stderr.contains("\r"))
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pty"))
    func terminalGetsOneUpdatingProgressLine() async throws {
        let stream = StreamFixtures.segmentFiles(count: 6, size: 4000)
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("tty.ts").path
            let binary = try #require(CommandRunner.executable).path
            // script(1) runs hlsfetch on a pseudo-terminal, so isatty(STDERR) is true.
            let command = "\(binary) \(server.url(for: stream.entryPath).absoluteString) -o \(path)"
            let outcome = try await CommandRunner.run(["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"))
            #expect(outcome.status == 0, "\(outcome.stdout)")
            #expect(fileBytes(path) == stream.expected)
            // Carriage return + erase-line before each update; the bar ends full at 100 %.
            #expect(outcome.stdout.contains("\r\u{1B}[K["))
            #expect(outcome.stdout.contains("[########################]  100.0%"))
            #expect(outcome.stdout.contains("6/6 segments"))
        }
    }

    @Test func notFoundExitsNonZeroWithOneLineNamingTheSegment() async throws {
        let stream = StreamFixtures.segmentFiles(count: 10, size: 2000)
        let faults = [FaultRule(path: "/seg/7.ts", fault: .status(code: 404, times: .max))]
        try await withStreamServer(stream, faults: faults) { server, directory in
            let path = directory.appendingPathComponent("missing.ts").path
            let outcome = try await CommandRunner.run([server.url(for: stream.entryPath).absoluteString, "-o", path, "--quiet"])
            #expect(outcome.status == 1)
            #expect(outcome.stderr == "hlsfetch: error: segment 7 (\(server.url(for: "/seg/7.ts").absoluteString)): HTTP 404 Not Found\n")
            #expect(outcome.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func listPrintsTheRankedTableWithTheChoiceMarked() async throws {
        let stream = StreamFixtures.arkivaLike(segmentCount: 4, segmentSize: 8000)
        try await withStreamServer(stream) { server, _ in
            let outcome = try await CommandRunner.run([server.url(for: stream.entryPath).absoluteString, "--list"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let rows = outcome.stdout.split(separator: "\n").map(String.init)
            let high = try #require(rows.firstIndex { $0.contains("English 256K") })
            let low = try #require(rows.firstIndex { $0.contains("English 64K") })
            #expect(high < low)
            #expect(rows[high].hasPrefix("*"))
            #expect(!rows[low].hasPrefix("*"))
            #expect(outcome.stdout.contains("chosen: English 256K"))
            // Listing downloads no segment.
            #expect(server.statistics.requests.allSatisfy { !$0.path.hasSuffix(".ts") })

            let overridden = try await CommandRunner.run([server.url(for: stream.entryPath).absoluteString, "--list",
                                                          "--name", "English 64K"])
            let marked = overridden.stdout.split(separator: "\n").filter { $0.hasPrefix("*") }
            #expect(marked.count == 1)
            #expect(marked.first?.contains("English 64K") == true)
        }
    }

    @Test func resumeAfterKillProducesAnIdenticalFile() async throws {
        let stream = StreamFixtures.segmentFiles(count: 10, size: 8000)
        try await withStreamServer(stream, faults: [FaultRule(path: "/seg/5.ts", fault: .holdUntilReleased)]) { server, directory in
            let path = directory.appendingPathComponent("killed.ts").path
            let url = server.url(for: stream.entryPath).absoluteString
            let first = try await CommandRunner.start([url, "-o", path] + CommandRunner.holdingIdleTimeout)
            let reached = await waitUntil {
                ResumeState.load(from: path + ".part.resume")?.segmentsWritten == 5
                    && server.statistics.heldRequests == 1
            }
            #expect(reached)
            first.forceKill()
            let killed = await CommandRunner.finish(first)
            #expect(killed.signaled)
            #expect(!FileManager.default.fileExists(atPath: path))

            server.setFaults([])
            #expect(await waitUntil { server.statistics.currentRequests == 0 && server.statistics.heldRequests == 0 })
            server.resetStatistics()
            let second = try await CommandRunner.run([url, "-o", path, "--resume"])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(sha256Hex(fileBytes(path)) == stream.expectedSHA256)
            let fetched = server.statistics.requests.map(\.path).filter { $0.hasPrefix("/seg/") }
            #expect(Set(fetched) == Set((5 ..< 10).map { "/seg/\($0).ts" }))
        }
    }

    @Test func interruptCancelsCleanlyWithStatus130AndKeepsTheResumableFile() async throws {
        let stream = StreamFixtures.segmentFiles(count: 8, size: 4000)
        try await withStreamServer(stream, faults: [FaultRule(path: "/seg/3.ts", fault: .holdUntilReleased)]) { server, directory in
            let path = directory.appendingPathComponent("interrupted.ts").path
            let url = server.url(for: stream.entryPath).absoluteString
            let running = try await CommandRunner.start([url, "-o", path, "--quiet"] + CommandRunner.holdingIdleTimeout)
            let reached = await waitUntil {
                ResumeState.load(from: path + ".part.resume")?.segmentsWritten == 3
                    && server.statistics.heldRequests == 1
            }
            #expect(reached)
            running.interrupt()
            let outcome = await CommandRunner.finish(running)
            #expect(!outcome.signaled)
            #expect(outcome.status == 130)
            #expect(outcome.stderr == "hlsfetch: error: interrupted; \(path).part is kept, continue with --resume\n")
            #expect(fileBytes(path + ".part") == Array(stream.expected.prefix(stream.segmentLengths.prefix(3).reduce(0, +))))
            // The held request was abandoned by the client.
            #expect(await waitUntil { server.statistics.heldRequests == 0 })
        }
    }

    @Test func helpAndUsageErrors() async throws {
        let help = try await CommandRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: hlsfetch"))
        #expect(help.stdout.contains("--resume"))
        #expect(help.stdout.contains("Examples:"))
        let missingOutput = try await CommandRunner.run(["http://127.0.0.1:1/x.m3u8"])
        #expect(missingOutput.status != 0)
        #expect(missingOutput.stderr.contains("--output"))
        let ftp = try await CommandRunner.run(["ftp://127.0.0.1/x.m3u8", "-o", "/tmp/never-written.ts"])
        #expect(ftp.status != 0)
        #expect(ftp.stderr.contains("http or https"))
        // Out-of-range numbers are refused with a usage error, never a crash (inf would overflow).
        for value in ["inf", "1e30", "0"] {
            let timeout = try await CommandRunner.run(["http://127.0.0.1:1/x.m3u8", "-o", "/tmp/never-written.ts",
                                                       "--idle-timeout", value])
            #expect(timeout.status == 64, "--idle-timeout \(value): \(timeout.stderr)")
            #expect(timeout.stderr.contains("--idle-timeout must be between"))
        }
    }
}

/// Guards the suite above: its tests are skipped when the binary is missing, so its absence must fail.
@Suite struct HLSFetchBinaryTests {
    @Test func hlsfetchBinaryIsBuiltNextToTheTests() {
        #expect(CommandRunner.executable != nil, "swift test builds every product; hlsfetch is missing")
    }
}
