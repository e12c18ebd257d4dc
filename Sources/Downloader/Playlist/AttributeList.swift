/// A parsed attribute-list, the `NAME=value,NAME="value"` payload of tags such as `EXT-X-STREAM-INF`
/// (RFC 8216 §4.2).
///
/// Parsing is quote-aware (commas and `=` inside quoted strings belong to the value), lookups are by exact
/// name (`ASSOC-LANGUAGE` never answers for `LANGUAGE`), and the typed accessors check the value forms of §4.2.
/// Duplicate names, unterminated quotes and malformed pairs are errors that name the line.
///
/// ```swift
/// let list = try AttributeList(parsing: #"BANDWIDTH=128000,CODECS="mp4a.40.2,avc1.4d401f""#, line: 3)
/// try list.decimalInteger("BANDWIDTH")   // 128000
/// try list.quotedString("CODECS")        // "mp4a.40.2,avc1.4d401f"
/// ```
public struct AttributeList: Sendable, Hashable {
    /// An attribute value as written: quoted (quotes removed) or unquoted.
    public enum Value: Sendable, Hashable {
        /// A quoted-string, without its quotes.
        case quoted(String)
        /// Any unquoted form: decimal-integer, hexadecimal-sequence, float, enumerated-string, resolution.
        case unquoted(String)
    }

    /// Attribute names in the order written.
    public private(set) var names: [String] = []
    private var values: [String: Value] = [:]
    /// 1-based line of the tag, used in error messages.
    public let line: Int?

    /// Parses an attribute-list (the text after `TAG:`).
    ///
    /// One comma at the very end is ignored (Wowza writes lists that way; players accept them); the parser
    /// records it as a ``PlaylistWarning`` (``PlaylistWarning/Kind/trailingComma``).
    /// - Throws: `PlaylistError` for empty or malformed names, missing `=`, unterminated quotes,
    ///   characters after a closing quote, empty values, duplicate names and an empty item between two
    ///   commas (§4.2).
    public init(parsing text: String, line: Int? = nil) throws(PlaylistError) {
        try self.init(parsing: text, line: line, trailingComma: { _ in })
    }

    /// Parses an attribute-list, calling `trailingComma` with the line when the list ends with a comma.
    init(parsing text: String, line: Int?, trailingComma: (Int?) -> Void) throws(PlaylistError) {
        self.line = line
        let bytes = Array(text.utf8)
        var index = 0
        func fail(_ message: String) -> PlaylistError { PlaylistError(line: line, message: message) }
        while index < bytes.count {
            // Tolerate blanks after a separating comma; the grammar has none but some packagers write them.
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
            let nameStart = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "=") , bytes[index] != UInt8(ascii: ",") {
                index += 1
            }
            let name = String(decoding: bytes[nameStart ..< index], as: UTF8.self)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw fail("attribute \"\(name)\" has no '=' and value (RFC 8216 §4.2)")
            }
            guard !name.isEmpty else { throw fail("attribute with an empty name (RFC 8216 §4.2)") }
            guard name.utf8.allSatisfy(Self.isNameByte) else {
                throw fail("attribute name \"\(name)\" may only contain A-Z, 0-9 and '-' (RFC 8216 §4.2)")
            }
            index += 1  // '='
            let value: Value
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                let valueStart = index + 1
                var end = valueStart
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                guard end < bytes.count else {
                    throw fail("attribute \(name) has an unterminated quoted string (RFC 8216 §4.2)")
                }
                value = .quoted(String(decoding: bytes[valueStart ..< end], as: UTF8.self))
                index = end + 1
                guard index == bytes.count || bytes[index] == UInt8(ascii: ",") else {
                    throw fail("attribute \(name) has characters after its closing quote (RFC 8216 §4.2)")
                }
            } else {
                let valueStart = index
                while index < bytes.count, bytes[index] != UInt8(ascii: ",") { index += 1 }
                let raw = String(decoding: bytes[valueStart ..< index], as: UTF8.self)
                guard !raw.isEmpty else { throw fail("attribute \(name) has an empty value (RFC 8216 §4.2)") }
                guard !raw.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: " ") }) else {
                    throw fail("attribute \(name) has a malformed unquoted value \"\(raw)\" (RFC 8216 §4.2)")
                }
                value = .unquoted(raw)
            }
            guard values[name] == nil else {
                throw fail("attribute \(name) appears more than once (RFC 8216 §4.2)")
            }
            names.append(name)
            values[name] = value
            if index < bytes.count {  // at a ','
                index += 1
                if index == bytes.count {  // "A=1," (Wowza): tolerated; hls.js's ATTR_LIST_REGEX ends at ",|$"
                    trailingComma(line)
                }
            }
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A") ... UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-")
    }

    /// Replaces every value with `transform(name, value)`: variable substitution (rfc8216bis §4.3).
    mutating func substituteVariables(
        _ transform: (_ name: String, _ value: Value) throws(PlaylistError) -> Value
    ) throws(PlaylistError) {
        for name in names {
            guard let value = values[name] else { continue }
            values[name] = try transform(name, value)
        }
    }

    /// The raw value of the attribute with exactly this name.
    public subscript(name: String) -> Value? { values[name] }

    /// Whether an attribute with exactly this name is present.
    public func contains(_ name: String) -> Bool { values[name] != nil }

    private func error(_ name: String, _ message: String) -> PlaylistError {
        PlaylistError(line: line, message: "attribute \(name) \(message) (RFC 8216 §4.2)")
    }

    private func unquoted(_ name: String, form: String) throws(PlaylistError) -> String? {
        switch values[name] {
        case nil: return nil
        case .quoted: throw error(name, "must be an unquoted \(form), not a quoted string")
        case .unquoted(let raw): return raw
        }
    }

    /// A quoted-string value (quotes removed); `nil` when absent.
    public func quotedString(_ name: String) throws(PlaylistError) -> String? {
        switch values[name] {
        case nil: return nil
        case .quoted(let text): return text
        case .unquoted(let raw): throw error(name, "must be a quoted string, found \(raw)")
        }
    }

    /// An enumerated-string value (unquoted, e.g. `YES`, `AUDIO`); `nil` when absent.
    public func enumeratedString(_ name: String) throws(PlaylistError) -> String? {
        try unquoted(name, form: "enumerated string")
    }

    /// A decimal-integer value (`[0-9]+`, at most 20 digits, must fit in `Int`); `nil` when absent.
    public func decimalInteger(_ name: String) throws(PlaylistError) -> Int? {
        guard let raw = try unquoted(name, form: "decimal integer") else { return nil }
        guard let value = Self.parseDecimalInteger(raw) else {
            throw error(name, "must be a decimal integer that fits in 64 bits, found \(raw)")
        }
        return value
    }

    /// A decimal-integer value that tolerates a float spelling whose value is an integer: `1280000.0` or
    /// `1280000.` give 1280000, as hls.js's `parseInt` reads them. Such a spelling, and a non-zero fraction
    /// (`1280000.5`, whose fraction is dropped, again as `parseInt` does), are reported through `warn` with the
    /// value used. Anything else that is not a decimal integer throws like ``decimalInteger(_:)``.
    func decimalIntegerAllowingFloat(_ name: String, warn: (_ message: String) -> Void) throws(PlaylistError) -> Int? {
        guard let raw = try unquoted(name, form: "decimal integer") else { return nil }
        if let value = Self.parseDecimalInteger(raw) { return value }
        let parts = raw.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, Self.parseDecimalFloat(raw) != nil, let whole = Self.parseDecimalInteger(String(parts[0]))
        else {
            throw error(name, "must be a decimal integer that fits in 64 bits, found \(raw)")
        }
        if parts[1].utf8.allSatisfy({ $0 == UInt8(ascii: "0") }) {
            warn("\(name)=\(raw) is a decimal integer written as a float; read as \(whole)")
        } else {
            warn("\(name)=\(raw) is not a decimal integer; its fraction is dropped and \(whole) used, as hls.js's parseInt does")
        }
        return whole
    }

    /// A hexadecimal-sequence value (`0x` or `0X` then hex digits) as bytes, most significant first;
    /// an odd digit count is padded with a leading zero. `nil` when absent.
    public func hexadecimalSequence(_ name: String) throws(PlaylistError) -> [UInt8]? {
        guard let raw = try unquoted(name, form: "hexadecimal sequence") else { return nil }
        guard let bytes = Self.parseHexadecimalSequence(raw) else {
            throw error(name, "must be a hexadecimal sequence like 0x1A2B, found \(raw)")
        }
        return bytes
    }

    /// A decimal-floating-point value (`[0-9]+` with an optional `.` fraction; never negative, NaN or
    /// infinite); `nil` when absent.
    public func decimalFloat(_ name: String) throws(PlaylistError) -> Double? {
        guard let raw = try unquoted(name, form: "decimal floating-point number") else { return nil }
        guard let value = Self.parseDecimalFloat(raw) else {
            throw error(name, "must be a non-negative decimal number, found \(raw)")
        }
        return value
    }

    /// A signed-decimal-floating-point value (optional leading `-`); `nil` when absent.
    public func signedDecimalFloat(_ name: String) throws(PlaylistError) -> Double? {
        guard let raw = try unquoted(name, form: "signed decimal floating-point number") else { return nil }
        let negative = raw.hasPrefix("-")
        guard let magnitude = Self.parseDecimalFloat(negative ? String(raw.dropFirst()) : raw) else {
            throw error(name, "must be a signed decimal number, found \(raw)")
        }
        return negative ? -magnitude : magnitude
    }

    /// A decimal-resolution value `WIDTHxHEIGHT`; `nil` when absent.
    public func resolution(_ name: String) throws(PlaylistError) -> Resolution? {
        guard let raw = try unquoted(name, form: "resolution") else { return nil }
        let parts = raw.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Self.parseDecimalInteger(String(parts[0])),
              let height = Self.parseDecimalInteger(String(parts[1]))
        else {
            throw error(name, "must be a resolution like 1280x720, found \(raw)")
        }
        return Resolution(width: width, height: height)
    }

    /// `YES` → true, `NO` → false, absent → `defaultValue`; anything else is an error.
    public func yesNo(_ name: String, default defaultValue: Bool = false) throws(PlaylistError) -> Bool {
        switch try enumeratedString(name) {
        case nil: return defaultValue
        case "YES": return true
        case "NO": return false
        case let other?: throw error(name, "must be YES or NO, found \(other)")
        }
    }

    // MARK: - Value forms (RFC 8216 §4.2), shared with tags that take a bare value.

    /// `[0-9]{1,20}` fitting in `Int`, else `nil`.
    static func parseDecimalInteger(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 20, text.utf8.allSatisfy(isDigit) else { return nil }
        return Int(text)  // nil on overflow
    }

    /// `[0-9]+(.[0-9]*)?` or `.[0-9]+`, finite, else `nil`.
    static func parseDecimalFloat(_ text: String) -> Double? {
        var dots = 0
        var digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") { dots += 1 } else if isDigit(byte) { digits += 1 } else { return nil }
        }
        guard digits > 0, dots <= 1, text.utf8.count <= 64, let value = Double(text), value.isFinite else {
            return nil
        }
        return value
    }

    /// `0x` + hex digits → bytes, else `nil`.
    static func parseHexadecimalSequence(_ text: String) -> [UInt8]? {
        guard text.hasPrefix("0x") || text.hasPrefix("0X") else { return nil }
        var digits: [UInt8] = []
        for byte in text.utf8.dropFirst(2) {
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): digits.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): digits.append(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): digits.append(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        guard !digits.isEmpty else { return nil }
        if digits.count % 2 == 1 { digits.insert(0, at: 0) }
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
