import DragPhysics

/// Recognises a double-click from pointer-ups: the second of two ups within ``interval`` seconds and
/// ``radius`` points of each other. A recognised double-click is consumed, so a triple-click is one
/// double-click and a single click, not two double-clicks.
struct DoubleClick: Equatable, Sendable {
    /// The longest time between the two clicks, in seconds: mpv's `--input-doubleclick-time` default of 300 ms
    /// (DOCS/man/options.rst).
    static let interval = 0.3
    /// The farthest the second click may land from the first, in points. Ours: mpv checks no distance; 8 points
    /// allows a hand's tremor on a mouse or a finger's on glass and stays well under the 48-point controls.
    static let radius = 8.0

    private var last: (point: Point, time: Double)?

    /// Records a pointer-up at `point` and time `t`; true if it completes a double-click.
    mutating func up(at point: Point, time t: Double) -> Bool {
        if let last, t >= last.time, t - last.time <= Self.interval, Self.distance(last.point, point) <= Self.radius {
            self.last = nil
            return true
        }
        last = (point, t)
        return false
    }

    /// Forgets the last click (a click elsewhere, on a control, breaks a double-click).
    mutating func reset() { last = nil }

    private static func distance(_ a: Point, _ b: Point) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }

    static func == (lhs: DoubleClick, rhs: DoubleClick) -> Bool {
        lhs.last?.point == rhs.last?.point && lhs.last?.time == rhs.last?.time
    }
}
