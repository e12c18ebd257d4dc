import Foundation
import StreamServer
import Testing
import TestSupport

/// Secrets on the command line (issue 20): `--token-file` is the safe way; the token reaches no output, no
/// error, no store; stores are created mode 0600 in directories of mode 0700.
@Suite(.enabled(if: ProcessRunner.executable(named: "mediakit") != nil, "mediakit binary not built"), .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct MediaKitSecretsCLITests {
    static func permissions(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("--token-file: the token is sent, never shown; the store and its new directory are private")
    func tokenFile() async throws {
        let files = try MediaKitVimeoCLITests.Files()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        let tokenFile = files.directory.appendingPathComponent("token")
        try "\(VimeoSample.token)\n".write(to: tokenFile, atomically: true, encoding: .utf8)
        let store = files.directory.appendingPathComponent("new/nested/vimeo.sqlite").path
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            let binary = try #require(ProcessRunner.executable(named: "mediakit"))
            let environment = ProcessInfo.processInfo.environment.filter { $0.key != "VIMEO_TOKEN" }
            let arguments = ["vimeo", "--base-url", server.baseURL.absoluteString, "--store", store,
                             "--token-file", tokenFile.path]
            for command in [["me"], ["albums", "--json"], ["videos", "424242"], ["refresh", "--force"]] {
                let outcome = try await ProcessRunner.run(binary, arguments + command, environment: environment)
                #expect(outcome.sanitizerReport == nil)
                #expect(command != ["me"] || outcome.status == 0, "\(outcome.stderr)")
                #expect(!outcome.stdout.contains(VimeoSample.token) && !outcome.stderr.contains(VimeoSample.token), "\(command)")
            }
            #expect(server.statistics.requests.contains { $0.authorizationScheme == "Bearer" })
            #expect(try Self.permissions(store) == 0o600)
            #expect(try Self.permissions(files.directory.appendingPathComponent("new").path) == 0o700)
            #expect(try Self.permissions(files.directory.appendingPathComponent("new/nested").path) == 0o700)
            let stored = try Data(contentsOf: URL(fileURLWithPath: store))
            #expect(stored.range(of: Data(VimeoSample.token.utf8)) == nil, "the token is not stored")

            // A missing file, an empty one, one of two lines: one line naming the option and the file, exit 1.
            let empty = files.directory.appendingPathComponent("empty")
            try "".write(to: empty, atomically: true, encoding: .utf8)
            let twoLines = files.directory.appendingPathComponent("two")
            try "secret-one\nsecret-two\n".write(to: twoLines, atomically: true, encoding: .utf8)
            for (file, reason) in [(files.directory.appendingPathComponent("missing").path, "cannot read the file"),
                                   (empty.path, "the file is empty"), (twoLines.path, "more than one line")] {
                let outcome = try await ProcessRunner.run(binary, ["vimeo", "--base-url", server.baseURL.absoluteString,
                                                                   "--store", store, "--token-file", file, "me"],
                                                          environment: environment)
                #expect(outcome.status == 1)
                #expect(outcome.stderr.hasPrefix("mediakit: error: --token-file \(file): \(reason)"), "\(outcome.stderr)")
                #expect(outcome.stderr.split(separator: "\n").count == 1)
                #expect(!outcome.stderr.contains("secret-one"))
            }
            // Both ways at once: a usage error.
            let both = try await ProcessRunner.run(binary, arguments + ["--token", "x", "me"], environment: environment)
            #expect(both.status == 64)
        }
    }
}

/// `mediakit` ends promptly on SIGTERM and SIGINT while a request hangs (issue 20), leaving the store as it was.
@Suite(.enabled(if: ProcessRunner.executable(named: "mediakit") != nil, "mediakit binary not built"), .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct MediaKitSignalTests {
    @Test("SIGTERM and SIGINT during a held request end mediakit at once", arguments: [SIGTERM, SIGINT])
    func signalsEndAHeldRequest(_ signal: Int32) async throws {
        let files = try MediaKitVimeoCLITests.Files()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        try await withStreamServer(routes: try VimeoSample.routes(), faults: [FaultRule(path: "/me", fault: .holdUntilReleased)]) { server in
            let binary = try #require(ProcessRunner.executable(named: "mediakit"))
            let running = try await ProcessRunner.Running.start(binary, ["vimeo", "--base-url", server.baseURL.absoluteString,
                                                             "--store", files.store, "--token", VimeoSample.token,
                                                             "--timeout", "600", "me"])
            #expect(await server.waitForStatistics { $0.currentRequests > 0 }.currentRequests > 0, "the request never arrived")
            running.send(signal: signal)
            let (outcome, timedOut) = await running.finishReportingTimeout()
            #expect(!timedOut, "mediakit ignored signal \(signal)")
            #expect(outcome.status != 0)
            _ = server.releaseHeld()
        }
    }
}
