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
/// and returns `y(t)`.
///
/// **Solver.** A safeguarded Newton iteration: it starts from a linear interpolation in a table of
/// `x(i/10)` (whose interval is the initial bracket `[lo, hi]`) and bisects whenever the Newton step would
/// leave the bracket. It stops after a Newton step `δ` whose remaining error, about `|x″/(2x′)|·δ²`, is
/// below 1e-16, or once a step or the bracket is below ``solverTolerance``.
///
/// **Accuracy where x'(t) = 0.** Where x is flat and y is not (x1 = 0 with y1 ≠ 0, x2 = 1 with y2 ≠ 1,
/// or an interior point with x' = x'' = 0, as in `cubic-bezier(1, 0, 0, 1)` at ½), y(x) has an infinite
/// slope: near `x(t₀) + d` the parameter is `t₀ + ∛(d/a)`. Evaluating `x(t) − x` in plain Horner form
/// loses everything below one rounding unit of x (~1e-16), which there is worth ∛(1e-16) ≈ 5e-6 in t,
/// and stopping on `|x(t) − x| ≤ ε` loses more. So the residual `x(t) − x` is expanded around the
/// *anchor* nearest to x (only where x′ < 0.01 at the anchor; elsewhere the plain form is accurate to
/// ~1e-14 in t), where it is exact to rounding relative to its own size:
/// - t = 0: `x(t) − x = −x + ((ax t + bx) t + cx) t`;
/// - t = 1, with s = 1 − t and the mirrored curve (control x's `1 − x2`, `1 − x1`, Horner coefficients
///   `ãx, b̃x, c̃x`): `x(t) − x = (1 − x) − ((ãx s + b̃x) s + c̃x) s`;
/// - the inflection point `t₀ = −bx/(3ax)` (where x″ = 0) if it lies in (0, 1), with `u = t − t₀`:
///   `x(t) − x = (x(t₀) − x) + (m + ax u²) u` with `m = x′(t₀) = cx − bx²/(3ax)` (the Taylor series
///   at t₀ is exact: x″(t₀) = 0 and x‴ = 6ax).
/// y is then accurate to ~1e-15 for every double x in [0, 1], next to flat points too (checked against
/// 60-digit references), far inside the promised 1e-7.
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
    /// Coefficients of the mirrored x: `1 − x(1 − s) = ((ãx s + b̃x) s + c̃x) s`.
    private let mirroredA: Double, mirroredB: Double, mirroredC: Double
    /// Whether x is nearly flat at t = 1 (x′(1) < ``flatSlope``), so x near 1 uses the t = 1 anchor.
    private let endIsFlat: Bool
    /// The inflection point t₀ of x(t), x(t₀) and x′(t₀) if t₀ lies in (0, 1) and x′(t₀) < ``flatSlope``;
    /// otherwise NaN (the anchor is then never chosen).
    private let inflection: Double, inflectionX: Double, inflectionSlope: Double
    /// Below this slope of x an anchored residual is used: above it, the plain form's rounding (~1e-16 in x)
    /// costs at most ~1e-14 in t.
    private static let flatSlope = 0.01
    /// `x(i/10)` for i = 0…10: brackets the root and seeds Newton within ~1e-3 (as browsers do).
    private let samples: [Double]
    private static let sampleCount = 11

    /// The solver also stops once a Newton step, or the bisection bracket, is at most this wide in t.
    public static let solverTolerance = 1e-15

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
        (ax, bx, cx) = Self.coefficients(x1, x2)
        (ay, by, cy) = Self.coefficients(y1, y2)
        (mirroredA, mirroredB, mirroredC) = Self.coefficients(1 - x2, 1 - x1)
        endIsFlat = mirroredC < Self.flatSlope  // x′(1) = 3(1 − x2)
        let (a, b, c) = (ax, bx, cx)
        let t0 = a != 0 ? -b / (3 * a) : Double.nan
        if t0 > 0 && t0 < 1 && c - b * b / (3 * a) < Self.flatSlope {
            inflection = t0
            inflectionX = ((a * t0 + b) * t0 + c) * t0
            inflectionSlope = c - b * b / (3 * a)
        } else {
            (inflection, inflectionX, inflectionSlope) = (.nan, .nan, .nan)
        }
        samples = (0..<Self.sampleCount).map { i in
            let t = Double(i) / Double(Self.sampleCount - 1)
            return ((a * t + b) * t + c) * t
        }
    }

    /// Horner coefficients `(a, b, c)` of a Bézier coordinate from 0 to 1 with control values `p1`, `p2`.
    private static func coefficients(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
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

    /// The curve parameter t ∈ [0, 1] with `x(t) = x` (x clamped to [0, 1]).
    public func parameter(forX x: Double) -> Double {
        let x = clampedProgress(x)
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        // The residual r(t) = x(t) − x as c0 + ((a3 u + a2) u + a1) u with u = σ (t − center), expanded
        // around the anchor nearest to x (see the type's documentation).
        var center = 0.0, sigma = 1.0, c0 = -x, a3 = ax, a2 = bx, a1 = cx
        var distance = x
        if endIsFlat && 1 - x < distance {
            (center, sigma, c0, a3, a2, a1) = (1, -1, 1 - x, -mirroredA, -mirroredB, -mirroredC)
            distance = 1 - x
        }
        if abs(inflectionX - x) < distance {  // false without an inflection point (NaN)
            (center, sigma, c0, a3, a2, a1) = (inflection, 1, inflectionX - x, ax, 0, inflectionSlope)
        }
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
            let u = sigma * (t - center)
            let residual = c0 + ((a3 * u + a2) * u + a1) * u
            if residual == 0 { return t }
            if residual < 0 { lo = t } else { hi = t }
            let slope = sigma * ((3 * a3 * u + 2 * a2) * u + a1)
            let curvature = 6 * a3 * u + 2 * a2
            let step = residual / slope
            var next = t - step
            if slope > 0 && next > lo && next < hi {
                // Newton's error after this step is about |x″/(2x′)|·step²: accept once that is below 1e-16
                // (saves the evaluation that would only confirm it), or once the step itself is negligible.
                if abs(curvature) * step * step <= 2e-16 * slope || abs(step) <= Self.solverTolerance { return next }
            } else {
                next = 0.5 * (lo + hi)
                if hi - lo <= Self.solverTolerance { return next }
            }
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
