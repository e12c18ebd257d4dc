/// Text from outside (a feed, a playlist, a radio station, an error body) made safe to print on a terminal or to
/// draw in the window: the one function every command line and the window's stderr and text drawing use
/// (docs/security.md, "Text from the network").
///
/// What it does, scalar by scalar:
///
/// | input | output | why |
/// |---|---|---|
/// | ESC (U+001B) | `\e` | starts every terminal escape sequence (ECMA-48 §5.3: CSI, OSC, …) |
/// | TAB, LF, CR | `\t`, `\n`, `\r` (LF kept as a line break with `keepingLineBreaks`) | a one-line field stays one line |
/// | any other C0 control (U+0000–U+001F), DEL (U+007F) | `\x07`, `\x7f`, … | BEL, BS and the rest act on the terminal |
/// | C1 control (U+0080–U+009F) | `\u{9b}`, … | CSI (U+009B) and OSC (U+009D) start sequences on their own (ECMA-48 §5.3) |
/// | bidirectional embedding, override and isolate (U+202A–U+202E, U+2066–U+2069) | `\u{202e}`, … | they reorder what follows on screen (Unicode TR 9, "Trojan Source", CVE-2021-42574) |
/// | everything else | itself | |
///
/// The result is bounded: at most `limit` Unicode scalars, the last one `…` when something was cut, so
/// a hostile title of a megabyte or of a million combining marks cannot flood a line.
///
/// ```swift
/// SafeText.printable("Evil\u{1B}]0;PWNED\u{07}")   // "Evil\\e]0;PWNED\\x07"
/// ```
///
/// Backslashes in the input are left as they are: the output is for reading, not for parsing back.
public enum SafeText {
    /// The default bound on a printed string, in Unicode scalars: far above any title or error line the
    /// apps print, far below what floods a terminal.
    public static let defaultLimit = 1000

    /// `text` with every control character shown escaped, bidirectional overrides neutralised and the length
    /// bounded to `limit` Unicode scalars (the last one `…` when cut).
    ///
    /// - Parameters:
    ///   - text: the untrusted text.
    ///   - limit: the most Unicode scalars in the result (at least 1).
    ///   - keepingLineBreaks: keep LF as a line break (for multi-line blocks such as a bio); CR is escaped
    ///     either way, so no line can overwrite another.
    public static func printable(_ text: String, limit: Int = defaultLimit, keepingLineBreaks: Bool = false) -> String {
        let limit = max(1, limit)
        var output = String.UnicodeScalarView()
        var count = 0
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            let piece = escape(scalar, keepingLineBreaks: keepingLineBreaks)
            let length = piece?.unicodeScalars.count ?? 1
            if count + length > limit - 1 {
                // Only the last place is left: the rest fits there only if it is this one plain scalar.
                if count + length == limit, piece == nil, scalars.next() == nil {
                    output.append(scalar)
                } else {
                    output.append("…")
                }
                return String(output)
            }
            if let piece { output.append(contentsOf: piece.unicodeScalars) } else { output.append(scalar) }
            count += length
        }
        return String(output)
    }

    /// Whether `text` would be printed unchanged (no control character, no bidirectional override).
    public static func isPrintable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { escape($0, keepingLineBreaks: false) == nil }
    }

    /// The escaped form of `scalar`, or `nil` when it is printed as itself.
    static func escape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> String? {
        switch scalar.value {
        case 0x1B: return "\\e"
        case 0x09: return "\\t"
        case 0x0A: return keepingLineBreaks ? nil : "\\n"
        case 0x0D: return "\\r"
        case 0x00...0x1F, 0x7F: return "\\x" + hex(scalar.value, digits: 2)
        case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: return "\\u{" + hex(scalar.value, digits: 1) + "}"
        default: return nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
