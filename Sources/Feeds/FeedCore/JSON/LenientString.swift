/// Text sent as a string, as a number (ids such as `12345`), or wrapped as NPR does (`{"$text": "…"}`,
/// `{}` for none). `null` and `{}` read as the empty string.
///
/// ```swift
/// struct Story: Decodable { var title: LenientString; var id: LenientString }
/// // {"title": {"$text": "Morning Edition"}, "id": 1001} → "Morning Edition", "1001"
/// ```
public struct LenientString: Sendable, Hashable, Decodable, CustomStringConvertible {
    /// The text; empty for `null` and `{}`.
    public var value: String

    /// Wraps `value`.
    public init(_ value: String) {
        self.value = value
    }

    /// Reads any scalar as text (see ``LenientScalar/text``).
    public init(from decoder: any Decoder) throws {
        value = try LenientScalar(from: decoder).text ?? ""
    }

    /// The text, or `nil` when it is empty or only whitespace.
    public var nonEmpty: String? {
        value.contains(where: { !$0.isWhitespace }) ? value : nil
    }

    /// The text.
    public var description: String { value }
}
