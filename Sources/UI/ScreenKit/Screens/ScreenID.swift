/// A screen's name: what scripts wait for (`wait-screen NAME`), traces record and apps route by.
///
/// Apps choose their names (`categories`, `highlights`, `episode`…); the name is plain text so scripts
/// can spell it, but it travels as this type, not as a bare string.
public struct ScreenID: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name.
    public var rawValue: String

    /// Wraps a name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps a name.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// Wraps a literal name.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The name.
    public var description: String { rawValue }
}
