/// Text that is not a valid duration or date in the format expected.
///
/// ```swift
/// try ISO8601Duration(parsing: "PT5X")
/// // TimeParseError: expected an ISO 8601 duration, got "PT5X": unknown designator "X"
/// ```
public struct TimeParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text as given (at most 80 characters of it).
    public var input: String
    /// The format expected, e.g. `"an ISO 8601 duration"`, `"an RFC 822 date"`.
    public var format: String
    /// What is wrong with it.
    public var reason: String

    /// An error about `input`, which should have been `format`.
    public init(input: String, format: String, reason: String) {
        self.input = String(input.prefix(80))
        self.format = format
        self.reason = reason
    }

    /// `expected FORMAT, got "INPUT": REASON`.
    public var description: String {
        "expected \(format), got \"\(input)\": \(reason)"
    }
}
