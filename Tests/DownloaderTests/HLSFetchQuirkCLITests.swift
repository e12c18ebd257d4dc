import Foundation
import StreamServer
import Testing
import TestSupport
@testable import Downloader

/// `hlsfetch --list` and `--verbose` on the streams of issue 9: why each track was admitted, and the playlist
/// warnings.
@Suite(.enabled(if: CommandRunner.executable != nil, "hlsfetch binary not built"), .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct HLSFetchQuirkCLITests {
    @Test func listSaysWhyEachTrackIsAudioAndPrintsTheWarnings() async throws {
        let stream = try QuirkStreams.quirks()
        try await withStreamServer(stream) { server, _ in
            let outcome = try await CommandRunner.run([server.url(for: stream.entryPath).absoluteString, "--list"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let header = try #require(lines.first)
            let column = try #require(header.range(of: "ADMITTED")).lowerBound.utf16Offset(in: header)
            #expect(lines[1].hasPrefix("* 1 audio.m3u8"))
            #expect(lines[1].dropFirst(column).hasPrefix("CODECS "))
            let first = try #require(lines.firstIndex { $0.hasPrefix("playlist warnings (8)") })
            let warnings = lines[(first + 1)...].filter { $0.hasPrefix("warning: ") }
            #expect(warnings.count == 8)
            let masterURL = server.url(for: "/q/master.m3u8").absoluteString
            #expect(warnings.first == "warning: line 1: 2 blank or comment line(s) before #EXTM3U (line 3), skipped (RFC 8216 §4.3.1.1) [\(masterURL)]")
            #expect(warnings.last?.hasPrefix("warning: line 7: EXT-X-MAP follows an AES-128 EXT-X-KEY without IV; the initialization section is decrypted with IV 0, as hls.js does (RFC 8216 §4.3.2.5)") == true)
            #expect(outcome.stderr.isEmpty)
        }
    }

    @Test func listMarksTheAudioOnlyVariantOfTheRFCLayout() async throws {
        let stream = try QuirkStreams.iframesLayout()
        try await withStreamServer(stream) { server, _ in
            let outcome = try await CommandRunner.run([server.url(for: stream.entryPath).absoluteString, "--list"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let rows = outcome.stdout.split(separator: "\n").map(String.init)
            #expect(rows.filter { $0.hasPrefix("*") }.count == 1)
            #expect(rows.contains { $0.hasPrefix("* 1 audio-only.m3u8") && $0.contains(" CODECS ") })
            #expect(!outcome.stdout.contains("audio-video"))
            #expect(!outcome.stdout.contains("playlist warnings"))
        }
    }

    @Test func verboseDownloadLogsTheWarningsAndQuietDoesNot() async throws {
        let stream = try QuirkStreams.quirks()
        try await withStreamServer(stream) { server, directory in
            let verbosePath = directory.appendingPathComponent("v.mp4").path
            let verbose = try await CommandRunner.run([server.url(for: stream.entryPath).absoluteString, "-o", verbosePath,
                                                       "--verbose", "--quiet"])
            #expect(verbose.status == 0, "\(verbose.stderr)")
            #expect(fileBytes(verbosePath) == stream.expected)
            let logged = verbose.stderr.split(separator: "\n").filter { $0.contains("warning") && $0.contains("playlist: line ") }
            #expect(logged.count == 8, "\(verbose.stderr)")
            #expect(logged.contains { $0.contains("EXT-X-KEY with METHOD=NONE has URI=\"\"; the empty URI is ignored (RFC 8216 §4.3.2.4)") })

            let plainPath = directory.appendingPathComponent("p.mp4").path
            let plain = try await CommandRunner.run([server.url(for: stream.entryPath).absoluteString, "-o", plainPath, "--quiet"])
            #expect(plain.status == 0)
            #expect(plain.stderr.isEmpty)
        }
    }

    /// The usage line says the truth: `--output` is required unless `--list` is given (issue 9, item 6).
    @Test func usageSaysOutputIsRequiredWithoutList() async throws {
        let outcome = try await CommandRunner.run(["http://127.0.0.1:9/x.m3u8"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("Missing expected argument '--output <FILE>' (or use --list)."))
        let usage = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(usage.contains { $0.hasPrefix("Usage: hlsfetch <url> --output <FILE> [--concurrency <n>]") })
        #expect(usage.contains { $0.hasPrefix("       hlsfetch <url> --list [--name <name>]") })
        #expect(!outcome.stderr.contains("[--output <FILE>]") && !outcome.stderr.contains("[-o <FILE>]"))
        let help = try await CommandRunner.run(["--help"])
        #expect(help.stdout.contains("-o, --output <FILE>     File to write (required unless --list is given)."))
    }
}
