/// A circle in a window that can be dragged, tapped, flicked to an edge (where it docks), and pushed
/// to an edge from the keyboard. Pure and time-injected: every call takes the event's timestamp in
/// seconds, nothing reads a clock, and the motion is a closed-form function of absolute time, so
/// rendering at any frame rate (or irregular frames) shows the same positions at the same timestamps.
///
/// Coordinates are window points, y down. The centre always stays within `[r, w − r] × [r, h − r]`
/// (the window's centre on an axis where the window is smaller than the circle). Events with a
/// non-finite point, time or size are ignored (a `pointerUp` still ends the press, without a flick), so
/// a bad event cannot leave the circle at NaN.
///
/// Gestures:
/// - ``pointerDown(at:time:)`` on the circle starts a press; a moving circle stops exactly at
///   `center(at: time)` (no jump).
/// - ``pointerMoved(to:time:)``: the circle stays put until the pointer is more than `slop` from the down
///   position. From then on the centre is `pointer + grabOffset + lag`: `lag` starts as what keeps the
///   circle where it is (so the drag starts without a jump) and shrinks by
///   ``DragConfiguration/slopCatchUpRate`` points per point the pointer travels beyond the slop circle,
///   so the circle moves at most `1 + rate` times the pointer's step and soon keeps the exact grab offset.
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
        /// The last pointer position while the lag is being taken up, to measure how far the pointer travels.
        var lastPoint: Point
        /// Unit vector of the lag (from the pointer towards the down point when the slop was exceeded).
        var lagDirection = Point.zero
        /// What is left of the slop lag: `slop − rate · (pointer travel beyond the slop circle)`, at least 0.
        var lag = 0.0
        var tracker: VelocityTracker

        /// Records the pointer at `point`; returns the (unclamped) centre the drag puts the circle at, or
        /// `nil` while the pointer is still within the slop.
        mutating func move(to point: Point, time: Double, slop: Double, catchUpRate: Double) -> Point? {
            tracker.addSample(point, time: time)
            if !isBeyondSlop {
                let distance = point.distance(to: downPoint)
                lastPoint = point
                guard distance > slop else { return nil }
                // The slop is exceeded now: the lag points back to the down point, and the part of this step
                // beyond the slop circle already counts as travel (so the circle starts moving with it).
                isBeyondSlop = true
                lagDirection = (downPoint - point) * (1 / distance)
                lag = max(0, slop - catchUpRate * (distance - slop))
            } else if lag > 0 {
                lag = max(0, lag - catchUpRate * point.distance(to: lastPoint))
                lastPoint = point
            }
            return point + grabOffset + lagDirection * lag
        }
    }

    /// Radius in points. Changing it re-clamps a resting or docked circle; a running push is re-planned
    /// from its start (no timestamp is known here; use ``resize(to:time:)`` for window changes).
    /// Non-finite or negative values are refused (the old radius is kept).
    public var radius: Double {
        didSet {
            guard radius.isFinite, radius >= 0 else {
                radius = oldValue
                return
            }
            replanForGeometryChange(time: nil)
        }
    }
    /// The window size the circle lives in; change it with ``resize(to:time:)``.
    public private(set) var bounds: Size
    /// Tunables; changes apply to the next gesture or push.
    public var configuration: DragConfiguration

    private var motion: Motion
    private var press: Press?

    /// Creates a resting circle at `center` (clamped into `bounds`; a non-finite centre means the middle), docked
    /// on `docked` if given (its centre moved onto that edge, as a push there would leave it; it stays there when
    /// the window is resized, as any docked circle does).
    public init(center: Point, radius: Double, bounds: Size, configuration: DragConfiguration = .default, docked: Edge? = nil) {
        self.radius = radius
        self.bounds = bounds
        self.configuration = configuration
        let start = center.isFinite ? center : bounds.center
        if let docked {
            motion = .resting(center: bounds.dockedCenter(on: docked, from: start, radius: radius), docked: docked)
        } else {
            motion = .resting(center: bounds.clampedCenter(start, radius: radius), docked: nil)
        }
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
    /// `center(at: time)` and a drag session starts. A miss (or a non-finite point or time) changes nothing.
    @discardableResult
    public mutating func pointerDown(at point: Point, time: Double) -> Bool {
        guard point.isFinite, time.isFinite, contains(point, at: time) else { return false }
        let center = center(at: time)
        motion = .resting(center: center, docked: dockedEdge(at: time))
        var tracker = VelocityTracker(
            window: configuration.velocityWindow, restThreshold: configuration.restThreshold)
        tracker.addSample(point, time: time)
        press = Press(downPoint: point, grabOffset: center - point, lastPoint: point, tracker: tracker)
        return true
    }

    /// Moves the pointer of the current press to `point`; no effect without a press or with a non-finite
    /// point or time.
    public mutating func pointerMoved(to point: Point, time: Double) {
        guard point.isFinite, time.isFinite else { return }
        // Optional chaining mutates the press in place (no copy of it or of the tracker's buffer).
        let slop = configuration.slop, rate = configuration.slopCatchUpRate
        guard let target = press?.move(to: point, time: time, slop: slop, catchUpRate: rate) else { return }
        motion = .resting(center: bounds.clampedCenter(target, radius: radius), docked: nil)
    }

    /// Releases the pointer at `point`; see ``Release`` for the outcomes. Without a press: `.dropped`,
    /// nothing happens. With a non-finite point or time the press ends where the circle is, without a
    /// flick (`.tap` if the slop was never exceeded, else `.dropped`).
    @discardableResult
    public mutating func pointerUp(at point: Point, time: Double) -> Release {
        guard var current = press else { return .dropped }
        press = nil
        guard point.isFinite, time.isFinite else { return current.isBeyondSlop ? .dropped : .tap }
        if let target = current.move(
            to: point, time: time, slop: configuration.slop, catchUpRate: configuration.slopCatchUpRate) {
            motion = .resting(center: bounds.clampedCenter(target, radius: radius), docked: nil)
        }
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
    /// ``PushCurve/velocityMatched`` and the spring. Ignored while the circle is pressed, while a push
    /// to the same edge is still running (so a repeated key does not restart the motion), and for a
    /// non-finite time.
    public mutating func push(to edge: Edge, time: Double) {
        guard press == nil, time.isFinite else { return }
        if case let .pushing(running) = motion, running.edge == edge, time < running.endTime { return }
        startPush(to: edge, time: time, velocity: velocity(at: time))
    }

    /// Changes the window size at `time`. A resting circle is clamped inside; a docked one stays docked on
    /// its edge (its other coordinate clamped). A running push whose target and path are unaffected runs
    /// on unchanged; otherwise it is re-planned from where it is at `time`, with its current speed, to
    /// the moved edge (position and speed continuous, unless the window now cuts through the circle,
    /// which is clamped inside). Sizes with a non-finite or negative extent and non-finite times are ignored.
    public mutating func resize(to bounds: Size, time: Double) {
        guard bounds.width.isFinite, bounds.height.isFinite, bounds.width >= 0, bounds.height >= 0,
              time.isFinite else { return }
        self.bounds = bounds
        replanForGeometryChange(time: time)
    }

    // MARK: Internals

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
            let start = bounds.clampedCenter(push.start, radius: radius)
            if start == push.start && bounds.dockedCenter(on: push.edge, from: start, radius: radius) == push.target {
                return  // same path, same target: the push runs on unchanged
            }
            let replanned: PushAnimation
            if let time {
                replanned = push.replanned(at: time, bounds: bounds, radius: radius, configuration: configuration)
            } else {
                var planning = configuration
                planning.pushCurve = push.curve
                replanned = PushAnimation(
                    edge: push.edge, from: push.start, axisVelocity: push.startSpeed, startTime: push.startTime,
                    bounds: bounds, radius: radius, configuration: planning)
            }
            motion = replanned.duration > 0
                ? .pushing(replanned) : .resting(center: replanned.target, docked: push.edge)
        }
    }
}

extension Point {
    /// Both coordinates are finite (not NaN, not infinite).
    var isFinite: Bool { x.isFinite && y.isFinite }
}
