/// The variables a playlist has defined so far with `EXT-X-DEFINE`, and variable substitution
/// (draft-pantos-hls-rfc8216bis §4.3 "Variable Substitution", §4.4.2.3 "EXT-X-DEFINE").
///
/// A variable reference is `{$` + a variable name + `}`; a name is one or more of `[a-zA-Z0-9_-]`, case
/// sensitive. References are replaced in URI lines, quoted-string attribute values and hexadecimal-sequence
/// attribute values, and nowhere else (not in `EXTINF` titles, enumerated strings, numbers). A reference
/// must name a variable defined by an `EXT-X-DEFINE` **before** it; otherwise the playlist fails to parse, as
/// the draft requires (a URL with the literal `{$name}` in it would be a wrong request). Text that only looks
/// partly like a reference (`{$}`, `{$a b}`, `{$a` without `}`) is left as it is, as hls.js does
/// (`VARIABLE_REPLACEMENT_REGEX = /\{\$([a-zA-Z0-9-_]+)\}/g` in `src/utils/variable-substitution.ts`).
/// Substitution happens once: a value that itself contains `{$x}` is not expanded again.
///
/// Expansion is bounded so that a small playlist cannot grow into gigabytes: each substituted string is at
/// most ``maximumSubstitutedLength`` bytes, and the growth over the whole playlist at most `budget` bytes.
struct VariableTable: Sendable, Hashable {
    /// Longest string a substitution may produce, in UTF-8 bytes (URIs are far shorter in practice).
    static let maximumSubstitutedLength = 64 * 1024

    /// Name → value, in the order defined.
    private(set) var values: [String: String] = [:]
    /// Name → line of its `EXT-X-DEFINE`, for duplicate errors.
    private var lines: [String: Int] = [:]
    /// Bytes the playlist may still grow by through substitution.
    private var budget: Int

    init(budget: Int) {
        self.budget = budget
    }

    /// Whether `name` is a valid variable name: `[a-zA-Z0-9_-]+` (rfc8216bis §4.4.2.3).
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isNameByte)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a") ... UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A") ... UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-")
    }

    /// Defines `name`. A playlist must not define a name twice (rfc8216bis §4.4.2.3).
    mutating func define(_ name: String, value: String, line: Int) throws(PlaylistError) {
        guard Self.isValidName(name) else {
            throw PlaylistError(line: line, message: "EXT-X-DEFINE variable name \"\(name)\" may only contain a-z, A-Z, 0-9, '-' and '_' (rfc8216bis §4.4.2.3)")
        }
        if let first = lines[name] {
            throw PlaylistError(line: line, message: "EXT-X-DEFINE defines variable \"\(name)\" a second time (first at line \(first)) (rfc8216bis §4.4.2.3)")
        }
        values[name] = value
        lines[name] = line
    }

    /// `text` with every variable reference replaced by its value.
    /// - Parameter what: what the text is, for the error (e.g. `segment URI`, `attribute URI`).
    /// - Throws: `PlaylistError` naming the line for a reference to a variable not defined before it, or when
    ///   the result would exceed the expansion limits.
    mutating func substitute(_ text: String, line: Int, what: String) throws(PlaylistError) -> String {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }  // fast path: no reference possible
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        var index = 0
        var replaced = false
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "$")
            else {
                result.append(bytes[index])
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
            guard end > index + 2, end < bytes.count, bytes[end] == UInt8(ascii: "}") else {
                result.append(bytes[index])  // not a reference: keep the text as written
                index += 1
                continue
            }
            let name = String(decoding: bytes[index + 2 ..< end], as: UTF8.self)
            guard let value = values[name] else {
                throw PlaylistError(line: line, message: "\(what) refers to variable {$\(name)}, which no EXT-X-DEFINE before it defines (rfc8216bis §4.3)")
            }
            result.append(contentsOf: value.utf8)
            guard result.count <= Self.maximumSubstitutedLength else {
                throw PlaylistError(line: line, message: "\(what) grows beyond \(Self.maximumSubstitutedLength) bytes through variable substitution (rfc8216bis §4.3)")
            }
            replaced = true
            index = end + 1
        }
        guard replaced else { return text }
        let growth = result.count - bytes.count
        if growth > 0 {
            guard growth <= budget else {
                throw PlaylistError(line: line, message: "variable substitution makes the playlist larger than \(PlaylistParser.maximumSize) bytes (rfc8216bis §4.3)")
            }
            budget -= growth
        }
        return String(decoding: result, as: UTF8.self)
    }
}
