import Foundation
import MediaCore

/// What the window remembers between runs: the volume and mute, each app's window (size and place) and last
/// tab, and a slot for the caption language. A plain value with no I/O: ``SettingsStore`` reads and writes it
/// (`$XDG_CONFIG_HOME/circleplayer/settings.json`), ``SettingsRecorder`` applies it at start and records the run
/// into it at exit. What the command line gives wins over it (``WindowPlacement/start(saved:width:height:displays:)``).
///
/// The file, version 1 (every key optional; unknown keys are ignored, so a later version 1 may add some):
///
/// ```json
/// {
///   "version": 1,
///   "volume": 0.4,
///   "muted": false,
///   "apps": {
///     "interlochen": { "window": { "width": 900, "height": 700, "x": 120, "y": 80 }, "tab": "radio" },
///     "player": { "window": { "width": 640, "height": 480 } }
///   }
/// }
/// ```
///
/// A window's place is its outer corner, the window manager's frame included (``Canvas/windowedPlacement``).
///
/// `captionLanguage` (a BCP 47 tag such as `"en"`) is reserved for captions, which do not exist yet: it is kept
/// as read and written back, and nothing sets or reads it.
struct Settings: Equatable, Sendable {
    /// The file format this build reads and writes. A file of another version is ignored and never overwritten
    /// (a newer CirclePlayer wrote it).
    static let version = 1
    /// The largest file read (a settings file is a few hundred bytes; anything larger is not ours).
    static let maxFileBytes = 64 * 1024

    /// The volume, 0…1 (nil: never set; the player starts at 1).
    var volume: Double?
    /// Whether the sound is muted (nil: never set).
    var muted: Bool?
    /// Per app, by its `--app` name (``AppName``). Names this build does not know are kept as read.
    var apps: [String: AppSettings] = [:]
    /// Reserved for the caption language (BCP 47); kept, never used yet.
    var captionLanguage: String?

    /// What one app remembers.
    struct AppSettings: Equatable, Sendable, Codable {
        /// The window's size and place when it last closed (not while fullscreen).
        var window: WindowPlacement?
        /// The tab selected when the window last closed (the app's `TabID`), if the app has tabs.
        var tab: String?
    }

    /// The volume to start at: the remembered one, else full and not muted.
    var audioVolume: AudioVolume {
        AudioVolume(level: volume ?? 1, muted: muted ?? false)
    }

    /// Records what a run ended with: the app's window and tab (nil: keep the remembered ones) and the volume
    /// (nil: not changed in the run).
    mutating func record(app: AppName, window: WindowPlacement?, tab: String?, volume: AudioVolume?) {
        var entry = apps[app.rawValue] ?? AppSettings()
        if let window { entry.window = window }
        if let tab { entry.tab = tab }
        apps[app.rawValue] = entry
        if let volume {
            // Thousandths: a slider's fraction, 0.4006…, is written as a person would read it.
            self.volume = (volume.level * 1000).rounded() / 1000
            muted = volume.muted
        }
    }

    // MARK: - The file

    /// Why a settings file was not used.
    enum Problem: Error, Equatable, CustomStringConvertible {
        /// Not a JSON object of the expected shape (a syntax error, a wrong type); the reason says where.
        case unreadable(String)
        /// A `version` this build does not know (a newer CirclePlayer wrote it), or none.
        case unknownVersion(Int?)
        /// Larger than ``Settings/maxFileBytes``.
        case tooLarge(Int)

        var description: String {
            switch self {
            case .unreadable(let reason): "not a settings file (\(reason))"
            case .unknownVersion(let version?): "version \(version), this CirclePlayer reads version \(Settings.version)"
            case .unknownVersion(nil): "no \"version\""
            case .tooLarge(let bytes): "\(bytes) bytes, more than the \(Settings.maxFileBytes) a settings file may have"
            }
        }
    }

    /// Decodes a settings file. Values out of range are dropped one by one (a volume is clamped to 0…1; a window
    /// smaller than 1 point, larger than ``WindowPlacement/maxSide`` or placed beyond ``WindowPlacement/maxOffset``
    /// is forgotten), so one bad value does not cost the rest; a file that is not a version-1 object is a
    /// ``Problem``.
    static func decode(_ data: Data) -> Result<Settings, Problem> {
        guard data.count <= maxFileBytes else { return .failure(.tooLarge(data.count)) }
        let version: Int?
        do {
            version = try JSONDecoder().decode(VersionOnly.self, from: data).version
        } catch {
            return .failure(.unreadable(Self.reason(error)))
        }
        guard version == Self.version else { return .failure(.unknownVersion(version)) }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            return .failure(.unreadable(Self.reason(error)))
        }
        var settings = Settings()
        settings.volume = file.volume.map(AudioVolume.clamped)
        settings.muted = file.muted
        settings.captionLanguage = file.captionLanguage.flatMap { $0.count <= 35 && !$0.isEmpty ? $0 : nil }
        for (name, app) in file.apps ?? [:] {
            settings.apps[name] = AppSettings(window: app.window.flatMap { $0.isSane ? $0 : nil },
                                              tab: app.tab.flatMap { $0.isEmpty || $0.count > 64 ? nil : $0 })
        }
        return .success(settings)
    }

    /// The file's bytes: pretty-printed JSON with sorted keys (so two runs that changed nothing write the same
    /// bytes), ending in a newline.
    func encoded() -> Data {
        let file = File(version: Self.version, volume: volume, muted: muted, captionLanguage: captionLanguage,
                        apps: apps.isEmpty ? nil : apps)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and booleans cannot fail.
        return ((try? encoder.encode(file)) ?? Data("{}".utf8)) + Data("\n".utf8)
    }

    private struct VersionOnly: Decodable {
        var version: Int?
    }

    private struct File: Codable {
        var version: Int
        var volume: Double?
        var muted: Bool?
        var captionLanguage: String?
        var apps: [String: AppSettings]?
    }

    /// A decoding error in a few words, naming the key path where there is one.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? "" : " at \(keys.joined(separator: "."))"
        }
        switch error {
        case .dataCorrupted(let context): return "invalid JSON\(path(context))"
        case .keyNotFound(let key, let context): return "\"\(key.stringValue)\" missing\(path(context))"
        case .typeMismatch(let type, let context): return "expected \(type)\(path(context))"
        case .valueNotFound(let type, let context): return "expected \(type)\(path(context))"
        @unknown default: return "\(error)"
        }
    }
}
