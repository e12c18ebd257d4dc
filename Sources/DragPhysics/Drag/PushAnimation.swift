/// A planned push of the circle to an edge, evaluated in closed form at absolute time (no per-frame state).
///
/// Motion is one-dimensional along the push axis (x for left/right, y for top/bottom); the other
/// coordinate keeps its value at the start of the push. Formulas: see ``PushCurve``.
struct PushAnimation: Sendable, Hashable {
    /// The closed form the axis motion follows (a plain tag: payload-free enums keep frames cheap).
    private enum Shape: Sendable, Hashable {
        /// Penner's cubic in-out over `duration`.
        case cubicInOut
        /// Cubic Hermite from speed `m₀Δ/T` to 0: `p(u) = m₀(u³ − 2u² + u) + (3u² − 2u³)`.
        case hermite
        /// Critically damped spring in offset form `x(τ) = (A + Bτ)e^(−ωτ)`, `A = −Δ`, `B = v₀ + ωA`.
        case spring
    }

    let edge: Edge
    /// The configured curve (kept when the push is re-planned, see ``replanned(at:bounds:radius:configuration:)``).
    let curve: PushCurve
    let startTime: Double
    /// Centre at the start (inside the bounds).
    let start: Point
    /// Signed speed along the push axis at the start, towards the edge (≥ 0 towards it).
    let startSpeed: Double
    /// Final centre, exactly on the edge.
    let target: Point
    /// Time from start to arrival (exact target, zero speed from then on).
    let duration: Double

    private let shape: Shape
    /// Signed axis distance `Δ = target − start`.
    private let delta: Double
    /// Hermite start slope `m₀ = v₀T/Δ`.
    private let startSlope: Double
    /// Spring ω and offset-form coefficients `A`, `B`.
    private let omega: Double
    private let springA: Double
    private let springB: Double

    var endTime: Double { startTime + duration }

    /// Plans a push from `start` (clamped into `bounds`) to `edge` with signed axis velocity `axisVelocity`,
    /// following `configuration.pushCurve`.
    init(edge: Edge, from start: Point, axisVelocity: Double, startTime: Double, bounds: Size, radius: Double,
         configuration: DragConfiguration) {
        self.init(edge: edge, from: start, axisVelocity: axisVelocity, startTime: startTime, bounds: bounds,
                  radius: radius, configuration: configuration, easeInOutRemainder: nil)
    }

    /// `easeInOutRemainder`: when re-planning an ease-in-out push, the time it had left; the rest of the way
    /// is then a Hermite curve from the current speed that arrives at the same time (or earlier if needed
    /// to stay monotone), so position and speed stay continuous.
    private init(edge: Edge, from start: Point, axisVelocity: Double, startTime: Double, bounds: Size,
                 radius: Double, configuration: DragConfiguration, easeInOutRemainder: Double?) {
        let start = bounds.clampedCenter(start, radius: radius)
        let target = bounds.dockedCenter(on: edge, from: start, radius: radius)
        let delta = edge.isHorizontal ? target.x - start.x : target.y - start.y
        // Only motion towards the edge is carried over: moving away would overshoot the start first.
        let speed = delta == 0 || !axisVelocity.isFinite ? 0 : max(0, axisVelocity * (delta > 0 ? 1 : -1))
        let signedSpeed = delta >= 0 ? speed : -speed
        self.edge = edge
        self.curve = configuration.pushCurve
        self.startTime = startTime
        self.start = start
        self.target = target
        self.delta = delta
        self.startSpeed = signedSpeed
        let distance = abs(delta)
        var duration = 0.0, slope = 0.0, omega = 0.0, a = 0.0, b = 0.0
        var shape = Shape.cubicInOut
        if distance > 0 {
            switch (configuration.pushCurve, easeInOutRemainder) {
            case let (.easeInOut, remainder?):
                duration = max(0, remainder)
                if speed > 0 { duration = min(duration, 3 * distance / speed) }
                slope = duration > 0 ? speed * duration / distance : 0
                shape = .hermite
            case (.easeInOut, nil):
                duration = configuration.pushDuration(forDistance: distance)
            case (.velocityMatched, _):
                duration = configuration.pushDuration(forDistance: distance)
                if speed > 0 { duration = min(duration, 3 * distance / speed) }
                slope = speed * duration / distance
                shape = .hermite
            case (.criticallyDampedSpring, _):
                omega = max(configuration.springAngularFrequency, speed / distance)
                a = -delta
                b = signedSpeed + omega * a
                duration = Self.springSettleTime(a: a, b: b, omega: omega, epsilon: configuration.springSettleDistance)
                shape = .spring
            }
        }
        self.duration = duration
        self.shape = shape
        self.startSlope = slope
        self.omega = omega
        self.springA = a
        self.springB = b
    }

    /// The same push re-planned at `time` for new `bounds` or `radius`: from the current position (clamped
    /// into the new bounds) with the current speed, towards the moved edge, with this push's curve and the
    /// other tunables of `configuration`. Ease-in-out keeps its arrival time (see the private initialiser);
    /// the other curves plan afresh from the current speed.
    func replanned(at time: Double, bounds: Size, radius: Double, configuration: DragConfiguration) -> PushAnimation {
        let here = position(at: time)
        let speed = velocity(at: time)
        var configuration = configuration
        configuration.pushCurve = curve
        return PushAnimation(
            edge: edge, from: here, axisVelocity: edge.isHorizontal ? speed.x : speed.y,
            startTime: time, bounds: bounds, radius: radius, configuration: configuration,
            easeInOutRemainder: curve == .easeInOut ? endTime - time : nil)
    }

    /// Solves `(|A| + |B|τ)e^(−ωτ) = ε` (monotone decreasing because `|B| ≤ ω|A|`) by bisection.
    private static func springSettleTime(a: Double, b: Double, omega: Double, epsilon: Double) -> Double {
        let absA = abs(a), absB = abs(b)
        func offset(_ tau: Double) -> Double { (absA + absB * tau) * Math.exp(-omega * tau) }
        if absA <= epsilon { return 0 }
        var hi = 1 / omega
        while offset(hi) > epsilon { hi *= 2 }
        var lo = 0.0
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if mid == lo || mid == hi { break }
            if offset(mid) > epsilon { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// Axis offset from the start and axis speed at `tau` seconds into the push (0 ≤ τ < duration).
    @inline(__always) private func axisMotion(_ tau: Double) -> (offset: Double, speed: Double) {
        switch shape {
        case .cubicInOut:
            let u = tau / duration
            if u < 0.5 {
                return (delta * 4 * u * u * u, delta * 12 * u * u / duration)
            }
            let w = 2 - 2 * u
            return (delta * (1 - w * w * w / 2), delta * 3 * w * w / duration)
        case .hermite:
            let u = tau / duration, u2 = u * u, u3 = u2 * u
            let p = startSlope * (u3 - 2 * u2 + u) + (3 * u2 - 2 * u3)
            let dp = startSlope * (3 * u2 - 4 * u + 1) + (6 * u - 6 * u2)
            return (delta * p, delta * dp / duration)
        case .spring:
            let decay = Math.exp(-omega * tau)
            let x = (springA + springB * tau) * decay
            let v = (startSpeed - omega * springB * tau) * decay
            return (x + delta, v)  // s − s₀ = (s − target) + Δ
        }
    }

    /// Centre at absolute `time`: the start before the push, the exact target from `endTime` on.
    func position(at time: Double) -> Point {
        if time >= endTime { return target }
        let tau = max(0, time - startTime)
        let offset = axisMotion(tau).offset
        var point = start
        if edge.isHorizontal { point.x += offset } else { point.y += offset }
        return point
    }

    /// Velocity at absolute `time` (zero from `endTime` on).
    func velocity(at time: Double) -> Point {
        if time >= endTime { return .zero }
        let speed = axisMotion(max(0, time - startTime)).speed
        return edge.isHorizontal ? Point(x: speed, y: 0) : Point(x: 0, y: speed)
    }
}
