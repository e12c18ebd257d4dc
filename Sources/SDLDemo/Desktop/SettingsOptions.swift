import ArgumentParser
import Foundation

/// Where the window's settings live (``Settings``): `$XDG_CONFIG_HOME/circleplayer/settings.json` unless
/// `--settings FILE` names another file or `--no-settings` turns them off. A scripted run (`--script`) replays the
/// same on every machine, so it uses settings only when `--settings` is given.
///
/// ```
/// SDLDemo --app interlochen                         # remembers its window, tab and the volume
/// SDLDemo --settings /tmp/s.json --script run.txt   # a scripted run that reads and writes /tmp/s.json
/// SDLDemo --no-settings                             # neither reads nor writes any
/// ```
struct SettingsOptions: ParsableArguments {
    @Option(name: .customLong("settings"), help: ArgumentHelp(
        "Read and write the window's settings (volume, window size and place, last tab) in this file instead of $XDG_CONFIG_HOME/circleplayer/settings.json.",
        valueName: "file"))
    var file: String?

    @Flag(name: .customLong("no-settings"), help: "Neither read nor write the window's settings (scripted runs do not unless --settings is given).")
    var disabled = false

    func validate() throws {
        if disabled, file != nil { throw ValidationError("give --settings FILE or --no-settings, not both") }
        if let file, file.isEmpty { throw ValidationError("--settings needs a file") }
    }

    /// The settings file of this run (nil: none), for a run that is scripted or not.
    func url(scripted: Bool, environment: [String: String]) -> URL? {
        if disabled { return nil }
        if let file { return URL(fileURLWithPath: file) }
        return scripted ? nil : SettingsStore.defaultURL(environment: environment)
    }
}
