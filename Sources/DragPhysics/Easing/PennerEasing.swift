/// Robert Penner's easing equations (ten families, each as in, out and in-out), implemented from
/// their closed forms as published on easings.net (not Bézier approximations).
///
/// `t` is the clamped progress. Formulas, per family (`in` / `out`; `in-out` joins `in` on [0, ½]
/// and `out` on [½, 1], each scaled by ½):
/// - quad `t²`, cubic `t³`, quart `t⁴`, quint `t⁵`; out is `1 − (1 − t)ⁿ`;
///   in-out `2ⁿ⁻¹ tⁿ` for t < ½ else `1 − (−2t + 2)ⁿ / 2`.
/// - sine: in `1 − cos(πt/2)`, out `sin(πt/2)`, in-out `−(cos(πt) − 1)/2`.
/// - expo: in `2^(10t − 10)`, out `1 − 2^(−10t)`, in-out `2^(20t − 10)/2` | `(2 − 2^(−20t + 10))/2`.
/// - circ: in `1 − √(1 − t²)`, out `√(1 − (t − 1)²)`,
///   in-out `(1 − √(1 − (2t)²))/2` | `(√(1 − (−2t + 2)²) + 1)/2`.
/// - back (overshoot `s` = ``backOvershoot`` = 1.70158, `c3 = s + 1`): in `c3 t³ − s t²`,
///   out `1 + c3 (t − 1)³ + s (t − 1)²`; in-out uses `s₂ = s · 1.525` (``backInOutOvershoot``):
///   `(2t)² ((s₂ + 1) 2t − s₂)/2` | `((2t − 2)² ((s₂ + 1)(2t − 2) + s₂) + 2)/2`.
/// - elastic (`c4 = 2π/3`, period 0.3 with amplitude 1; in-out `c5 = 2π/4.5`, period 0.45):
///   in `−2^(10t − 10) sin((10t − 10.75) c4)`, out `2^(−10t) sin((10t − 0.75) c4) + 1`,
///   in-out `−2^(20t − 10) sin((20t − 11.125) c5)/2` | `2^(−20t + 10) sin((20t − 11.125) c5)/2 + 1`.
/// - bounce (`n1 = 7.5625`, `d1 = 2.75`): out is the piecewise parabola
///   `n1 t²` (t < 1/d1), `n1 (t − 1.5/d1)² + 0.75` (t < 2/d1), `n1 (t − 2.25/d1)² + 0.9375` (t < 2.5/d1),
///   else `n1 (t − 2.625/d1)² + 0.984375`; in is `1 − out(1 − t)`;
///   in-out `(1 − out(1 − 2t))/2` | `(1 + out(2t − 1))/2`.
///
/// Every curve returns exactly 0 at t = 0 and exactly 1 at t = 1.
///
/// ```swift
/// PennerEasing.quadIn.value(at: 0.5)          // 0.25
/// PennerEasing(.bounce, .out).value(at: 0.5)  // 0.765625
/// ```
public struct PennerEasing: EasingCurve, Hashable {
    /// The ten families of Penner's equations.
    public enum Family: String, Sendable, Hashable, CaseIterable {
        /// Quadratic; in: `t²`.
        case quad
        /// Cubic; in: `t³`.
        case cubic
        /// Quartic; in: `t⁴`.
        case quart
        /// Quintic; in: `t⁵`.
        case quint
        /// Sinusoidal; in: `1 − cos(πt/2)`.
        case sine
        /// Exponential; in: `2^(10t − 10)`.
        case expo
        /// Circular; in: `1 − √(1 − t²)`.
        case circ
        /// Cubic with overshoot `s` = ``PennerEasing/backOvershoot``; in: `(s + 1)t³ − st²`.
        case back
        /// Exponentially decaying sine; in: `−2^(10t − 10) sin((10t − 10.75)·2π/3)`.
        case elastic
        /// Bouncing parabolas (see the type's documentation for the piecewise formula).
        case bounce
    }

    /// Which end of the motion the easing affects.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Slow start (`in`).
        case `in`
        /// Slow end (`out`), the mirror image `1 − in(1 − t)`.
        case out
        /// Slow start and end (`in-out`).
        case inOut
    }

    /// The family of the curve.
    public var family: Family
    /// The mode of the curve.
    public var mode: Mode

    /// Creates the curve of `family` in `mode`.
    public init(_ family: Family, _ mode: Mode) {
        self.family = family
        self.mode = mode
    }

    /// Penner's overshoot constant for `back` (≈ 10 % overshoot).
    public static let backOvershoot = 1.70158
    /// The overshoot used by `back` in-out: `1.70158 × 1.525`.
    public static let backInOutOvershoot = 1.70158 * 1.525
    /// `bounce`'s parabola scale `n1`.
    public static let bounceScale = 7.5625
    /// `bounce`'s segment divisor `d1`.
    public static let bounceDivisor = 2.75
    /// `elastic` in/out angular step `c4 = 2π/3` (period 0.3 of the progress).
    public static let elasticStep = 2 * Double.pi / 3
    /// `elastic` in-out angular step `c5 = 2π/4.5` (period 0.45).
    public static let elasticInOutStep = 2 * Double.pi / 4.5

    /// The eased value; exactly 0 at 0 and exactly 1 at 1, input clamped to [0, 1].
    public func value(at progress: Double) -> Double {
        let t = clampedProgress(progress)
        if t == 0 { return 0 }
        if t == 1 { return 1 }
        switch mode {
        case .in: return Self.easeIn(family, t)
        case .out: return Self.easeOut(family, t)
        case .inOut: return Self.easeInOut(family, t)
        }
    }

    // MARK: Formulas (t strictly inside (0, 1))

    static func easeIn(_ family: Family, _ t: Double) -> Double {
        switch family {
        case .quad: return t * t
        case .cubic: return t * t * t
        case .quart: return t * t * t * t
        case .quint: return t * t * t * t * t
        case .sine: return 1 - Math.cos(t * Double.pi / 2)
        case .expo: return Math.exp2(10 * t - 10)
        case .circ: return 1 - (1 - t * t).squareRoot()
        case .back:
            let s = backOvershoot
            return (s + 1) * t * t * t - s * t * t
        case .elastic: return -Math.exp2(10 * t - 10) * Math.sin((t * 10 - 10.75) * elasticStep)
        case .bounce: return 1 - bounceOutFormula(1 - t)
        }
    }

    static func easeOut(_ family: Family, _ t: Double) -> Double {
        switch family {
        case .quad: let u = 1 - t; return 1 - u * u
        case .cubic: let u = 1 - t; return 1 - u * u * u
        case .quart: let u = 1 - t; return 1 - u * u * u * u
        case .quint: let u = 1 - t; return 1 - u * u * u * u * u
        case .sine: return Math.sin(t * Double.pi / 2)
        case .expo: return 1 - Math.exp2(-10 * t)
        case .circ: let u = t - 1; return (1 - u * u).squareRoot()
        case .back:
            let s = backOvershoot, u = t - 1
            return 1 + (s + 1) * u * u * u + s * u * u
        case .elastic: return Math.exp2(-10 * t) * Math.sin((t * 10 - 0.75) * elasticStep) + 1
        case .bounce: return bounceOutFormula(t)
        }
    }

    static func easeInOut(_ family: Family, _ t: Double) -> Double {
        let firstHalf = t < 0.5
        switch family {
        case .quad, .cubic, .quart, .quint:
            let n: Int
            switch family {
            case .quad: n = 2
            case .cubic: n = 3
            case .quart: n = 4
            default: n = 5
            }
            if firstHalf {
                var p = 1.0, q = 1.0
                for _ in 0..<n { p *= t; q *= 2 }
                return q / 2 * p  // 2^(n-1) tⁿ
            }
            let u = -2 * t + 2
            var p = 1.0
            for _ in 0..<n { p *= u }
            return 1 - p / 2
        case .sine:
            return -(Math.cos(Double.pi * t) - 1) / 2
        case .expo:
            return firstHalf ? Math.exp2(20 * t - 10) / 2 : (2 - Math.exp2(-20 * t + 10)) / 2
        case .circ:
            if firstHalf { let u = 2 * t; return (1 - (1 - u * u).squareRoot()) / 2 }
            let u = -2 * t + 2
            return ((1 - u * u).squareRoot() + 1) / 2
        case .back:
            let s = backInOutOvershoot
            if firstHalf { let u = 2 * t; return u * u * ((s + 1) * u - s) / 2 }
            let u = 2 * t - 2
            return (u * u * ((s + 1) * u + s) + 2) / 2
        case .elastic:
            let phase = Math.sin((20 * t - 11.125) * elasticInOutStep)
            return firstHalf
                ? -(Math.exp2(20 * t - 10) * phase) / 2
                : Math.exp2(-20 * t + 10) * phase / 2 + 1
        case .bounce:
            return firstHalf ? (1 - bounceOutFormula(1 - 2 * t)) / 2 : (1 + bounceOutFormula(2 * t - 1)) / 2
        }
    }

    /// Penner's bounce-out parabolas (see the type's documentation).
    static func bounceOutFormula(_ t: Double) -> Double {
        let n1 = bounceScale, d1 = bounceDivisor
        if t < 1 / d1 { return n1 * t * t }
        if t < 2 / d1 { let u = t - 1.5 / d1; return n1 * u * u + 0.75 }
        if t < 2.5 / d1 { let u = t - 2.25 / d1; return n1 * u * u + 0.9375 }
        let u = t - 2.625 / d1
        return n1 * u * u + 0.984375
    }
}

extension PennerEasing {
    /// `t²`.
    public static let quadIn = PennerEasing(.quad, .in)
    /// `1 − (1 − t)²`.
    public static let quadOut = PennerEasing(.quad, .out)
    /// Quadratic in-out.
    public static let quadInOut = PennerEasing(.quad, .inOut)
    /// `t³`.
    public static let cubicIn = PennerEasing(.cubic, .in)
    /// `1 − (1 − t)³`.
    public static let cubicOut = PennerEasing(.cubic, .out)
    /// Cubic in-out: `4t³` then `1 − (−2t + 2)³/2`.
    public static let cubicInOut = PennerEasing(.cubic, .inOut)
    /// `t⁴`.
    public static let quartIn = PennerEasing(.quart, .in)
    /// `1 − (1 − t)⁴`.
    public static let quartOut = PennerEasing(.quart, .out)
    /// Quartic in-out.
    public static let quartInOut = PennerEasing(.quart, .inOut)
    /// `t⁵`.
    public static let quintIn = PennerEasing(.quint, .in)
    /// `1 − (1 − t)⁵`.
    public static let quintOut = PennerEasing(.quint, .out)
    /// Quintic in-out.
    public static let quintInOut = PennerEasing(.quint, .inOut)
    /// `1 − cos(πt/2)`.
    public static let sineIn = PennerEasing(.sine, .in)
    /// `sin(πt/2)`.
    public static let sineOut = PennerEasing(.sine, .out)
    /// `−(cos(πt) − 1)/2`.
    public static let sineInOut = PennerEasing(.sine, .inOut)
    /// `2^(10t − 10)`.
    public static let expoIn = PennerEasing(.expo, .in)
    /// `1 − 2^(−10t)`.
    public static let expoOut = PennerEasing(.expo, .out)
    /// Exponential in-out.
    public static let expoInOut = PennerEasing(.expo, .inOut)
    /// `1 − √(1 − t²)`.
    public static let circIn = PennerEasing(.circ, .in)
    /// `√(1 − (t − 1)²)`.
    public static let circOut = PennerEasing(.circ, .out)
    /// Circular in-out.
    public static let circInOut = PennerEasing(.circ, .inOut)
    /// Back-in (pulls back before starting).
    public static let backIn = PennerEasing(.back, .in)
    /// Back-out (overshoots, then settles).
    public static let backOut = PennerEasing(.back, .out)
    /// Back in-out.
    public static let backInOut = PennerEasing(.back, .inOut)
    /// Elastic-in.
    public static let elasticIn = PennerEasing(.elastic, .in)
    /// Elastic-out.
    public static let elasticOut = PennerEasing(.elastic, .out)
    /// Elastic in-out.
    public static let elasticInOut = PennerEasing(.elastic, .inOut)
    /// Bounce-in.
    public static let bounceIn = PennerEasing(.bounce, .in)
    /// Bounce-out.
    public static let bounceOut = PennerEasing(.bounce, .out)
    /// Bounce in-out.
    public static let bounceInOut = PennerEasing(.bounce, .inOut)
}
