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
        let scalar = try LenientScalar(from: decoder)
        switch scalar {
        case .integer(let value) where value >= Int64(Int.min) && value <= Int64(Int.max):
            self.value = Int(value)
            return
        case .double(let value) where value == value.rounded() && abs(value) < 9e15:
            self.value = Int(value)
            return
        case .string(let text):
            let trimmed = text.trimmingWhitespace
            if let value = Int(trimmed) {
                self.value = value
                return
            }
            if let double = Double(trimmed), double == double.rounded(), abs(double) < 9e15 {
                self.value = Int(double)
                return
            }
        default:
            break
        }
        throw DecodingError.dataCorrupted(.init(
            codingPath: decoder.codingPath, debugDescription: "expected an integer, got \(scalar.quoted)"))
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
        let scalar = try LenientScalar(from: decoder)
        switch scalar {
        case .integer(let value):
            self.value = Double(value)
            return
        case .double(let value):
            self.value = value
            return
        case .string(let text):
            if let value = Double(text.trimmingWhitespace), value.isFinite {
                self.value = value
                return
            }
        default:
            break
        }
        throw DecodingError.dataCorrupted(.init(
            codingPath: decoder.codingPath, debugDescription: "expected a number, got \(scalar.quoted)"))
    }
}

extension LenientScalar {
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
