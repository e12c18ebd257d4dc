import DragPhysics

/// An axis-aligned rectangle in window points (origin top-left, y grows downwards).
///
/// Layouts (``ShellLayout``, ``ListLayout``, ``DetailsLayout``) are made of rectangles, and the same
/// rectangles serve drawing and hit testing, so what is drawn is what a tap hits.
///
/// ```swift
/// let button = Rect(x: 0, y: 0, width: 48, height: 48)
/// button.contains(Point(x: 10, y: 40))   // true
/// ```
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Horizontal extent (never negative in layouts made here).
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// Creates a rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Right edge, `x + width`.
    public var maxX: Double { x + width }
    /// Bottom edge, `y + height`.
    public var maxY: Double { y + height }
    /// The centre point.
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// Whether `point` lies inside (left and top edges included, right and bottom excluded, so two
    /// rectangles that share an edge never both contain a point).
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom (never below zero size).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// The overlap of two rectangles, or nil when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// `(x, y, width×height)`.
    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}

extension Rect {
    /// Where `x` falls across the width, 0 at the left edge to 1 at the right, clamped (0 for an empty
    /// rectangle): a slider's value at a click.
    public func fraction(atX x: Double) -> Double {
        guard width > 0 else { return 0 }
        let value = (x - self.x) / width
        return value.isNaN ? 0 : min(1, max(0, value))
    }
}
