import DragPhysics
import Foundation

/// Kinetic scrolling along one axis, as a value: drag with a rubber band past the ends, fling with an
/// exponential deceleration, bounce off the ends and spring back, glide to mouse-wheel targets.
///
/// Pure and time-injected like ``DragPhysics/DraggableCircle``: every call takes the event's time in seconds,
/// nothing reads a clock, and between events the offset is a closed-form function of absolute time
/// (``ScrollCurves``), so frames at 30, 60 or 144 fps show the same offsets at the same times.
///
/// The offset is how far the content is scrolled: 0 shows its start, ``maxOffset`` its end. Between
/// ``minOffset`` and ``maxOffset`` the content rests; outside it only while a finger holds it there or
/// while it springs back. ``leadingInset`` keeps room open before the start (a pull-to-refresh spinner).
///
/// | state | event | result |
/// |---|---|---|
/// | any | ``grab(at:)`` | held still where it is (in or out of bounds); a motion stops there |
/// | held | ``beginDrag(pointer:at:)``, ``drag(to:at:)`` | dragging: `raw = anchor − (pointer − anchorPointer)`, shown through the rubber band outside the bounds |
/// | dragging | ``release(at:)`` outside the bounds | spring back to the nearer bound, starting from the banded speed |
/// | dragging | ``release(at:)`` inside, speed ≥ `minimumFlingSpeed` | decelerate (and bounce at an end it reaches) |
/// | dragging | ``release(at:)`` inside, slower | rest |
/// | held | ``release(at:)`` | rest, or spring back when held outside the bounds |
/// | resting / moving | ``wheel(by:at:)`` | glide to `clamp(target + delta)` (targets add up while gliding); ignored while dragging |
/// | any but dragging | ``setContentLength(_:at:)``, ``setViewport(_:at:)``, ``setLeadingInset(_:at:)`` | re-planned from the offset and speed at that time: spring if now outside, decelerate if moving, else rest |
/// | moving | ``settle(at:)`` after its end | rest at the final offset (offsets do not change; the state is tidied) |
///
/// ```swift
/// var scroller = KineticScroller(viewport: 600, contentLength: 7200)
/// scroller.grab(at: 0)
/// scroller.beginDrag(pointer: 500, at: 0)
/// scroller.drag(to: 400, at: 0.05)
/// scroller.release(at: 0.05)            // 2,000 pt/s upwards: a fling
/// scroller.offset(at: 2.0)              // ≈ 100 + 2000·τ·(1 − e^(−1.95/τ)) ≈ 1081
/// ```
public struct KineticScroller: Sendable {
    /// What the content is doing at a time (for traces, tests and frame pacing).
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        /// Still (resting, or held by a press that has not moved beyond the slop).
        case resting
        /// Following a finger.
        case dragging
        /// Slowing down after a fling.
        case decelerating
        /// Springing back inside (after a pull past an end, or bouncing off one).
        case bouncing
        /// Gliding to a mouse-wheel target.
        case gliding
    }

    private struct Drag: Sendable {
        var anchorPointer: Double
        var anchorRaw: Double
        var pointer: Double
        var tracker: VelocityTracker
    }

    /// A deceleration from `start` with speed `v0`, possibly ending in a bounce off `bound`.
    private struct Fling: Sendable {
        var startTime: Double
        var start: Double
        var v0: Double
        /// When the deceleration reaches an end (relative to `startTime`), the end, and the bounce speed.
        var hit: (time: Double, bound: Double, speed: Double)?
        var duration: Double
        /// `startTime + duration`, computed once: every comparison uses this same value, so the state at
        /// ``KineticScroller/restTime`` is exactly the rest.
        var endTime: Double { startTime + duration }
    }

    /// A critically damped spring to `target`.
    private struct Spring: Sendable {
        var startTime: Double
        var target: Double
        var displacement: Double
        var v0: Double
        var duration: Double
        var endTime: Double { startTime + duration }
    }

    /// An exponential glide to `target` (mouse wheel).
    private struct Glide: Sendable {
        var startTime: Double
        var target: Double
        var delta: Double
        var duration: Double
        var endTime: Double { startTime + duration }
    }

    private enum Motion: Sendable {
        case still(Double)
        case dragging(Drag)
        case fling(Fling)
        case spring(Spring)
        case glide(Glide)
    }

    /// Tunables (see ``ScrollConfiguration``); changes apply to the next motion.
    public var configuration: ScrollConfiguration
    /// The visible extent in points.
    public private(set) var viewport: Double
    /// The content's extent in points.
    public private(set) var contentLength: Double
    /// Room kept open before the content's start (e.g. for a refresh spinner); ``minOffset`` is its negative.
    public private(set) var leadingInset: Double
    private var motion: Motion

    /// A resting scroller at offset 0.
    public init(viewport: Double, contentLength: Double, configuration: ScrollConfiguration = .default) {
        self.configuration = configuration
        self.viewport = Self.sanitized(viewport)
        self.contentLength = Self.sanitized(contentLength)
        self.leadingInset = 0
        self.motion = .still(0)
    }

    private static func sanitized(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }

    // MARK: Bounds

    /// The smallest resting offset: `−leadingInset`.
    public var minOffset: Double { -leadingInset }
    /// The largest resting offset: `max(minOffset, contentLength − viewport)`.
    public var maxOffset: Double { max(minOffset, contentLength - viewport) }

    private func clamped(_ offset: Double) -> Double { min(max(offset, minOffset), maxOffset) }

    /// The offset a raw drag offset shows: itself inside the bounds, the rubber band outside.
    private func banded(_ raw: Double) -> Double {
        let c = configuration.rubberBandCoefficient
        if raw < minOffset { return minOffset - ScrollCurves.rubberBand(minOffset - raw, dimension: viewport, coefficient: c) }
        if raw > maxOffset { return maxOffset + ScrollCurves.rubberBand(raw - maxOffset, dimension: viewport, coefficient: c) }
        return raw
    }

    /// The raw drag offset that shows `offset` (inverse rubber band), so a drag can start anywhere without a jump.
    private func unbanded(_ offset: Double) -> Double {
        let c = configuration.rubberBandCoefficient
        if offset < minOffset { return minOffset - ScrollCurves.inverseRubberBand(minOffset - offset, dimension: viewport, coefficient: c) }
        if offset > maxOffset { return maxOffset + ScrollCurves.inverseRubberBand(offset - maxOffset, dimension: viewport, coefficient: c) }
        return offset
    }

    // MARK: Closed-form state at a time

    /// The offset at absolute time `t`. Pure: calling it changes nothing.
    public func offset(at t: Double) -> Double {
        switch motion {
        case .still(let offset):
            return offset
        case .dragging(let drag):
            return banded(drag.anchorRaw - (drag.pointer - drag.anchorPointer))
        case .fling(let fling):
            let s = max(0, t - fling.startTime)
            if let hit = fling.hit {
                if t >= fling.endTime { return hit.bound }
                if s < hit.time {
                    return fling.start + ScrollCurves.decelerationDistance(v0: fling.v0, tau: configuration.decelerationTime, after: s)
                }
                return hit.bound + ScrollCurves.springDisplacement(
                    a: 0, v0: hit.speed, omega: configuration.springAngularFrequency, after: s - hit.time)
            }
            if t >= fling.endTime { return fling.start + fling.v0 * configuration.decelerationTime }
            return fling.start + ScrollCurves.decelerationDistance(v0: fling.v0, tau: configuration.decelerationTime, after: s)
        case .spring(let spring):
            let s = max(0, t - spring.startTime)
            if t >= spring.endTime { return spring.target }
            return spring.target + ScrollCurves.springDisplacement(
                a: spring.displacement, v0: spring.v0, omega: configuration.springAngularFrequency, after: s)
        case .glide(let glide):
            let s = max(0, t - glide.startTime)
            if t >= glide.endTime { return glide.target }
            return glide.target + ScrollCurves.glideDisplacement(delta: glide.delta, tau: configuration.wheelGlideTime, after: s)
        }
    }

    /// The offset's speed at `t` (points per second; positive towards the end). While dragging, the
    /// finger's estimated speed through the rubber band.
    public func velocity(at t: Double) -> Double {
        switch motion {
        case .still:
            return 0
        case .dragging(let drag):
            return dragVelocity(drag, at: t)
        case .fling(let fling):
            let s = max(0, t - fling.startTime)
            if t >= fling.endTime { return 0 }
            if let hit = fling.hit, s >= hit.time {
                return ScrollCurves.springSpeed(a: 0, v0: hit.speed, omega: configuration.springAngularFrequency, after: s - hit.time)
            }
            return ScrollCurves.decelerationSpeed(v0: fling.v0, tau: configuration.decelerationTime, after: s)
        case .spring(let spring):
            let s = max(0, t - spring.startTime)
            if t >= spring.endTime { return 0 }
            return ScrollCurves.springSpeed(a: spring.displacement, v0: spring.v0, omega: configuration.springAngularFrequency, after: s)
        case .glide(let glide):
            let s = max(0, t - glide.startTime)
            if t >= glide.endTime { return 0 }
            return -glide.delta / configuration.wheelGlideTime * exp(-s / configuration.wheelGlideTime)
        }
    }

    private func dragVelocity(_ drag: Drag, at t: Double) -> Double {
        // The offset moves against the finger.
        let raw = -drag.tracker.velocity(at: t).y
        let rawOffset = drag.anchorRaw - (drag.pointer - drag.anchorPointer)
        let c = configuration.rubberBandCoefficient
        if rawOffset < minOffset {
            return raw * ScrollCurves.rubberBandSlope(at: minOffset - rawOffset, dimension: viewport, coefficient: c)
        }
        if rawOffset > maxOffset {
            return raw * ScrollCurves.rubberBandSlope(at: rawOffset - maxOffset, dimension: viewport, coefficient: c)
        }
        return raw
    }

    /// What the content does at `t`.
    public func phase(at t: Double) -> Phase {
        switch motion {
        case .still: return .resting
        case .dragging: return .dragging
        case .fling(let fling):
            if t >= fling.endTime { return .resting }
            if let hit = fling.hit, t - fling.startTime >= hit.time { return .bouncing }
            return .decelerating
        case .spring(let spring): return t >= spring.endTime ? .resting : .bouncing
        case .glide(let glide): return t >= glide.endTime ? .resting : .gliding
        }
    }

    /// Whether the offset changes on its own at `t` (a frame is due at the display rate).
    public func isMoving(at t: Double) -> Bool {
        switch phase(at: t) {
        case .resting, .dragging: false
        case .decelerating, .bouncing, .gliding: true
        }
    }

    /// Whether a finger holds the content (``grab(at:)`` until ``release(at:)``).
    public var isHeld: Bool {
        if case .dragging = motion { return true }
        return heldStill
    }

    private var heldStill = false

    /// When the current motion comes to rest, or nil when nothing moves on its own.
    public var restTime: Double? {
        switch motion {
        case .still, .dragging: nil
        case .fling(let fling): fling.endTime
        case .spring(let spring): spring.endTime
        case .glide(let glide): glide.endTime
        }
    }

    // MARK: Events

    /// A finger touches the content at `t`: whatever moved stops exactly where it is (the offset at `t`,
    /// even outside the bounds). Returns whether the content was moving (a press that stops a fling must
    /// not also select a row).
    @discardableResult
    public mutating func grab(at t: Double) -> Bool {
        guard t.isFinite else { return false }
        let wasMoving = isMoving(at: t)
        motion = .still(offset(at: t))
        heldStill = true
        return wasMoving
    }

    /// The finger has moved beyond the slop: from now on the content follows it. `pointer` is the finger's
    /// coordinate along the axis (the drag starts from here, without a jump).
    public mutating func beginDrag(pointer: Double, at t: Double) {
        guard pointer.isFinite, t.isFinite else { return }
        let current = offset(at: t)
        var tracker = VelocityTracker(window: configuration.velocityWindow, restThreshold: configuration.restThreshold)
        tracker.addSample(Point(x: 0, y: pointer), time: t)
        motion = .dragging(Drag(anchorPointer: pointer, anchorRaw: unbanded(current), pointer: pointer, tracker: tracker))
        heldStill = false
    }

    /// The dragging finger is at `pointer` at `t` (ignored unless dragging).
    public mutating func drag(to pointer: Double, at t: Double) {
        guard pointer.isFinite, t.isFinite, case .dragging(var drag) = motion else { return }
        drag.pointer = pointer
        drag.tracker.addSample(Point(x: 0, y: pointer), time: t)
        motion = .dragging(drag)
    }

    /// The finger lifts at `t`: a drag flings, springs back or rests (see the table); a press that never
    /// dragged springs back if it held the content outside the bounds.
    public mutating func release(at t: Double) {
        guard t.isFinite else { return }
        heldStill = false
        switch motion {
        case .dragging(let drag):
            let shown = offset(at: t)
            var speed = dragVelocity(drag, at: t)
            speed = min(max(speed, -configuration.maximumFlingSpeed), configuration.maximumFlingSpeed)
            if shown < minOffset || shown > maxOffset {
                startSpring(from: shown, speed: speed, at: t)
            } else if abs(speed) >= configuration.minimumFlingSpeed {
                startFling(from: shown, speed: speed, at: t)
            } else {
                motion = .still(shown)
            }
        case .still(let offset):
            if offset < minOffset || offset > maxOffset { startSpring(from: offset, speed: 0, at: t) }
        default:
            break
        }
    }

    /// A mouse wheel scrolled by `delta` points (positive towards the end) at `t`: glide to
    /// `clamp(base + delta)`, where the base is the running glide's target (so quick notches add up) or
    /// the current offset. Ignored while a finger holds the content.
    public mutating func wheel(by delta: Double, at t: Double) {
        guard delta.isFinite, t.isFinite, !isHeld else { return }
        let current = offset(at: t)
        let base: Double
        if case .glide(let glide) = motion, t < glide.endTime {
            base = glide.target
        } else {
            base = clamped(current)
        }
        startGlide(from: current, to: clamped(base + delta), at: t)
    }

    /// Jumps to `offset` (clamped) at once, stopping any motion.
    public mutating func scroll(to offset: Double, at t: Double) {
        guard offset.isFinite, t.isFinite, !isHeld else { return }
        motion = .still(clamped(offset))
    }

    /// The content's extent changed at `t` (rows appended, a loading row shown or hidden).
    public mutating func setContentLength(_ length: Double, at t: Double) {
        guard length.isFinite, t.isFinite else { return }
        replan(at: t) { $0.contentLength = max(0, length) }
    }

    /// The visible extent changed at `t` (the window was resized).
    public mutating func setViewport(_ extent: Double, at t: Double) {
        guard extent.isFinite, t.isFinite else { return }
        replan(at: t) { $0.viewport = max(0, extent) }
    }

    /// Keeps `inset` points open before the start from `t` on (0 closes it again, springing back).
    public mutating func setLeadingInset(_ inset: Double, at t: Double) {
        guard inset.isFinite, t.isFinite else { return }
        replan(at: t) { $0.leadingInset = max(0, inset) }
    }

    /// Tidies a motion that has ended by `t` into rest at its final offset (offsets are unchanged).
    public mutating func settle(at t: Double) {
        guard t.isFinite, let end = restTime, t >= end else { return }
        motion = .still(offset(at: t))
    }

    // MARK: Planning

    /// Applies a change of bounds at `t` and re-plans what does not hold a finger from the offset and
    /// speed it had at that moment.
    private mutating func replan(at t: Double, _ change: (inout KineticScroller) -> Void) {
        let x = offset(at: t)
        let v = velocity(at: t)
        change(&self)
        switch motion {
        case .dragging:
            return  // the finger keeps the content; the rubber band follows the new bounds
        case .still where heldStill:
            motion = .still(x)
            return
        default:
            break
        }
        if x < minOffset || x > maxOffset {
            startSpring(from: x, speed: v, at: t)
        } else if abs(v) >= configuration.minimumFlingSpeed, !isGlideTargetInside(at: t) {
            startFling(from: x, speed: v, at: t)
        } else if case .glide(let glide) = motion, t < glide.endTime {
            startGlide(from: x, to: clamped(glide.target), at: t)
        } else {
            motion = .still(x)
        }
    }

    private func isGlideTargetInside(at t: Double) -> Bool {
        if case .glide(let glide) = motion, t < glide.endTime { return true }
        return false
    }

    private mutating func startFling(from start: Double, speed v0: Double, at t: Double) {
        let tau = configuration.decelerationTime
        let epsilon = configuration.settleDistance
        let rest = start + v0 * tau
        var fling = Fling(startTime: t, start: start, v0: v0, hit: nil,
                          duration: ScrollCurves.decelerationDuration(v0: v0, tau: tau, epsilon: epsilon))
        let bound: Double? = v0 > 0 && rest > maxOffset ? maxOffset : v0 < 0 && rest < minOffset ? minOffset : nil
        if let bound, let hitTime = ScrollCurves.decelerationTime(toCover: bound - start, v0: v0, tau: tau) {
            // The speed there is v₀ − (bound − start)/τ (from v = v₀·e^(−s/τ) and the distance covered);
            // a bounce is limited so its overshoot peaks at `maximumBounce`.
            let omega = configuration.springAngularFrequency
            let limit = omega * 2.718281828459045 * configuration.maximumBounce
            let hitSpeed = min(max(v0 - (bound - start) / tau, -limit), limit)
            let bounce = ScrollCurves.springDuration(a: 0, v0: hitSpeed, omega: omega, epsilon: epsilon)
            fling.hit = (hitTime, bound, hitSpeed)
            fling.duration = hitTime + bounce
        }
        motion = fling.duration > 0 ? .fling(fling) : .still(fling.hit?.bound ?? rest)
    }

    private mutating func startSpring(from start: Double, speed v0: Double, at t: Double) {
        let target = clamped(start)
        let displacement = start - target
        let duration = ScrollCurves.springDuration(
            a: displacement, v0: v0, omega: configuration.springAngularFrequency, epsilon: configuration.settleDistance)
        motion = duration > 0
            ? .spring(Spring(startTime: t, target: target, displacement: displacement, v0: v0, duration: duration))
            : .still(target)
    }

    private mutating func startGlide(from start: Double, to target: Double, at t: Double) {
        let delta = start - target
        let duration = ScrollCurves.glideDuration(delta: delta, tau: configuration.wheelGlideTime, epsilon: configuration.settleDistance)
        motion = duration > 0 ? .glide(Glide(startTime: t, target: target, delta: delta, duration: duration)) : .still(target)
    }
}
