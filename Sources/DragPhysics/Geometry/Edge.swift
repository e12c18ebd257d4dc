/// One of the four edges of the window.
public enum Edge: String, Sendable, CaseIterable {
    /// x = 0.
    case left
    /// x = window width.
    case right
    /// y = 0 (y grows downwards).
    case top
    /// y = window height.
    case bottom

    /// `true` for `.left` and `.right`, whose push moves along x.
    public var isHorizontal: Bool { self == .left || self == .right }

    /// The edge a velocity points to: the dominant axis decides (ties go to the horizontal axis),
    /// its sign picks the side. Returns `nil` for the zero vector.
    ///
    /// ```swift
    /// Edge.dominant(for: Point(x: 500, y: -200))  // .right
    /// ```
    public static func dominant(for velocity: Point) -> Edge? {
        if velocity.x == 0 && velocity.y == 0 { return nil }
        if abs(velocity.x) >= abs(velocity.y) {
            return velocity.x > 0 ? .right : .left
        }
        return velocity.y > 0 ? .bottom : .top
    }
}
