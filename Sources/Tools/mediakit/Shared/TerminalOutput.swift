import Foundation
import SafeText

/// Every text line `mediakit` writes: titles, descriptions, error bodies and notes come from feeds, so all of it
/// goes through `SafeText.printable` (controls shown escaped, bidirectional overrides neutralised; one-line
/// messages bounded), and no feed can drive the terminal (docs/security.md). JSON output escapes on its own
/// (``JSONOutput``).
enum TerminalOutput {
    /// Writes `text` (line breaks kept) and `terminator` to stdout.
    static func print(_ text: String, terminator: String = "\n") {
        let safe = SafeText.printable(text, limit: .max, keepingLineBreaks: true)
        FileHandle.standardOutput.write(Data((safe + terminator).utf8))
    }

    /// Writes one line to stdout (its line breaks shown escaped).
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((SafeText.printable(text) + "\n").utf8))
    }

    /// Writes `mediakit: warning: TEXT` as one line on stderr.
    static func warning(_ text: String) {
        FileHandle.standardError.write(Data(("mediakit: warning: " + SafeText.printable(text) + "\n").utf8))
    }

    /// Writes `mediakit: error: TEXT` as one line on stderr.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data(("mediakit: error: " + SafeText.printable(text) + "\n").utf8))
    }
}
