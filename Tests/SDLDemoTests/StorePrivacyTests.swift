import Foundation
import Testing
import TestSupport

/// Every folder the window makes for an app's store is 0700 and every file in it 0600, whatever the umask (issue
/// 31): each app on its default store (a fresh folder in the temporary directory, removed when the window
/// closes), started with umask 000, looked at while it runs. Apps without a store (iPlayer, Buffs) make no folder.
@Suite("Store privacy in the window", .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct StorePrivacyTests {
    /// What the run's folder holds that is not the app's: the test's script, trace and output files, SDL's audio.
    static func isRunFile(_ relative: String) -> Bool {
        ["script.txt", "trace.jsonl", "stdout.txt", "stderr.txt", "audio.raw"].contains(relative)
    }

    @Test("the default store's folder is 0700 and its files 0600 under umask 000; an app without a store makes no folder",
          arguments: [("vimeo", ["vimeo.sqlite"]), ("interlochen", ["interlochen.sqlite", "interlochen-vimeo.sqlite"]),
                      ("iplayer", []), ("buffs", [])])
    func defaultStore(app: String, stores: [String]) async throws {
        // The window runs (in real time) until the test has looked: the app's first screen loaded (its store open
        // and written), or for Buffs, which has no screens, a second of frames.
        let demo = try await DemoProcess.start(script: """
            0 size 800 600
            0 wait-real 600000
            0 quit
            """, arguments: ["--app", app], umask: "000")
        let directory = demo.directory
        // The store folder is SDLDemo-APP-<uuid> in TMPDIR (the run's folder).
        func storeFolders() -> [URL] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
                .filter { $0.hasPrefix("SDLDemo-") }.map { directory.appendingPathComponent($0) }
        }
        let loaded = await waitUntil {
            let frames = (try? demo.frames()) ?? []
            return (app == "buffs" ? frames.count >= 60 : frames.contains { $0.load == "loaded" })
                && storeFolders().count == (stores.isEmpty ? 0 : 1)
                && storeFolders().allSatisfy { folder in
                    stores.allSatisfy { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
                }
        }
        let folders = storeFolders()
        let problems = privacyProblems(under: directory, includingRoot: false, ignoring: Self.isRunFile)
        demo.running.forceKill()
        let run = await demo.finish()
        defer { run.remove() }
        #expect(loaded, "the app loaded with its store: \(folders.map(\.lastPathComponent)), \(run.diagnostics)")
        #expect(folders.count == (stores.isEmpty ? 0 : 1), "\(folders.map(\.lastPathComponent))")
        #expect(problems.isEmpty, "\(problems)")
    }
}
