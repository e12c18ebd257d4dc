/// An integer sent as a JSON number or as a string (`10`, `"10"`, `" 10 "`, `10.0`, `{"$text": "10"}`).
///
/// A fraction (`10.5`, `"10.5"`) is an error, not a silent truncation.
///
/// ```swift
/// struct Page: Decodable { var total: LenientInt }
/// // {"total": "25"} → total.value == 25
/// ```
public struct LenientInt: Sendable, Hashable, Decodable {
    /// The number.
    public var value: Int

    /// Wraps `value`.
    public init(_ value: Int) {
        self.value = value
    }

    /// Reads a number, a numeric string, or a `{"$text": …}` wrapper of either.
    public init(from decoder: any Decoder) throws {
        value = try LenientScalar.decode(decoder, expected: "an integer") { scalar in
            switch scalar {
            case .integer(let value) where value >= Int64(Int.min) && value <= Int64(Int.max): Int(value)
            case .double(let value): Self.whole(value)
            case .string(let text):
                Int(text.trimmingWhitespace) ?? Double(text.trimmingWhitespace).flatMap(Self.whole)
            default: nil
            }
        }
    }

    /// `value` as an `Int` when it has no fraction and is exactly representable (below 9e15, under 2⁵³).
    private static func whole(_ value: Double) -> Int? {
        value == value.rounded() && abs(value) < 9e15 ? Int(value) : nil
    }
}

/// A floating-point number sent as a JSON number or as a string (`1.5`, `"1.5"`, `{"$text": "1.5"}`).
/// Non-finite spellings (`"nan"`, `"inf"`) are errors.
public struct LenientDouble: Sendable, Hashable, Decodable {
    /// The number.
    public var value: Double

    /// Wraps `value`.
    public init(_ value: Double) {
        self.value = value
    }

    /// Reads a number, a numeric string, or a `{"$text": …}` wrapper of either.
    public init(from decoder: any Decoder) throws {
        value = try LenientScalar.decode(decoder, expected: "a number") { scalar in
            switch scalar {
            case .integer(let value): Double(value)
            case .double(let value): value
            case .string(let text): Double(text.trimmingWhitespace).flatMap { $0.isFinite ? $0 : nil }
            default: nil
            }
        }
    }
}

extension LenientScalar {
    /// Reads the scalar at `decoder` and converts it with `convert`.
    /// - Throws: `DecodingError.dataCorrupted` at the decoder's path, "expected `expected`, got `scalar`", when
    ///   `convert` returns nil; the scalar's own error when it is not a scalar.
    static func decode<Value>(_ decoder: any Decoder, expected: String,
                              _ convert: (LenientScalar) -> Value?) throws -> Value {
        let scalar = try LenientScalar(from: decoder)
        guard let value = convert(scalar) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "expected \(expected), got \(scalar.quoted)"))
        }
        return value
    }

    /// The scalar as it would appear in JSON, for error messages (`"abc"`, `12`, `true`, `null`).
    var quoted: String {
        switch self {
        case .string(let text): "\"\(text.prefix(60))\""
        case .null: "null"
        default: text ?? "null"
        }
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
