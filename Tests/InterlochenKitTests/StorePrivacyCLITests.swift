import Foundation
import StreamServer
import Testing
import TestSupport

/// `mediakit interlochen` on its default store under umask 000: `$XDG_CACHE_HOME/circleplayer/interlochen/` (0755
/// before issue 31) and the folders above it are 0700, the store and Vimeo's beside it 0600.
@Suite(.enabled(if: MediaKitInterlochenTests.binary != nil, "mediakit binary not built"),
       .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct InterlochenStorePrivacyCLITests {
    @Test("the default store: circleplayer/interlochen/ 0700, both stores 0600, under umask 000")
    func defaultStore() async throws {
        let interlochen = try RouteTable.load(contentsOf: PackagePaths.interlochenSample.appendingPathComponent("routes.json"))
        let vimeo = try RouteTable.load(contentsOf: PackagePaths.vimeoSample.appendingPathComponent("routes.json"))
        let cache = try makeTemporaryDirectory("InterlochenStorePrivacy")
        defer { try? FileManager.default.removeItem(at: cache) }
        try await withStreamServer(routes: RouteTable(routes: interlochen.routes + vimeo.routes)) { server in
            let base = server.baseURL.absoluteString
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CACHE_HOME"] = cache.path
            let binary = try #require(MediaKitInterlochenTests.binary)
            let outcome = try await ProcessRunner.run(
                URL(fileURLWithPath: "/bin/sh"),
                ["-c", "umask 000; exec \"$0\" \"$@\"", binary.path, "interlochen", "sections", "--json",
                 "--content-url", base + "/data/content-meta.json", "--user", "interlochen", "--password", "sample-password",
                 "--npr-base", base + "/npr", "--npr-key", "sample-key", "--vimeo-base", base, "--token", "sample-token",
                 "--livestream-base", base + "/livestream", "--now", "2026-11-23T10:00:00Z",
                 "--timeout", TestBounds.clientTimeoutArgument],
                environment: environment)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let folder = cache.appendingPathComponent("circleplayer/interlochen")
            let stores = ["127.0.0.1_\(server.port).sqlite", "127.0.0.1_\(server.port)-vimeo.sqlite"]
            for store in stores {
                #expect(fileMode(of: folder.appendingPathComponent(store).path) == 0o600, "\(store)")
            }
            let root = cache.appendingPathComponent("circleplayer")
            #expect(privacyProblems(under: root).isEmpty, "\(privacyProblems(under: root))")
        }
    }
}
