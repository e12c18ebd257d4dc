/// A boolean sent as a JSON boolean, a number (`0`, `1`) or a string (`"true"`, `"false"`, `"1"`, `"0"`,
/// `"yes"`, `"no"`, any case), also inside `{"$text": …}` (NPR).
///
/// ```swift
/// struct Stream: Decodable { var is_live: LenientBool }
/// // {"is_live": "true"} → is_live.value == true
/// ```
public struct LenientBool: Sendable, Hashable, Decodable {
    /// The truth value.
    public var value: Bool

    /// Wraps `value`.
    public init(_ value: Bool) {
        self.value = value
    }

    /// Reads a boolean, `0`/`1`, or one of the accepted strings.
    public init(from decoder: any Decoder) throws {
        value = try LenientScalar.decode(decoder, expected: "a boolean") { scalar in
            switch scalar {
            case .bool(let value): value
            case .integer(let value) where value == 0 || value == 1: value == 1
            case .string(let text):
                switch text.trimmingWhitespace.lowercased() {
                case "true", "1", "yes": true
                case "false", "0", "no": false
                default: nil
                }
            default: nil
            }
        }
    }
}
