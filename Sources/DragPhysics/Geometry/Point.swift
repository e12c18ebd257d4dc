/// A point in window coordinates (points, origin top-left, y grows downwards).
///
/// The same type doubles as a 2-D vector, e.g. a velocity in points per second:
/// ```swift
/// let v = Point(x: 300, y: -40)
/// let speed = v.length   // ≈ 302.65 pt/s
/// ```
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal coordinate (points, grows to the right).
    public var x: Double
    /// Vertical coordinate (points, grows downwards).
    public var y: Double

    /// Creates a point (or vector) from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, or the zero vector.
    public static let zero = Point(x: 0, y: 0)

    /// Euclidean length √(x² + y²) when used as a vector.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// Euclidean distance to `other`.
    public func distance(to other: Point) -> Double { (self - other).length }

    /// Component-wise sum.
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    /// Component-wise difference.
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    /// Scales both components.
    public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }

    /// `(x, y)` with both coordinates.
    public var description: String { "(\(x), \(y))" }
}
