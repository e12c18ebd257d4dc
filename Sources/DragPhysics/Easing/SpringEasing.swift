/// Why a ``SpringEasing`` could not be created.
public enum SpringEasingError: Error, Equatable, CustomStringConvertible {
    /// Mass, stiffness, damping (or response, damping ratio) must be finite and > 0.
    case nonPositiveParameter(name: String, value: Double)
    /// The settle epsilon must lie in (0, 1).
    case invalidEpsilon(Double)

    /// What went wrong, naming the parameter.
    public var description: String {
        switch self {
        case let .nonPositiveParameter(name, value):
            return "spring easing: \(name) = \(value) must be a finite number > 0"
        case let .invalidEpsilon(value):
            return "spring easing: settle epsilon = \(value) must lie in (0, 1)"
        }
    }
}

/// A damped harmonic oscillator released at rest from 0 towards 1, time-normalised over its settling time.
///
/// With mass `m`, stiffness `k` and damping `c`: `ω₀ = √(k/m)`, `ζ = c / (2√(k m))`. The displacement
/// from the target, `y(τ) = 1 − x(τ)` with `y(0) = 1`, `y'(0) = 0`, is
/// - underdamped (ζ < 1), `ω_d = ω₀√(1 − ζ²)`: `y = e^(−ζω₀τ) (cos ω_d τ + (ζω₀/ω_d) sin ω_d τ)`;
/// - critically damped (ζ = 1): `y = e^(−ω₀τ) (1 + ω₀τ)`;
/// - overdamped (ζ > 1), `β = ω₀√(ζ² − 1)`: `y = e^(−ζω₀τ) (cosh βτ + (ζω₀/β) sinh βτ)`, evaluated as
///   `y = ½ e^(r₁τ) (2 + m − (ζ/√(ζ² − 1)) m)` with `r₁ = β − ζω₀ = −ω₀/(ζ + √(ζ² − 1))` and
///   `m = expm1(−2βτ)`: no overflow, and no cancellation either near ζ = 1 (where β → 0) or for very large ζ
///   (where β ≈ ζω₀).
///
/// **Settling time.** `T` is a time after which `|y| ≤ ε` for good, and the easing value is
/// `1 − y(progress · T)`, exactly 1 at progress 1 (a snap of at most ε, 0.001 by default). Write
/// `s = ζω₀τ` (time in units of the decay time).
/// - For ζ ≥ 1, `y` falls monotonically from 1 to 0, so `T` solves `y(T) = ε` exactly (by bisection; at
///   ζ = 1 this is `T = s*(ε)/ω₀`, below).
/// - For ζ < 1, the oscillation has two bounds. With `a = ζω₀/ω_d = ζ/√(1 − ζ²)`,
///   `|cos x + a sin x| ≤ √(1 + a²) = 1/√(1 − ζ²)`; and since `|sin x| ≤ |x|`,
///   `|cos x + a sin x| ≤ 1 + a·ω_d τ = 1 + s`. Hence
///   `|y(τ)| ≤ e^(−s) · min(1/√(1 − ζ²), 1 + s)`. Both `e^(−s)/√(1 − ζ²)` and `e^(−s)(1 + s)` decrease in `s`,
///   so the bound stays below ε from
///
///   `T = min( ln(1 / (ε √(1 − ζ²))), s*(ε) ) / (ζω₀)`,  where `s*(ε)` solves `e^(−s*) (1 + s*) = ε`
///
///   (`s* ≈ 9.2334` for ε = 0.001). The first bound is the tighter one for ζ up to about 0.995; the second
///   takes over as ζ → 1, where the first grows without limit. Since `e^(−s)(1 + s)` is exactly the critically
///   damped `y`, `T(ζ → 1⁻) = s*/ω₀ = T(1)`: the settling time is continuous across ζ = 1 from both sides
///   (from above because `y` depends continuously on ζ), and a critical spring whose ζ rounds to one ulp
///   either side of 1 settles like the critical one.
///
/// ```swift
/// let bouncy = try SpringEasing(response: 0.5, dampingRatio: 0.6)
/// bouncy.value(at: 0.3)   // overshoots past 1 for an underdamped spring
/// ```
public struct SpringEasing: EasingCurve, Hashable {
    /// Mass `m`.
    public let mass: Double
    /// Stiffness `k`.
    public let stiffness: Double
    /// Damping coefficient `c`.
    public let damping: Double
    /// Settling threshold ε on `|1 − value|`.
    public let epsilon: Double
    /// Undamped angular frequency `ω₀ = √(k/m)` (rad/s).
    public let naturalFrequency: Double
    /// Damping ratio `ζ = c / (2√(k m))`.
    public let dampingRatio: Double
    /// Settling time `T` in seconds of the unnormalised oscillator.
    public let settlingDuration: Double

    /// Creates a spring from its physical parameters.
    /// - Throws: ``SpringEasingError`` when a parameter is not finite and positive or ε ∉ (0, 1).
    public init(mass: Double = 1, stiffness: Double, damping: Double, epsilon: Double = 0.001)
        throws(SpringEasingError)
    {
        for (name, value) in [("mass", mass), ("stiffness", stiffness), ("damping", damping)] {
            guard value.isFinite, value > 0 else { throw .nonPositiveParameter(name: name, value: value) }
        }
        guard epsilon > 0, epsilon < 1 else { throw .invalidEpsilon(epsilon) }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.epsilon = epsilon
        let omega = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        naturalFrequency = omega
        dampingRatio = zeta
        settlingDuration = Self.settlingTime(omega: omega, zeta: zeta, epsilon: epsilon)
    }

    /// Creates a spring in SwiftUI's terms: `response` is the undamped period `2π/ω₀` (seconds) and
    /// `dampingRatio` is ζ; mass 1, so `k = ω₀²` and `c = 2ζω₀`.
    public init(response: Double, dampingRatio: Double, epsilon: Double = 0.001) throws(SpringEasingError) {
        guard response.isFinite, response > 0 else {
            throw .nonPositiveParameter(name: "response", value: response)
        }
        guard dampingRatio.isFinite, dampingRatio > 0 else {
            throw .nonPositiveParameter(name: "dampingRatio", value: dampingRatio)
        }
        let omega = 2 * Double.pi / response
        try self.init(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega, epsilon: epsilon)
    }

    /// Displacement from the target `y(τ)` at time `τ` seconds (see the type's formulas).
    public func displacement(atTime tau: Double) -> Double {
        Self.displacement(omega: naturalFrequency, zeta: dampingRatio, tau: tau)
    }

    /// `1 − y(progress · T)`; exactly 0 at 0 and 1 at 1, input clamped to [0, 1].
    public func value(at progress: Double) -> Double {
        let t = clampedProgress(progress)
        if t == 0 { return 0 }
        if t == 1 { return 1 }
        return 1 - displacement(atTime: t * settlingDuration)
    }

    static func displacement(omega: Double, zeta: Double, tau: Double) -> Double {
        if zeta < 1 {
            let decay = zeta * omega
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            return Math.exp(-decay * tau) * (Math.cos(omegaD * tau) + decay / omegaD * Math.sin(omegaD * tau))
        }
        if zeta == 1 {
            return Math.exp(-omega * tau) * (1 + omega * tau)
        }
        let root = (zeta * zeta - 1).squareRoot()
        // r₁ = β − ζω written as −ω/(ζ + √(ζ² − 1)): no cancellation for large ζ (r₁r₂ = ω²).
        let r1 = -omega / (zeta + root)
        let m = Math.expm1(-2 * omega * root * tau)  // e^(−2βτ) − 1, accurate as β → 0
        return 0.5 * Math.exp(r1 * tau) * (2 + m - zeta / root * m)
    }

    /// `s*(ε)`: the root of `e^(−s)(1 + s) = ε`, the critically damped settling time in units of `1/ω₀`
    /// (bisection; the result errs on the settled side).
    static func criticalSettlingDecays(epsilon: Double) -> Double {
        func y(_ s: Double) -> Double { Math.exp(-s) * (1 + s) }
        var hi = 1.0
        while y(hi) > epsilon { hi *= 2 }
        var lo = 0.0
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if mid == lo || mid == hi { break }
            if y(mid) > epsilon { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The settling time `T` (see the type's documentation for its derivation).
    static func settlingTime(omega: Double, zeta: Double, epsilon: Double) -> Double {
        if zeta <= 1 {
            let critical = criticalSettlingDecays(epsilon: epsilon)
            guard zeta < 1 else { return critical / omega }
            let amplitude = Math.log(1 / (epsilon * (1 - zeta * zeta).squareRoot()))
            return min(amplitude, critical) / (zeta * omega)
        }
        // Monotone decreasing from 1: bracket, then bisect y(τ) = ε.
        var hi = 1 / omega
        while displacement(omega: omega, zeta: zeta, tau: hi) > epsilon && hi < .greatestFiniteMagnitude / 2 {
            hi *= 2
        }
        var lo = 0.0
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if mid == lo || mid == hi { break }
            if displacement(omega: omega, zeta: zeta, tau: mid) > epsilon { lo = mid } else { hi = mid }
        }
        return hi
    }
}
