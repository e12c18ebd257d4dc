import Foundation
import MediaCore
import MediaHost
import ScreenKit
import VideoPlayback

/// The window's settings over one run: read once before the window opens (the volume, the app's window and tab to
/// start with), watched while it runs (the volume set last, ``VolumeMemory``), and saved when it closes with what
/// the run ended on, if that differs from what was read. Without a settings file (`--no-settings`, a scripted run
/// without `--settings`) it starts from the defaults and saves nothing.
///
/// ```swift
/// let settings = SettingsRecorder.open(options.settings, scripted: false, app: .interlochen)
/// let placement = settings.startPlacement(width: nil, height: nil, displays: Displays.bounds())
/// // … the window opens at placement, the host at settings.startVolume, the session starts …
/// settings.restoreTab(in: session, at: 0)
/// // … every frame: settings.observe(session.media) …
/// settings.finish(window: canvas.windowedPlacement, tab: session.selectedTab)
/// ```
final class SettingsRecorder {
    /// The app of this run (settings are per app, but the volume).
    let app: AppName
    private var store: SettingsStore?
    private let loaded: Settings
    private var volume = VolumeMemory()

    private init(app: AppName, store: SettingsStore?, loaded: Settings) {
        self.app = app
        self.store = store
        self.loaded = loaded
    }

    /// Reads the settings file the options name (a warning on stderr, never an error, when it is not usable).
    static func open(_ options: SettingsOptions, scripted: Bool, app: AppName,
                     environment: [String: String] = ProcessInfo.processInfo.environment) -> SettingsRecorder {
        guard let url = options.url(scripted: scripted, environment: environment) else {
            return SettingsRecorder(app: app, store: nil, loaded: Settings())
        }
        var store = SettingsStore(url: url)
        let loaded = store.load(warn: DemoLog.line)
        return SettingsRecorder(app: app, store: store, loaded: loaded)
    }

    /// What was read (the defaults when there was no usable file).
    var settings: Settings { loaded }

    /// The volume the player starts at.
    var startVolume: AudioVolume { loaded.audioVolume }

    /// Where and how large the window opens (the command line's `width` and `height` win).
    func startPlacement(width: Int?, height: Int?, displays: [Rect]) -> WindowPlacement {
        WindowPlacement.start(saved: loaded.apps[app.rawValue]?.window, width: width, height: height, displays: displays)
    }

    /// Selects the tab the app was left on, if it has it (after the session started at `t`).
    func restoreTab(in session: DemoSession, at t: Double) {
        guard let tab = loaded.apps[app.rawValue]?.tab else { return }
        session.selectTab(TabID(rawValue: tab), at: t)
    }

    /// Looks at the audio's and the open video's volume (once a frame).
    func observe(_ media: MediaHost) {
        volume.observe(audio: media.status().volume,
                       video: media.video.map { AudioVolume(level: $0.volume, muted: $0.muted) })
    }

    /// Saves what the run ended with: the window's place and size (nil: keep the remembered one, e.g. it was
    /// fullscreen), the tab, the volume if it was set; nothing is written when that changes nothing.
    func finish(window: WindowPlacement?, tab: TabID?) {
        guard var store else { return }
        var settings = loaded
        settings.record(app: app, window: window.flatMap { $0.isSane ? $0 : nil }, tab: tab?.rawValue,
                        volume: volume.latest)
        guard settings != loaded || !FileManager.default.fileExists(atPath: store.url.path) else { return }
        store.save(settings, warn: DemoLog.line)
        self.store = store
    }
}
