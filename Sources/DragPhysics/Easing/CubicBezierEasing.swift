/// Why a ``CubicBezierEasing`` could not be created.
public enum CubicBezierError: Error, Equatable, CustomStringConvertible {
    /// A control point's x lies outside [0, 1] (or is not finite); `index` is 1 or 2.
    case controlPointXOutOfRange(index: Int, x: Double)
    /// A control point's y is not finite; `index` is 1 or 2.
    case controlPointYNotFinite(index: Int, y: Double)

    /// What went wrong, naming the offending control point.
    public var description: String {
        switch self {
        case let .controlPointXOutOfRange(index, x):
            return "cubic-bezier: x\(index) = \(x) must lie in [0, 1] (CSS Easing Level 1, §2.2)"
        case let .controlPointYNotFinite(index, y):
            return "cubic-bezier: y\(index) = \(y) must be a finite number"
        }
    }
}

/// CSS `cubic-bezier(x1, y1, x2, y2)` (CSS Easing Functions Level 1, §2.2): the Bézier curve through
/// P0 = (0, 0), P1 = (x1, y1), P2 = (x2, y2), P3 = (1, 1).
///
/// In Horner form with `cx = 3 x1`, `bx = 3 (x2 − x1) − cx`, `ax = 1 − cx − bx` (same for y):
/// `x(t) = ((ax t + bx) t + cx) t`, `y(t) = ((ay t + by) t + cy) t`.
/// Evaluating the easing at input `x` solves `x(t) = x` for t (x(t) is monotone because x1, x2 ∈ [0, 1])
/// and returns `y(t)`. The solver is a safeguarded Newton iteration: it starts from a linear
/// interpolation in a table of `x(i/10)` (whose interval also gives the initial bracket), keeps a
/// bracket `[lo, hi]` around the root, and bisects whenever the Newton step would leave the bracket
/// or the slope vanishes. It stops once `|x(t) − x| ≤ 1e-13` (well inside the promised 1e-7).
///
/// Inputs are clamped to [0, 1] (CSS would extrapolate linearly outside; not needed here).
///
/// ```swift
/// CubicBezierEasing.ease.value(at: 0.5)   // 0.8024033876...
/// let custom = try CubicBezierEasing(x1: 0.3, y1: -0.5, x2: 0.7, y2: 1.5)
/// ```
public struct CubicBezierEasing: EasingCurve, Hashable {
    /// First control point.
    public let x1: Double, y1: Double
    /// Second control point.
    public let x2: Double, y2: Double

    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    /// `x(i/10)` for i = 0…10: brackets the root and seeds Newton within ~1e-3 (as browsers do).
    private let samples: [Double]
    private static let sampleCount = 11

    /// Tolerance on `|x(t) − x|` at which the solver stops.
    public static let solverTolerance = 1e-13

    /// Creates `cubic-bezier(x1, y1, x2, y2)`.
    /// - Throws: ``CubicBezierError`` when x1 or x2 is outside [0, 1] or a coordinate is not finite.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(CubicBezierError) {
        guard x1 >= 0, x1 <= 1 else { throw .controlPointXOutOfRange(index: 1, x: x1) }
        guard x2 >= 0, x2 <= 1 else { throw .controlPointXOutOfRange(index: 2, x: x2) }
        guard y1.isFinite else { throw .controlPointYNotFinite(index: 1, y: y1) }
        guard y2.isFinite else { throw .controlPointYNotFinite(index: 2, y: y2) }
        self.init(unchecked: x1, y1, x2, y2)
    }

    private init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        let (a, b, c) = (ax, bx, cx)
        samples = (0..<Self.sampleCount).map { i in
            let t = Double(i) / Double(Self.sampleCount - 1)
            return ((a * t + b) * t + c) * t
        }
    }

    /// CSS `ease`: `cubic-bezier(0.25, 0.1, 0.25, 1)`.
    public static let ease = CubicBezierEasing(unchecked: 0.25, 0.1, 0.25, 1)
    /// CSS `ease-in`: `cubic-bezier(0.42, 0, 1, 1)`.
    public static let easeIn = CubicBezierEasing(unchecked: 0.42, 0, 1, 1)
    /// CSS `ease-out`: `cubic-bezier(0, 0, 0.58, 1)`.
    public static let easeOut = CubicBezierEasing(unchecked: 0, 0, 0.58, 1)
    /// CSS `ease-in-out`: `cubic-bezier(0.42, 0, 0.58, 1)`.
    public static let easeInOut = CubicBezierEasing(unchecked: 0.42, 0, 0.58, 1)

    /// `x(t)` of the curve.
    @inline(__always) public func x(atParameter t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    /// `y(t)` of the curve.
    @inline(__always) public func y(atParameter t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    /// `x'(t) = (3 ax t + 2 bx) t + cx`.
    @inline(__always) func dx(atParameter t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter t ∈ [0, 1] with `x(t) = x` (x clamped to [0, 1]).
    public func parameter(forX x: Double) -> Double {
        let x = clampedProgress(x)
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        // Initial guess: the sample interval [i/10, (i+1)/10] containing x, linearly interpolated.
        let last = Self.sampleCount - 1
        var i = 0
        while i < last - 1 && samples[i + 1] <= x { i += 1 }
        let span = samples[i + 1] - samples[i]
        let fraction = span > 0 ? (x - samples[i]) / span : 0.5
        let step = 1 / Double(last)
        var lo = Double(i) * step, hi = Double(i + 1) * step
        var t = lo + fraction * step
        for _ in 0..<100 {
            let error = self.x(atParameter: t) - x
            if abs(error) <= Self.solverTolerance { return t }
            if error < 0 { lo = t } else { hi = t }
            let slope = dx(atParameter: t)
            var next = t - error / slope
            if !(slope > 1e-12) || !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            if next == t { return t }  // bracket exhausted at double precision
            t = next
        }
        return t
    }

    /// `y(t)` where `x(t) = progress`; exactly 0 at 0 and 1 at 1.
    public func value(at progress: Double) -> Double {
        let t = parameter(forX: progress)
        if t == 0 { return 0 }
        if t == 1 { return 1 }
        return y(atParameter: t)
    }
}
