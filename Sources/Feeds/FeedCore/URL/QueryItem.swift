/// One `name=value` pair of a URL query, kept in the order given (APIs and fixture routes see exactly
/// the query a client builds).
public struct QueryItem: Sendable, Hashable, CustomStringConvertible {
    /// The parameter name, unencoded.
    public var name: String
    /// The value, unencoded.
    public var value: String

    /// `name=value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// `name=value`, percent-encoded as ``FeedURL/encodeQueryComponent(_:)`` does.
    public var description: String {
        "\(FeedURL.encodeQueryComponent(name))=\(FeedURL.encodeQueryComponent(value))"
    }
}
