/// A circle in a window that can be dragged, tapped, flicked to an edge (where it docks), and pushed
/// to an edge from the keyboard. Pure and time-injected: every call takes the event's timestamp in
/// seconds, nothing reads a clock, and the motion is a closed-form function of absolute time, so
/// rendering at any frame rate (or irregular frames) shows the same positions at the same timestamps.
///
/// Coordinates are window points, y down. The centre always stays within `[r, w − r] × [r, h − r]`
/// (the window's centre on an axis where the window is smaller than the circle).
///
/// Gestures:
/// - ``pointerDown(at:time:)`` on the circle starts a press; a moving circle stops exactly at
///   `center(at: time)` (no jump).
/// - ``pointerMoved(to:time:)``: once the pointer is more than `slop` from the down position, the centre
///   is `pointer + grabOffset` (clamped), so the grab offset is kept and the circle catches up
///   with the pointer rather than lagging `slop` points behind it.
/// - ``pointerUp(at:time:)``: within the slop a ``Release/tap``; otherwise the ``VelocityTracker``
///   release velocity decides: below `flickThreshold` ``Release/dropped`` (stays), otherwise
///   ``Release/flicked(_:)`` towards the edge of the dominant axis of the velocity (ties go to the
///   horizontal axis). The push moves along that axis only: the other coordinate stays where it was
///   released (the perpendicular part of the throw is discarded).
///
/// ```swift
/// var circle = DraggableCircle.centered(in: Size(width: 800, height: 600), radius: 50)
/// circle.pointerDown(at: Point(x: 400, y: 300), time: 0)
/// circle.pointerMoved(to: Point(x: 430, y: 300), time: 0.016)
/// circle.pointerMoved(to: Point(x: 470, y: 300), time: 0.032)
/// circle.pointerUp(at: Point(x: 520, y: 300), time: 0.048)   // .flicked(.right)
/// circle.center(at: 1.0)                                      // (750, 300), docked on .right
/// ```
public struct DraggableCircle: Sendable {
    /// What the circle does when no pointer holds it.
    private enum Motion: Sendable {
        /// Still at `center`; `docked` is the edge it sticks to, if any.
        case resting(center: Point, docked: Edge?)
        /// Being pushed to an edge.
        case pushing(PushAnimation)
    }

    /// A press on the circle.
    private struct Press: Sendable {
        var downPoint: Point
        /// `center − pointer` at the down event.
        var grabOffset: Point
        var isBeyondSlop = false
        var tracker: VelocityTracker
    }

    /// Radius in points. Changing it re-clamps a resting or docked circle (pushes are re-planned).
    public var radius: Double {
        didSet { replanForGeometryChange(time: nil) }
    }
    /// The window size the circle lives in; change it with ``resize(to:time:)``.
    public private(set) var bounds: Size
    /// Tunables; changes apply to the next gesture or push.
    public var configuration: DragConfiguration

    private var motion: Motion
    private var press: Press?

    /// Creates a resting circle at `center` (clamped into `bounds`).
    public init(center: Point, radius: Double, bounds: Size, configuration: DragConfiguration = .default) {
        self.radius = radius
        self.bounds = bounds
        self.configuration = configuration
        motion = .resting(center: bounds.clampedCenter(center, radius: radius), docked: nil)
    }

    /// A resting circle in the middle of `bounds` (the spec's initial state).
    public static func centered(in bounds: Size, radius: Double,
                                configuration: DragConfiguration = .default) -> DraggableCircle {
        DraggableCircle(center: bounds.center, radius: radius, bounds: bounds, configuration: configuration)
    }

    // MARK: Closed-form state at a time

    /// Centre at absolute `time` (seconds). Pure: calling it any number of times changes nothing.
    public func center(at time: Double) -> Point {
        switch motion {
        case let .resting(center, _): return center
        case let .pushing(push): return push.position(at: time)
        }
    }

    /// Velocity (points/second) at `time`: the push curve's derivative while pushed, the release
    /// estimate of the ``VelocityTracker`` while dragged beyond the slop, zero otherwise.
    public func velocity(at time: Double) -> Point {
        if let press {
            return press.isBeyondSlop ? press.tracker.velocity(at: time) : .zero
        }
        switch motion {
        case .resting: return .zero
        case let .pushing(push): return push.velocity(at: time)
        }
    }

    /// `true` while a push animation runs (`time` before its arrival).
    public func isMoving(at time: Double) -> Bool {
        if case let .pushing(push) = motion { return time < push.endTime }
        return false
    }

    /// The edge the circle sticks to at `time`: set once a push has arrived, cleared when the circle is
    /// dragged away; `nil` otherwise.
    public func dockedEdge(at time: Double) -> Edge? {
        switch motion {
        case let .resting(_, docked): return docked
        case let .pushing(push): return time >= push.endTime ? push.edge : nil
        }
    }

    /// `true` when `point` lies in the circle (distance to the centre ≤ radius) at `time`.
    public func contains(_ point: Point, at time: Double) -> Bool {
        center(at: time).distance(to: point) <= radius
    }

    /// `true` while a pointer pressed on the circle is down (before or after the slop is exceeded).
    public var isDragging: Bool { press != nil }

    /// Time at which the current push arrives, or `nil` when no push is planned.
    public var pushArrivalTime: Double? {
        if case let .pushing(push) = motion { return push.endTime }
        return nil
    }

    // MARK: Pointer events

    /// Presses at `point`. Returns `true` if it hit the circle; then any push stops exactly at
    /// `center(at: time)` and a drag session starts. A miss changes nothing.
    @discardableResult
    public mutating func pointerDown(at point: Point, time: Double) -> Bool {
        guard contains(point, at: time) else { return false }
        let center = center(at: time)
        motion = .resting(center: center, docked: dockedEdge(at: time))
        var tracker = VelocityTracker(
            window: configuration.velocityWindow, restThreshold: configuration.restThreshold)
        tracker.addSample(point, time: time)
        press = Press(downPoint: point, grabOffset: center - point, tracker: tracker)
        return true
    }

    /// Moves the pointer of the current press to `point`; no effect without a press.
    public mutating func pointerMoved(to point: Point, time: Double) {
        guard var current = press else { return }
        press = nil  // keep the tracker's buffer uniquely referenced: it is then updated in place
        track(&current, to: point, time: time)
        press = current
    }

    /// Releases the pointer at `point`; see ``Release`` for the outcomes. Without a press: `.dropped`,
    /// nothing happens.
    @discardableResult
    public mutating func pointerUp(at point: Point, time: Double) -> Release {
        guard var current = press else { return .dropped }
        press = nil
        track(&current, to: point, time: time)
        guard current.isBeyondSlop else { return .tap }
        let velocity = current.tracker.velocity(at: time)
        guard velocity.length >= configuration.flickThreshold, let edge = Edge.dominant(for: velocity) else {
            return .dropped
        }
        startPush(to: edge, time: time, velocity: velocity)
        return .flicked(edge)
    }

    /// The press was cancelled (e.g. the window lost the pointer): the circle stays where it is, no flick.
    public mutating func pointerCancelled(time: Double) {
        press = nil
    }

    /// Pushes the circle to `edge` with the configured curve (keyboard arrows). A running push to another
    /// edge is replaced from the current position, carrying its speed towards the new edge over for
    /// ``PushCurve/velocityMatched`` and the spring. Ignored while the circle is pressed, and while a push
    /// to the same edge is still running (so a repeated key does not restart the motion).
    public mutating func push(to edge: Edge, time: Double) {
        guard press == nil else { return }
        if case let .pushing(running) = motion, running.edge == edge, time < running.endTime { return }
        startPush(to: edge, time: time, velocity: velocity(at: time))
    }

    /// Changes the window size. A resting circle is clamped inside; a docked one stays docked on its edge
    /// (its other coordinate clamped); a running push is re-planned towards the moved edge, keeping its
    /// start time, so it still arrives on the edge.
    public mutating func resize(to bounds: Size, time: Double) {
        self.bounds = bounds
        replanForGeometryChange(time: time)
    }

    // MARK: Internals

    private mutating func track(_ current: inout Press, to point: Point, time: Double) {
        current.tracker.addSample(point, time: time)
        if !current.isBeyondSlop && point.distance(to: current.downPoint) > configuration.slop {
            current.isBeyondSlop = true
        }
        if current.isBeyondSlop {
            motion = .resting(center: bounds.clampedCenter(point + current.grabOffset, radius: radius), docked: nil)
        }
    }

    private mutating func startPush(to edge: Edge, time: Double, velocity: Point) {
        let push = PushAnimation(
            edge: edge, from: center(at: time), axisVelocity: edge.isHorizontal ? velocity.x : velocity.y,
            startTime: time, bounds: bounds, radius: radius, configuration: configuration)
        motion = push.duration > 0 ? .pushing(push) : .resting(center: push.target, docked: edge)
    }

    /// Re-applies the bounds and radius to the current motion.
    private mutating func replanForGeometryChange(time: Double?) {
        switch motion {
        case let .resting(center, docked):
            if let docked {
                motion = .resting(center: bounds.dockedCenter(on: docked, from: center, radius: radius), docked: docked)
            } else {
                motion = .resting(center: bounds.clampedCenter(center, radius: radius), docked: nil)
            }
        case let .pushing(push):
            if let time, time >= push.endTime {
                motion = .resting(
                    center: bounds.dockedCenter(on: push.edge, from: push.target, radius: radius), docked: push.edge)
                return
            }
            var planning = configuration
            planning.pushCurve = push.curve
            let replanned = PushAnimation(
                edge: push.edge, from: push.start, axisVelocity: push.startSpeed, startTime: push.startTime,
                bounds: bounds, radius: radius, configuration: planning)
            motion = replanned.duration > 0
                ? .pushing(replanned) : .resting(center: replanned.target, docked: push.edge)
        }
    }
}
