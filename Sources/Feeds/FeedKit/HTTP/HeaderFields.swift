import Foundation

/// HTTP header fields in order, with case-insensitive lookup (RFC 9110 §5.1).
///
/// ```swift
/// var headers = HeaderFields([("Accept", "application/json")])
/// headers.add("Authorization", "Bearer abc")
/// headers["authorization"]   // "Bearer abc"
/// headers.redacted           // "Accept: application/json, Authorization: Bearer ***"
/// ```
public struct HeaderFields: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field.
    public struct Field: Sendable, Equatable {
        /// The name as sent.
        public var name: String
        /// The value.
        public var value: String

        /// A field `name: value`.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Fields from `(name, value)` pairs.
    public init(_ pairs: [(String, String)] = []) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// Fields from a literal.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// Appends a field.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name` (any case).
    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The first value of the field named `name` (any case).
    public subscript(name: String) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// `Name: value, …` with credentials hidden: `Authorization` and `Proxy-Authorization` keep only their
    /// scheme (`Bearer ***`); `Cookie` and `X-Api-Key`-like fields become `***`.
    public var redacted: String {
        fields.map { field in
            let lower = field.name.lowercased()
            if lower == "authorization" || lower == "proxy-authorization" {
                let scheme = field.value.split(separator: " ").first.map(String.init) ?? ""
                return "\(field.name): \(scheme) ***"
            }
            if lower == "cookie" || lower.contains("api-key") || lower.contains("token") {
                return "\(field.name): ***"
            }
            return "\(field.name): \(field.value)"
        }.joined(separator: ", ")
    }
}
