import FeedCore
import Foundation

/// Any JSON value, kept whole: what the seed asks to store "with all its fields" (a user's websites, every
/// metadata item, every field of a video file) without naming each field in advance.
///
/// Objects keep their members sorted by name, so the same document always prints, stores and compares the
/// same way (a decoder's key order is not guaranteed). Numbers keep integers exact.
///
/// ```swift
/// let website = try FeedJSON.decode(JSONTree.self, from: Data(#"{"name": "Site", "link": "https://x"}"#.utf8))
/// website["name"]?.text        // "Site"
/// website.jsonText             // {"link":"https://x","name":"Site"}
/// ```
public enum JSONTree: Sendable, Hashable, Decodable {
    /// A string.
    case string(String)
    /// A number that fits an `Int64` exactly.
    case integer(Int64)
    /// Any other number.
    case double(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([JSONTree])
    /// An object, members sorted by name.
    case object([Member])

    /// One member of an object.
    public struct Member: Sendable, Hashable {
        /// The member's name.
        public var name: String
        /// Its value.
        public var value: JSONTree

        /// A member `name: value`.
        public init(_ name: String, _ value: JSONTree) {
            self.name = name
            self.value = value
        }
    }

    /// An object of `members`, sorted by name (a repeated name keeps its last value).
    public static func object(_ members: [(String, JSONTree)]) -> JSONTree {
        var byName: [String: JSONTree] = [:]
        for (name, value) in members { byName[name] = value }
        return .object(byName.keys.sorted().map { Member($0, byName[$0] ?? .null) })
    }

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [Member] = []
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append(Member(key.stringValue, try object.decode(JSONTree.self, forKey: key)))
            }
            self = .object(members)
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONTree] = []
            while !array.isAtEnd { items.append(try array.decode(JSONTree.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? single.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? single.decode(Double.self) {
            self = .double(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// The member `name` of an object (`nil` for other values and absent members).
    public subscript(name: String) -> JSONTree? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.name == name }?.value
    }

    /// A scalar as text (strings as they are, numbers in their shortest form, booleans); `nil` otherwise.
    public var text: String? {
        switch self {
        case .string(let text): text
        case .integer(let value): String(value)
        case .double(let value): JSONTree.format(value)
        case .bool(let value): value ? "true" : "false"
        case .null, .array, .object: nil
        }
    }

    /// A number (or a numeric string) as an `Int`, when it is whole.
    public var int: Int? {
        switch self {
        case .integer(let value): Int(exactly: value)
        case .double(let value): value == value.rounded() && abs(value) < 1e15 ? Int(value) : nil
        case .string(let text): Int(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }

    /// The compact JSON text (RFC 8259): members in name order, no spaces, `/` not escaped.
    public var jsonText: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Reads JSON text written by ``jsonText`` (or any JSON).
    /// - Throws: ``FeedJSON/Failure`` when `text` is not JSON.
    public static func parse(_ text: String) throws(FeedJSON.Failure) -> JSONTree {
        try FeedJSON.decode(JSONTree.self, from: Data(text.utf8))
    }

    private func write(to output: inout String) {
        switch self {
        case .string(let text): JSONText.appendQuoted(text, to: &output)
        case .integer(let value): output += String(value)
        case .double(let value): output += JSONText.number(value)
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                JSONText.appendQuoted(member.name, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    /// Shortest text reading back as the same `Double`; whole numbers without a fraction (``FeedCore/JSONText``;
    /// NaN and the infinities as Swift prints them, for ``text``).
    static func format(_ value: Double) -> String {
        value.isFinite ? JSONText.number(value) : "\(value)"
    }
}
