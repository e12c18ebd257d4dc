/// A row's identity within its list (an episode id, an album id…): what a selection reports and a trace names.
///
/// ```swift
/// let id: RowID = "p06cfvzl"
/// id.rawValue   // "p06cfvzl"
/// ```
public struct RowID: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The id as the app's data spells it.
    public var rawValue: String

    /// Wraps an id.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an id.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Wraps a literal id.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The raw id.
    public var description: String { rawValue }
}
