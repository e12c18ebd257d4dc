/// One JSON scalar read without insisting on its JSON type: APIs send numbers and booleans as strings
/// (`"numResults": "10"`, `"is_live": "true"`), and NPR wraps every text in an object
/// (`{"$text": "Morning Edition"}`, `{}` when empty).
///
/// Accepted: a string, a number, a boolean, `null`, an object `{"$text": scalar}` (its scalar is read),
/// and `{}` (read as ``null``). Arrays and other objects are a type mismatch.
///
/// The typed readers build on it: ``LenientInt``, ``LenientDouble``, ``LenientBool``, ``LenientString``.
public enum LenientScalar: Sendable, Equatable, Decodable {
    /// A JSON string.
    case string(String)
    /// A JSON number that fits an `Int64` exactly.
    case integer(Int64)
    /// Any other JSON number.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`, or an empty object `{}`.
    case null

    /// The member name NPR uses for wrapped text.
    static let textKey = "$text"

    /// Reads one scalar; see the type's description for what is accepted.
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let text = try? single.decode(String.self) {
            self = .string(text)
        } else if let integer = try? single.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? single.decode(Double.self) {
            self = .double(number)
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if single.decodeNil() {
            self = .null
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            if object.allKeys.isEmpty {
                self = .null
            } else if let key = AnyKey(stringValue: Self.textKey), object.contains(key) {
                self = try object.decode(LenientScalar.self, forKey: key)
            } else {
                let keys = object.allKeys.map(\.stringValue).sorted().prefix(5).joined(separator: ", ")
                throw DecodingError.dataCorruptedError(
                    in: single, debugDescription: "expected a value or {\"$text\": …}, got an object with \(keys)")
            }
        } else {
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "expected a value, got an array")
        }
    }

    /// The scalar as text: strings as they are, numbers in their shortest form, booleans as `true`/`false`;
    /// `nil` for null.
    public var text: String? {
        switch self {
        case .string(let text): text
        case .integer(let value): String(value)
        case .double(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .bool(let value): value ? "true" : "false"
        case .null: nil
        }
    }
}

/// A coding key for any member name (reading objects whose keys are data, such as `{"$text": …}`).
public struct AnyKey: CodingKey, Sendable, Hashable {
    /// The member name.
    public var stringValue: String
    /// The index, for array positions.
    public var intValue: Int?

    /// A key for the member `stringValue`.
    public init?(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    /// A key for the array position `intValue`.
    public init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
