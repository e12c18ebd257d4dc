import Foundation
import Testing
import TestSupport

/// The settings end to end: the real binary, scripted, with `--settings FILE`: what one run sets is where the next
/// starts (the volume and mute, the app's window size and tab); a broken file is reported and ignored; a scripted run
/// without `--settings` reads and writes none.
@Suite("Settings in the window", .serialized, .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct SettingsWindowTests {
    @Test("the volume and mute set on a video are where the next run starts, the file is mode 0600")
    func volumePersists() async throws {
        try await withTemporaryDirectory("SettingsWindowTests") { directory in
            let settings = directory.appendingPathComponent("cfg/settings.json")
            let first = try await DemoRun.script("""
                0 size 640 400
                0 wait-video playing 60000
                0 key down
                100 key down
                200 key m
                500 quit
                """, arguments: ["--video", "--settings", settings.path])
            defer { first.remove() }
            #expect(first.status == 0, "\(first.diagnostics)")
            let set = try #require(try first.frames().compactMap(\.video).last)
            #expect(abs(set.volume - 0.8) < 0.001 && set.muted, "\(set)")
            let text = try String(contentsOf: settings, encoding: .utf8)
            #expect(text.contains("\"volume\" : 0.8") && text.contains("\"muted\" : true"), "\(text)")
            let mode = (try FileManager.default.attributesOfItem(atPath: settings.path)[.posixPermissions] as? NSNumber)?.intValue
            #expect(mode == 0o600)

            let second = try await DemoRun.script("""
                0 wait-video playing 60000
                100 quit
                """, arguments: ["--video", "--settings", settings.path])
            defer { second.remove() }
            #expect(second.status == 0, "\(second.diagnostics)")
            let videos = try second.frames().compactMap(\.video)
            let opened = try #require(videos.first)
            #expect(abs(opened.volume - 0.8) < 0.001 && opened.muted, "the video starts at the remembered volume: \(opened)")
            #expect(videos.allSatisfy { abs($0.volume - 0.8) < 0.001 && $0.muted })
            // The window was 640 × 400 when the first run closed: the second opens so, with no `size` step.
            #expect(try second.frames().first.map { ($0.width, $0.height) } ?? (0, 0) == (640, 400))
        }
    }

    @Test("an app's tab and window size are where its next run starts; another app keeps its own")
    func tabAndSizePersist() async throws {
        try await withTemporaryDirectory("SettingsWindowTests") { directory in
            let settings = directory.appendingPathComponent("settings.json").path
            // Two tabs along the bottom of a 700 × 500 window: Search is centred at x 525.
            let first = try await DemoRun.script("""
                0 size 700 500
                0 wait-screen albums 20000
                0 wait-load loaded 20000
                0 tap 525 472
                0 wait-screen search 20000
                100 quit
                """, arguments: ["--app", "vimeo", "--settings", settings])
            defer { first.remove() }
            #expect(first.status == 0, "\(first.diagnostics)")

            let second = try await DemoRun.script("""
                0 wait-screen search 20000
                100 quit
                """, arguments: ["--app", "vimeo", "--settings", settings])
            defer { second.remove() }
            #expect(second.status == 0, "\(second.diagnostics)")
            let frames = try second.frames()
            let first2 = try #require(frames.first)
            #expect((first2.width, first2.height) == (700, 500))
            #expect(first2.screen == "search", "the first frame drawn is the remembered tab: \(String(describing: first2.screen))")
            #expect(frames.contains { $0.outputs?.contains("tab:albums:search") == true })

            // The circle player alone has no window of its own remembered yet: the default size, and --width wins.
            let player = try await DemoRun.script("100 quit\n", arguments: ["--settings", settings, "--width", "500"])
            defer { player.remove() }
            #expect(try player.frames().first.map { ($0.width, $0.height) } ?? (0, 0) == (500, 600))
        }
    }

    @Test("a corrupt settings file is reported, ignored (the defaults), and kept as settings.json.bad")
    func corruptFile() async throws {
        try await withTemporaryDirectory("SettingsWindowTests") { directory in
            let settings = directory.appendingPathComponent("settings.json")
            try Data("{\"version\": 1, \"apps\": {\"player\": {\"window\": \"big\"".utf8).write(to: settings)
            let run = try await DemoRun.script("100 quit\n", arguments: ["--settings", settings.path])
            defer { run.remove() }
            #expect(run.status == 0, "\(run.diagnostics)")
            #expect(run.stderr.contains("settings \(settings.path): not a settings file"), "\(run.stderr)")
            #expect(try run.frames().first.map { ($0.width, $0.height) } ?? (0, 0) == (800, 600))
            let kept = try String(contentsOf: directory.appendingPathComponent("settings.json.bad"), encoding: .utf8)
            #expect(kept.hasPrefix("{\"version\": 1, \"apps\""))
            #expect(try String(contentsOf: settings, encoding: .utf8).contains("\"version\" : 1"))
        }
    }

    @Test("a scripted run without --settings neither reads nor writes $XDG_CONFIG_HOME/circleplayer/settings.json")
    func scriptedRunsLeaveSettingsAlone() async throws {
        try await withTemporaryDirectory("SettingsWindowTests") { directory in
            let file = directory.appendingPathComponent("circleplayer/settings.json")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let saved = Data("{\"version\": 1, \"apps\": {\"player\": {\"window\": {\"width\": 333, \"height\": 222}}}}".utf8)
            try saved.write(to: file)
            let run = try await DemoRun.script("100 quit\n", environment: ["XDG_CONFIG_HOME": directory.path])
            defer { run.remove() }
            #expect(run.status == 0, "\(run.diagnostics)")
            #expect(try run.frames().first.map { ($0.width, $0.height) } ?? (0, 0) == (800, 600), "not 333 × 222")
            #expect(try Data(contentsOf: file) == saved)
        }
    }
}
