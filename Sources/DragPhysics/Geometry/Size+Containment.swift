extension Size {
    /// Clamps one coordinate of a circle's centre so the circle stays inside `[0, extent]`:
    /// `min(max(c, r), extent − r)`, or `extent / 2` when the circle (2r) does not fit.
    @inline(__always) static func clampAxis(_ c: Double, radius r: Double, extent: Double) -> Double {
        if extent < 2 * r { return extent / 2 }
        return min(max(c, r), extent - r)
    }

    /// The nearest centre to `center` that keeps a circle of `radius` inside this area:
    /// x ∈ [r, w − r], y ∈ [r, h − r]; on an axis where the area is smaller than the circle, the centre
    /// of the area on that axis.
    ///
    /// ```swift
    /// Size(width: 800, height: 600).clampedCenter(Point(x: 900, y: 20), radius: 50)  // (750, 50)
    /// ```
    public func clampedCenter(_ center: Point, radius: Double) -> Point {
        Point(
            x: Self.clampAxis(center.x, radius: radius, extent: width),
            y: Self.clampAxis(center.y, radius: radius, extent: height))
    }

    /// The coordinate (x for left/right, y for top/bottom) of the centre of a circle of `radius`
    /// touching `edge`: `r` or `extent − r` (the area's centre when the circle does not fit).
    public func dockedCoordinate(on edge: Edge, radius: Double) -> Double {
        switch edge {
        case .left: return Self.clampAxis(-Double.infinity, radius: radius, extent: width)
        case .right: return Self.clampAxis(Double.infinity, radius: radius, extent: width)
        case .top: return Self.clampAxis(-Double.infinity, radius: radius, extent: height)
        case .bottom: return Self.clampAxis(Double.infinity, radius: radius, extent: height)
        }
    }

    /// The centre of a circle of `radius` docked on `edge`, keeping (clamped) the other coordinate of `center`.
    public func dockedCenter(on edge: Edge, from center: Point, radius: Double) -> Point {
        var result = clampedCenter(center, radius: radius)
        if edge.isHorizontal {
            result.x = dockedCoordinate(on: edge, radius: radius)
        } else {
            result.y = dockedCoordinate(on: edge, radius: radius)
        }
        return result
    }
}
