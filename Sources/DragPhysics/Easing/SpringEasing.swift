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
/// - overdamped (ζ > 1), `r₁,₂ = −ω₀ (ζ ∓ √(ζ² − 1))`: `y = (r₂ e^(r₁τ) − r₁ e^(r₂τ)) / (r₂ − r₁)`
///   (r₁ computed as `−ω₀/(ζ + √(ζ² − 1))`, which stays accurate for very large ζ).
///
/// The settling time `T` is the time after which `|y| ≤ ε` for good: for ζ < 1 from the envelope bound
/// `|y| ≤ e^(−ζω₀τ)/√(1 − ζ²)`, so `T = ln(1/(ε √(1 − ζ²))) / (ζω₀)`; for ζ ≥ 1, `y` decreases monotonically
/// and `T` solves `y(T) = ε` by bisection. The easing value is `1 − y(progress · T)`, exactly 1 at progress 1
/// (a snap of at most ε, 0.001 by default).
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
        // r₁ = −ω(ζ − √(ζ² − 1)) written as −ω/(ζ + √(ζ² − 1)): no cancellation for large ζ (r₁r₂ = ω²).
        let r1 = -omega / (zeta + root), r2 = -omega * (zeta + root)
        return (r2 * Math.exp(r1 * tau) - r1 * Math.exp(r2 * tau)) / (r2 - r1)
    }

    static func settlingTime(omega: Double, zeta: Double, epsilon: Double) -> Double {
        if zeta < 1 {
            return Math.log(1 / (epsilon * (1 - zeta * zeta).squareRoot())) / (zeta * omega)
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
