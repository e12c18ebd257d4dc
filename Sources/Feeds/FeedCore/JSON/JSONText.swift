/// The one writer of JSON text pieces (RFC 8259): string literals and numbers. Every hand-built JSON output of
/// the package goes through it: the window's trace lines (SDLDemo's `TraceWriter`), VimeoCore's `JSONTree`
/// (what the Vimeo store keeps) and mediakit's `--json` documents.
///
/// Strings (RFC 8259 §7): `"` and `\` are escaped, line feed, carriage return and tab as `\n`, `\r`, `\t`,
/// every other control character below U+0020 as `\u00XX` (upper-case hex); everything else is written as it
/// is, UTF-8 in the output (`/` is not escaped, nor U+007F, U+2028/U+2029 or characters beyond the BMP, which
/// JSON allows raw). A Swift `String` holds Unicode scalars only, so a lone UTF-16 surrogate cannot reach the
/// writer: decoding one yields U+FFFD, which is written raw.
///
/// Numbers (§6): the shortest text that reads back as the same `Double`, whole numbers below 10¹⁵ without a
/// fraction (`3`, not `3.0`); NaN and the infinities, which JSON cannot express, as `null`.
///
/// ```swift
/// JSONText.quoted("Tab\there \"quoted\"")   // "Tab\there \"quoted\""   (with the quotes)
/// JSONText.number(2.5)                      // 2.5
/// JSONText.number(3)                        // 3
/// ```
public enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var output = ""
        appendQuoted(text, to: &output)
        return output
    }

    /// Appends `text` as a JSON string literal, quotes included, to `output`.
    public static func appendQuoted(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output += "\\u00"
                output.unicodeScalars.append(hexDigit(scalar.value >> 4))
                output.unicodeScalars.append(hexDigit(scalar.value & 0xF))
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// `value` as a JSON number: the shortest text reading back as the same `Double`, whole numbers below 10¹⁵
    /// without a fraction; `null` for NaN and the infinities.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `value` rounded to `digits` decimals, as ``number(_:)`` writes it (`0.333` for ⅓ at 3 digits).
    public static func number(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "null" }
        let factor = pow10(digits)
        return number((value * factor).rounded() / factor)
    }

    private static func pow10(_ digits: Int) -> Double {
        var factor = 1.0
        for _ in 0 ..< max(0, digits) { factor *= 10 }
        return factor
    }

    private static func hexDigit(_ value: UInt32) -> Unicode.Scalar {
        Unicode.Scalar(UInt8(value < 10 ? 0x30 + value : 0x41 + value - 10))
    }
}
