import Foundation
import SafeText

/// The window's lines on stderr. They quote outside text (feed errors, URLs, stream titles), so every line goes
/// through ``SafeText/SafeText/printable(_:limit:keepingLineBreaks:)``: it can neither drive the terminal nor
/// span lines (docs/security.md).
enum DemoLog {
    /// Writes `text` and a newline to stderr in one call, made safe to print.
    static func line(_ text: String) {
        FileHandle.standardError.write(Data((SafeText.printable(text) + "\n").utf8))
    }
}
