import Foundation
import SafeText

/// The window's lines on stderr, each `SDLDemo: TEXT`. They quote outside text (feed errors, URLs, stream
/// titles), so every line goes through ``SafeText/SafeText/printable(_:limit:keepingLineBreaks:)``: it can
/// neither drive the terminal nor span lines (docs/security.md).
enum DemoLog {
    /// Writes `SDLDemo: TEXT` and a newline to stderr in one call, made safe to print.
    @Sendable static func line(_ text: String) {
        FileHandle.standardError.write(Data((SafeText.printable("SDLDemo: " + text) + "\n").utf8))
    }
}
