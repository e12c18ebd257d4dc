/// A JSON member that may be missing, present as `null`, or present with a value: three cases an
/// `Optional` folds into one.
///
/// Declare a property as `JSONField<T>` in a `Decodable` type and a missing key decodes as
/// ``missing`` (through the `KeyedDecodingContainer` overload below) instead of failing:
///
/// ```swift
/// struct Video: Decodable { var description: JSONField<String> }
/// // {}                        → .missing
/// // {"description": null}     → .null
/// // {"description": ""}       → .value("")   (see ``nonEmpty`` for "no text at all")
/// ```
public enum JSONField<Value> {
    /// The key is absent.
    case missing
    /// The key is present with `null`.
    case null
    /// The key is present with a value.
    case value(Value)

    /// The value, or `nil` when missing or null.
    public var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// Whether the key was present (with a value or `null`).
    public var isPresent: Bool {
        if case .missing = self { return false }
        return true
    }
}

extension JSONField: Sendable where Value: Sendable {}
extension JSONField: Equatable where Value: Equatable {}
extension JSONField: Hashable where Value: Hashable {}

extension JSONField: Decodable where Value: Decodable {
    /// Decodes `null` as ``null`` and anything else as ``value(_:)``; a missing key is handled by the
    /// keyed container overload, which never calls this.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else {
            self = .value(try container.decode(Value.self))
        }
    }
}

extension JSONField where Value == String {
    /// The text when it has any non-whitespace character; `nil` for missing, null, `""` and blanks.
    public var nonEmpty: String? {
        guard case .value(let text) = self, text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }
}

extension KeyedDecodingContainer {
    /// Decodes a ``JSONField``: ``JSONField/missing`` when the key is absent. Synthesized `Decodable`
    /// conformances pick this overload for `JSONField` properties.
    public func decode<Value: Decodable>(_ type: JSONField<Value>.Type, forKey key: Key) throws -> JSONField<Value> {
        guard contains(key) else { return .missing }
        return try decodeIfPresent(type, forKey: key) ?? .null
    }
}
