/// Estimates the pointer velocity at release from recent position samples.
///
/// Samples live in a fixed-size ring buffer (allocated once, overwritten in place: adding a sample
/// never allocates). The estimate at time `t`:
/// 1. **Rest:** if the pointer has not moved for more than ``restThreshold`` before `t` (or never moved),
///    the velocity is zero.
/// 2. **Window:** take the samples with timestamps in `[t − window, t]`; if fewer than two, also take the
///    newest older sample, so a slow two-sample gesture still has a velocity.
/// 3. **Two samples:** the difference quotient `(p₁ − p₀)/(t₁ − t₀)`.
/// 4. **Three or more:** per axis, the least-squares quadratic `p(τ) = a + bτ + cτ²` with
///    `τ = (tᵢ − t_last)/window` (normalised for conditioning), from the normal equations
///    `[S₀ S₁ S₂; S₁ S₂ S₃; S₂ S₃ S₄]·[a b c]ᵀ = [Σp, Σpτ, Σpτ²]ᵀ` with `Sₖ = Στᵏ` (Cramer's rule);
///    the velocity is the derivative at `t` (at the newest sample if `t` is later, so the parabola is
///    never extrapolated): `(b + 2cτ_t)/window`. A constant acceleration is recovered
///    exactly. If the system is near-singular, the least-squares line `b = (S₀Σpτ − S₁Σp)/(S₀S₂ − S₁²)` is used.
///
/// Edge cases:
/// - **Duplicate, tiny or backward time steps:** a sample less than ``minimumInterval`` after the previous
///   one, at the same time or earlier than it, replaces the previous sample's position (keeping its
///   time) instead of being appended, so time never runs backwards in the buffer and no division by a
///   zero or tiny `dt` can happen (also with `minimumInterval` 0).
/// - **Non-finite input:** samples with a NaN or infinite time or coordinate are ignored, so they
///   cannot poison the estimate; ``velocity(at:)`` at a non-finite time is zero.
/// - **Fewer than two samples:** zero.
///
/// ```swift
/// var tracker = VelocityTracker()
/// tracker.addSample(Point(x: 0, y: 0), time: 0)
/// tracker.addSample(Point(x: 10, y: 0), time: 0.01)
/// tracker.velocity(at: 0.01)   // (1000, 0) pt/s
/// ```
public struct VelocityTracker: Sendable {
    /// One timestamped pointer position.
    public struct Sample: Sendable, Hashable {
        /// Timestamp in seconds.
        public var time: Double
        /// Pointer position.
        public var position: Point
    }

    /// Default ring-buffer capacity: 128 samples, over 100 ms even for 1 kHz mice.
    public static let defaultCapacity = 128

    /// Look-back window of the fit, in seconds.
    public var window: Double
    /// Rest duration before the estimate time after which the velocity is zero.
    public var restThreshold: Double
    /// Samples closer than this (seconds) to the previous one are merged into it.
    public var minimumInterval: Double

    private var buffer: ContiguousArray<Sample>
    private var head = 0  // index of the next write
    private var storedCount = 0
    private var lastMovementTime: Double?

    /// Creates an empty tracker.
    public init(window: Double = 0.1, restThreshold: Double = 0.04, minimumInterval: Double = 0.001,
                capacity: Int = VelocityTracker.defaultCapacity) {
        self.window = window
        self.restThreshold = restThreshold
        self.minimumInterval = minimumInterval
        buffer = ContiguousArray(
            repeating: Sample(time: 0, position: .zero), count: max(capacity, 2))
    }

    /// Number of samples currently kept (at most the capacity).
    public var sampleCount: Int { storedCount }

    /// The kept samples, oldest first.
    public var samples: [Sample] { (0..<storedCount).map { sample(back: storedCount - 1 - $0) } }

    /// Forgets all samples (keeps the buffer).
    public mutating func reset() {
        head = 0
        storedCount = 0
        lastMovementTime = nil
    }

    /// The sample `k` steps before the newest (k = 0 is the newest).
    @inline(__always) private func sample(back k: Int) -> Sample {
        var index = head - 1 - k
        if index < 0 { index += buffer.count }
        return buffer[index]
    }

    /// Records the pointer at `position` at `time` (O(1), no allocation).
    public mutating func addSample(_ position: Point, time: Double) {
        guard time.isFinite, position.x.isFinite, position.y.isFinite else { return }
        if storedCount > 0 {
            let lastIndex = head == 0 ? buffer.count - 1 : head - 1
            let last = buffer[lastIndex]
            if position != last.position {
                lastMovementTime = max(time, last.time)
            }
            let dt = time - last.time
            if !(dt > 0 && dt >= minimumInterval) {
                buffer[lastIndex].position = position
                return
            }
        }
        buffer[head] = Sample(time: time, position: position)
        head += 1
        if head == buffer.count { head = 0 }
        if storedCount < buffer.count { storedCount += 1 }
    }

    /// The estimated velocity (points/second) at `time`, normally the release time (see the type's
    /// description for the method).
    public func velocity(at time: Double) -> Point {
        guard storedCount >= 2, time.isFinite, let moved = lastMovementTime, time - moved <= restThreshold else {
            return .zero
        }
        let cutoff = time - window
        var n = 0
        while n < storedCount && sample(back: n).time >= cutoff { n += 1 }
        if n < 2 { n = 2 }
        let newest = sample(back: 0)
        if n == 2 {
            let older = sample(back: 1)
            let dt = newest.time - older.time
            return (newest.position - older.position) * (1 / dt)
        }
        return quadraticFitVelocity(count: n, reference: newest.time, at: time)
    }

    private func quadraticFitVelocity(count n: Int, reference: Double, at time: Double) -> Point {
        let scale = window > 0 ? window : 0.1
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var x0 = 0.0, x1 = 0.0, x2 = 0.0, y0 = 0.0, y1 = 0.0, y2 = 0.0
        for k in 0..<n {
            let sample = sample(back: k)
            let tau = (sample.time - reference) / scale
            let tau2 = tau * tau
            s0 += 1; s1 += tau; s2 += tau2; s3 += tau2 * tau; s4 += tau2 * tau2
            let px = sample.position.x, py = sample.position.y
            x0 += px; x1 += px * tau; x2 += px * tau2
            y0 += py; y1 += py * tau; y2 += py * tau2
        }
        let tauT = (min(time, reference) - reference) / scale  // never extrapolate past the newest sample
        // det of [s0 s1 s2; s1 s2 s3; s2 s3 s4]
        let det = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
        if abs(det) > 1e-12 * s0 * s2 * s4 {
            // Cramer's rule for b (column 2) and c (column 3).
            func slope(_ r0: Double, _ r1: Double, _ r2: Double) -> Double {
                let detB = s0 * (r1 * s4 - s3 * r2) - r0 * (s1 * s4 - s3 * s2) + s2 * (s1 * r2 - r1 * s2)
                let detC = s0 * (s2 * r2 - r1 * s3) - s1 * (s1 * r2 - r1 * s2) + r0 * (s1 * s3 - s2 * s2)
                return (detB + 2 * detC * tauT) / det / scale
            }
            return Point(x: slope(x0, x1, x2), y: slope(y0, y1, y2))
        }
        let denominator = s0 * s2 - s1 * s1
        guard denominator > 0 else { return .zero }
        return Point(x: (s0 * x1 - s1 * x0) / denominator / scale, y: (s0 * y1 - s1 * y0) / denominator / scale)
    }
}
