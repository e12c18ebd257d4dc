/// The size of the window (or any area) in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent in points.
    public var width: Double
    /// Vertical extent in points.
    public var height: Double

    /// Creates a size from its extents.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The centre of an area of this size whose origin is (0, 0).
    public var center: Point { Point(x: width / 2, y: height / 2) }

    /// `width x height`.
    public var description: String { "\(width)x\(height)" }
}
