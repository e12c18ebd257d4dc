import Foundation
import MediaCore
import ScreenKit
import Testing
import TestSupport

@testable import SDLDemo

/// The window's settings as values and as a file: decoding (bad files are problems, bad values are dropped one by
/// one), the start rules (the command line wins, a place off every display is forgotten), the volume set last,
/// and the store (XDG path, mode 0600, atomic replace, a broken file moved aside, a newer one left alone).
@Suite("Settings")
struct SettingsTests {
    static let display = Rect(x: 0, y: 0, width: 1280, height: 800)

    @Test("a file round-trips; keys are sorted so an unchanged run writes the same bytes")
    func roundTrip() throws {
        var settings = Settings()
        settings.record(app: .interlochen, window: WindowPlacement(width: 900, height: 700, x: 10, y: 20), tab: "radio",
                        volume: AudioVolume(level: 0.4, muted: true))
        settings.record(app: .player, window: WindowPlacement(width: 640, height: 480), tab: nil, volume: nil)
        settings.captionLanguage = "en"
        let data = settings.encoded()
        #expect(try Settings.decode(data).get() == settings)
        #expect(settings.encoded() == data)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"version\" : 1") && text.hasSuffix("}\n"), "\(text)")
    }

    @Test("recording keeps what the run did not change: the window, the tab, the volume")
    func recordKeeps() {
        var settings = Settings()
        settings.record(app: .vimeo, window: WindowPlacement(width: 500, height: 400), tab: "search", volume: AudioVolume(level: 0.2))
        settings.record(app: .vimeo, window: nil, tab: nil, volume: nil)
        #expect(settings.apps["vimeo"] == Settings.AppSettings(window: WindowPlacement(width: 500, height: 400), tab: "search"))
        #expect(settings.audioVolume == AudioVolume(level: 0.2))
        #expect(Settings().audioVolume == AudioVolume())
    }

    @Test("files that are not version-1 settings objects are problems", arguments: [
        ("", "not a settings file"), ("{", "not a settings file"), ("[1, 2]", "not a settings file"),
        ("{\"version\": \"1\"}", "not a settings file"), ("{\"volume\": 0.5}", "no \"version\""),
        ("{\"version\": 2, \"volume\": 0.5}", "version 2, this CirclePlayer reads version 1"),
        ("{\"version\": 1, \"volume\": \"loud\"}", "expected Double at volume"),
        ("{\"version\": 1, \"apps\": {\"vimeo\": {\"window\": {\"width\": 5}}}}", "\"height\" missing at apps.vimeo.window"),
    ])
    func problems(_ row: (String, String)) {
        switch Settings.decode(Data(row.0.utf8)) {
        case .success(let settings): Issue.record("decoded \(settings)")
        case .failure(let problem): #expect(problem.description.contains(row.1), "\(problem)")
        }
    }

    @Test("a file larger than 64 KiB is not read")
    func tooLarge() {
        let data = Data("{\"version\": 1, \"captionLanguage\": \"\(String(repeating: "x", count: 70_000))\"}".utf8)
        #expect(throws: Settings.Problem.tooLarge(data.count)) { try Settings.decode(data).get() }
    }

    @Test("values out of range are dropped one by one; unknown keys and apps are kept or ignored, never fatal")
    func sanitized() throws {
        let text = """
            {"version": 1, "volume": 7, "muted": true, "future": {"x": 1}, "captionLanguage": "",
             "apps": {"player": {"window": {"width": 0, "height": 600}, "tab": ""},
                      "interlochen": {"window": {"width": 900, "height": 700, "x": 200000, "y": 0}, "tab": "radio"},
                      "newapp": {"tab": "x"}}}
            """
        let settings = try Settings.decode(Data(text.utf8)).get()
        #expect(settings.volume == 1 && settings.muted == true && settings.captionLanguage == nil)
        #expect(settings.apps["player"] == Settings.AppSettings(window: nil, tab: nil))
        #expect(settings.apps["interlochen"] == Settings.AppSettings(window: nil, tab: "radio"))
        #expect(settings.apps["newapp"]?.tab == "x")
    }

    @Test("start placement: the command line wins, each side on its own; else the saved size; else 800 × 600")
    func startSize() {
        let saved = WindowPlacement(width: 900, height: 700, x: 100, y: 50)
        #expect(WindowPlacement.start(saved: saved, width: nil, height: nil, displays: [Self.display])
            == WindowPlacement(width: 900, height: 700, x: 100, y: 50))
        #expect(WindowPlacement.start(saved: saved, width: 640, height: nil, displays: [Self.display])
            == WindowPlacement(width: 640, height: 700, x: 100, y: 50))
        #expect(WindowPlacement.start(saved: nil, width: nil, height: nil, displays: [Self.display])
            == WindowPlacement(width: 800, height: 600))
        // A saved size larger than every display is shrunk to the largest; the command line's is taken as given.
        let huge = WindowPlacement(width: 4000, height: 3000, x: 0, y: 0)
        #expect(WindowPlacement.start(saved: huge, width: nil, height: nil, displays: [Self.display])
            == WindowPlacement(width: 1280, height: 800, x: 0, y: 0))
        #expect(WindowPlacement.start(saved: nil, width: 4000, height: 3000, displays: [Self.display]).width == 4000)
    }

    @Test("start placement: a place with less than 64 points on a display is forgotten (centred)", arguments: [
        (1300, 100, false), (1216, 100, true), (1220, 100, false), (-836, 100, true), (-840, 100, false),
        (100, 740, false), (100, 736, true), (2000, 2000, false),
    ])
    func startPlace(_ row: (Int, Int, Bool)) {
        let saved = WindowPlacement(width: 900, height: 700, x: row.0, y: row.1)
        let start = WindowPlacement.start(saved: saved, width: nil, height: nil, displays: [Self.display])
        #expect((start.x != nil) == row.2, "\(start)")
        // No displays known (a driver that reports none): the place is kept as it was.
        #expect(WindowPlacement.start(saved: saved, width: nil, height: nil, displays: []).x == row.0)
    }

    @Test("the volume remembered is the last one set, on the audio or on a video; opening a video is no change")
    func volumeMemory() {
        var memory = VolumeMemory()
        memory.observe(audio: AudioVolume(level: 0.5), video: nil)
        #expect(memory.latest == nil)
        memory.observe(audio: AudioVolume(level: 0.5), video: AudioVolume(level: 0.5))   // a video opened
        #expect(memory.latest == nil)
        memory.observe(audio: AudioVolume(level: 0.5), video: AudioVolume(level: 0.3))
        #expect(memory.latest == AudioVolume(level: 0.3))
        memory.observe(audio: AudioVolume(level: 0.5), video: AudioVolume(level: 0.3, muted: true))
        #expect(memory.latest == AudioVolume(level: 0.3, muted: true))
        memory.observe(audio: AudioVolume(level: 0.5), video: nil)                        // closed: still the video's
        #expect(memory.latest == AudioVolume(level: 0.3, muted: true))
        memory.observe(audio: AudioVolume(level: 0.8), video: nil)                        // the now-playing slider
        #expect(memory.latest == AudioVolume(level: 0.8))
    }

    @Test("the file is $XDG_CONFIG_HOME/circleplayer/settings.json, else ~/.config; relative paths do not count")
    func defaultURL() {
        #expect(SettingsStore.defaultURL(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/a"])?.path
            == "/x/cfg/circleplayer/settings.json")
        #expect(SettingsStore.defaultURL(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/a"])?.path
            == "/home/a/.config/circleplayer/settings.json")
        #expect(SettingsStore.defaultURL(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/a"])?.path
            == "/home/a/.config/circleplayer/settings.json")
        #expect(SettingsStore.defaultURL(environment: [:]) == nil)
    }

    @Test("scripted runs use settings only with --settings; --no-settings turns them off")
    func optionsChooseTheFile() throws {
        let environment = ["XDG_CONFIG_HOME": "/x"]
        let plain = try SettingsOptions.parse([])
        #expect(plain.url(scripted: false, environment: environment)?.path == "/x/circleplayer/settings.json")
        #expect(plain.url(scripted: true, environment: environment) == nil)
        #expect(try SettingsOptions.parse(["--settings", "/tmp/s.json"]).url(scripted: true, environment: environment)?.path == "/tmp/s.json")
        #expect(try SettingsOptions.parse(["--no-settings"]).url(scripted: false, environment: environment) == nil)
        #expect(throws: (any Error).self) { try SettingsOptions.parse(["--no-settings", "--settings", "/tmp/s.json"]) }
    }

    @Test("the store writes mode 0600 in a 0700 folder, replaces the file whole, and reads it back")
    func storeWrites() async throws {
        try await withTemporaryDirectory("SettingsTests") { directory in
            let url = directory.appendingPathComponent("cfg/circleplayer/settings.json")
            var store = SettingsStore(url: url)
            var warnings: [String] = []
            #expect(store.load { warnings.append($0) } == Settings())
            var settings = Settings()
            settings.volume = 0.25
            store.save(settings) { warnings.append($0) }
            settings.volume = 0.5
            store.save(settings) { warnings.append($0) }
            #expect(warnings.isEmpty, "\(warnings)")
            let fileMode = try mode(url)
            let folderMode = try mode(url.deletingLastPathComponent())
            #expect(fileMode == 0o600 && folderMode == 0o700)
            var again = SettingsStore(url: url)
            #expect(again.load { warnings.append($0) }.volume == 0.5)
            // Only the file: no temporary file left beside it.
            let files = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            #expect(files == ["settings.json"])
        }
    }

    @Test("a broken file is reported, ignored, and moved aside to settings.json.bad when the settings are saved")
    func storeBrokenFile() async throws {
        try await withTemporaryDirectory("SettingsTests") { directory in
            let url = directory.appendingPathComponent("settings.json")
            try Data("{\"version\": 1, \"volume\": ".utf8).write(to: url)
            var store = SettingsStore(url: url)
            var warnings: [String] = []
            #expect(store.load { warnings.append($0) } == Settings())
            #expect(warnings.count == 1 && warnings[0].contains("not a settings file") && warnings[0].contains("settings.json.bad"),
                    "\(warnings)")
            store.save(Settings()) { warnings.append($0) }
            #expect(warnings.count == 1)
            #expect(try String(contentsOf: directory.appendingPathComponent("settings.json.bad"), encoding: .utf8) == "{\"version\": 1, \"volume\": ")
            #expect(try Settings.decode(Data(contentsOf: url)).get() == Settings())
        }
    }

    @Test("a file of a newer version is reported and left alone: never overwritten")
    func storeNewerFile() async throws {
        try await withTemporaryDirectory("SettingsTests") { directory in
            let url = directory.appendingPathComponent("settings.json")
            let newer = Data("{\"version\": 2, \"volume\": 0.1}".utf8)
            try newer.write(to: url)
            var store = SettingsStore(url: url)
            var warnings: [String] = []
            _ = store.load { warnings.append($0) }
            #expect(warnings.count == 1 && warnings[0].contains("left as it is"), "\(warnings)")
            store.save(Settings()) { warnings.append($0) }
            #expect(try Data(contentsOf: url) == newer)
        }
    }

    @Test("a folder where the file should be: a warning on load and on save, no crash")
    func storeUnwritable() async throws {
        try await withTemporaryDirectory("SettingsTests") { directory in
            let url = directory.appendingPathComponent("settings.json")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            var store = SettingsStore(url: url)
            var warnings: [String] = []
            _ = store.load { warnings.append($0) }
            store.save(Settings()) { warnings.append($0) }
            #expect(warnings.count == 1 && warnings[0].contains("cannot be read"), "\(warnings)")
        }
    }

    private func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
