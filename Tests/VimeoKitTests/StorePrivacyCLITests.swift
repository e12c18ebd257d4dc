import Foundation
import StreamServer
import Testing
import TestSupport

/// `mediakit vimeo` on its default store (`$XDG_CACHE_HOME/circleplayer/vimeo/HOST_PORT.sqlite`) under umask 000:
/// every folder it makes is 0700 and the store 0600 (issue 31); a folder an older version made 0755 is made
/// private, a folder of the user's (`--store` in it) is left as it is.
@Suite(.enabled(if: ProcessRunner.executable(named: "mediakit") != nil, "mediakit binary not built"),
       .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct VimeoStorePrivacyCLITests {
    /// Runs `mediakit vimeo … albums` under umask 000 with `XDG_CACHE_HOME` at `cache`.
    static func albums(_ server: StreamServer, cache: URL, extra: [String] = []) async throws -> ProcessRunner.Outcome {
        let binary = try #require(ProcessRunner.executable(named: "mediakit"))
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cache.path
        return try await ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"),
                                           ["-c", "umask 000; exec \"$0\" \"$@\"", binary.path, "vimeo",
                                            "--base-url", server.baseURL.absoluteString, "--token", VimeoSample.token,
                                            "--timeout", TestBounds.clientTimeoutArgument] + extra + ["albums"],
                                           environment: environment)
    }

    @Test("the default store: circleplayer/ and circleplayer/vimeo/ 0700, the store 0600, under umask 000")
    func defaultStore() async throws {
        let cache = try makeTemporaryDirectory("VimeoStorePrivacy")
        defer { try? FileManager.default.removeItem(at: cache) }
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            let outcome = try await Self.albums(server, cache: cache)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let store = cache.appendingPathComponent("circleplayer/vimeo/127.0.0.1_\(server.port).sqlite").path
            #expect(fileMode(of: store) == 0o600, "\(store)")
            let root = cache.appendingPathComponent("circleplayer")
            #expect(privacyProblems(under: root).isEmpty, "\(privacyProblems(under: root))")
        }
    }

    @Test("a default folder an older version made 0755 is made 0700; a folder of the user's keeps its mode, new ones in it are 0700")
    func existingFolders() async throws {
        let cache = try makeTemporaryDirectory("VimeoStorePrivacy")
        defer { try? FileManager.default.removeItem(at: cache) }
        let old = cache.appendingPathComponent("circleplayer/vimeo")
        try FileManager.default.createDirectory(at: old, withIntermediateDirectories: true)
        for folder in [old, old.deletingLastPathComponent()] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
        let mine = cache.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: mine.path)
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            let outcome = try await Self.albums(server, cache: cache)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let root = cache.appendingPathComponent("circleplayer")
            #expect(privacyProblems(under: root).isEmpty, "\(privacyProblems(under: root))")

            let given = try await Self.albums(server, cache: cache, extra: ["--store", mine.appendingPathComponent("new/v.sqlite").path])
            #expect(given.status == 0, "\(given.stderr)")
            #expect(fileMode(of: mine.path) == 0o755, "the user's folder is theirs")
            let made = mine.appendingPathComponent("new")
            #expect(privacyProblems(under: made).isEmpty, "\(privacyProblems(under: made))")
        }
    }
}
