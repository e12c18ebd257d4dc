import Foundation
import PrivateFiles
#if canImport(Glibc)
import Glibc
#endif

/// The settings file: where it is (`$XDG_CONFIG_HOME/circleplayer/settings.json`, the XDG Base Directory
/// Specification's user configuration directory, `~/.config` when the variable is unset, empty or relative),
/// reading it without ever failing the window, and writing it atomically with mode 0600.
///
/// - A missing file is the first run: the defaults, silently.
/// - A file that is not a version-1 settings object (bad JSON, a wrong type, too large) is ignored with a warning;
///   when the settings are next saved it is first moved aside to `settings.json.bad`, so a hand edit is not lost.
/// - A file of another version (a newer CirclePlayer), or one that cannot be read, is ignored with a warning and
///   never overwritten in this run.
/// - Saving writes a temporary file in the same directory (mode 0600 from creation, `mkstemp`), flushes it to disk
///   and renames it over the old one: a reader sees the old file or the new one, never half of one. The directory
///   is made with mode 0700.
///
/// ```swift
/// var store = SettingsStore(url: SettingsStore.defaultURL(environment: ProcessInfo.processInfo.environment)!)
/// var settings = store.load(warn: DemoLog.line)
/// settings.volume = 0.4
/// store.save(settings, warn: DemoLog.line)
/// ```
struct SettingsStore: Sendable {
    /// The file.
    let url: URL
    /// Whether ``save(_:warn:)`` may write (false once a file was found that is not ours to replace).
    private(set) var isWritable = true
    /// Whether the file found is broken and is to be moved aside before the first save.
    private var movesAsideBeforeSaving = false

    /// A store for the file at `url`.
    init(url: URL) {
        self.url = url
    }

    /// `$XDG_CONFIG_HOME/circleplayer/settings.json`, else `$HOME/.config/circleplayer/settings.json`; nil when
    /// neither is an absolute path (the specification: a relative path "should be considered invalid").
    static func defaultURL(environment: [String: String]) -> URL? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("circleplayer/settings.json")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".config/circleplayer/settings.json")
    }

    /// The settings in the file, or the defaults (with a warning through `warn` when the file was there but not
    /// usable). Never throws and never stops the window.
    mutating func load(warn: (String) -> Void) -> Settings {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            // One byte more than allowed tells a file that is too large without reading all of it.
            data = try handle.read(upToCount: Settings.maxFileBytes + 1) ?? Data()
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return Settings() }
            isWritable = false
            warn("settings \(url.path): cannot be read (\(Self.reason(error))); ignored, and left as it is")
            return Settings()
        }
        switch Settings.decode(data) {
        case .success(let settings):
            return settings
        case .failure(let problem):
            if case .unknownVersion = problem {
                isWritable = false
                warn("settings \(url.path): \(problem); ignored, and left as it is")
            } else {
                movesAsideBeforeSaving = true
                warn("settings \(url.path): \(problem); ignored (it will be kept as \(url.lastPathComponent).bad when the settings are saved)")
            }
            return Settings()
        }
    }

    /// Writes `settings` atomically (see the type's notes); a failure is a warning, never an error of the window.
    mutating func save(_ settings: Settings, warn: (String) -> Void) {
        guard isWritable else { return }
        let directory = url.deletingLastPathComponent()
        do {
            // Private, by the programs' one rule (PrivateFiles: missing folders 0700 whatever the umask).
            try PrivateDirectory.create(at: directory.path)
            if movesAsideBeforeSaving {
                let aside = directory.appendingPathComponent(url.lastPathComponent + ".bad")
                guard rename(url.path, aside.path) == 0 || errno == ENOENT else {
                    throw SettingsStoreError(step: "moving the broken file to \(aside.path)", code: errno)
                }
                movesAsideBeforeSaving = false
            }
            try Self.writeAtomically(settings.encoded(), to: url)
        } catch {
            warn("settings \(url.path): not saved (\(Self.reason(error)))")
        }
    }

    /// Writes `data` to a new temporary file beside `url` (mode 0600), flushes it and renames it to `url`.
    private static func writeAtomically(_ data: Data, to url: URL) throws {
        var template = Array((url.deletingLastPathComponent().path + "/.\(url.lastPathComponent).XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw SettingsStoreError(step: "creating a temporary file", code: errno) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            guard fchmod(descriptor, 0o600) == 0 else { throw SettingsStoreError(step: "setting mode 0600", code: errno) }
            try data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0, errno == EINTR { continue }
                    guard written > 0 else { throw SettingsStoreError(step: "writing", code: errno) }
                    offset += written
                }
            }
            guard fsync(descriptor) == 0 else { throw SettingsStoreError(step: "flushing to disk", code: errno) }
        }
        guard rename(temporary, url.path) == 0 else { throw SettingsStoreError(step: "renaming into place", code: errno) }
        renamed = true
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? SettingsStoreError { return error.description }
        if let error = error as? PrivateDirectoryError { return error.description }
        return (error as NSError).localizedDescription
    }
}

/// A step of writing the settings failed with `errno` `code`.
struct SettingsStoreError: Error, CustomStringConvertible {
    var step: String
    var code: Int32
    var description: String { "\(step): \(String(cString: strerror(code)))" }
}
