/// A decimal-resolution attribute value `WIDTHxHEIGHT` in pixels (RFC 8216 §4.2).
public struct Resolution: Sendable, Hashable, CustomStringConvertible {
    /// Horizontal pixels.
    public var width: Int
    /// Vertical pixels.
    public var height: Int

    /// Creates a resolution.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `"1280x720"`.
    public var description: String { "\(width)x\(height)" }
}
