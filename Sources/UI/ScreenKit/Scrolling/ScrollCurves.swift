import Foundation

/// The closed forms kinetic scrolling is made of. Each is a function of the time since its motion began,
/// so a frame at any time shows the same offset whatever the frame rate.
///
/// - **Deceleration** (a fling): `x(s) = x₀ + v₀·τ·(1 − e^(−s/τ))`, `v(s) = v₀·e^(−s/τ)`; it comes to rest
///   at `x₀ + v₀·τ`. This is UIScrollView's deceleration: a velocity that keeps `0.998` of itself per
///   millisecond is `e^(−s/τ)` with `τ = 1/(1000·ln(1/0.998)) ≈ 0.5 s`.
/// - **Rubber band** (dragging past an end): a finger `x` points beyond the end moves the content
///   `b(x) = (1 − 1/(x·c/d + 1))·d` points, `d` the viewport's extent, `c = 0.55` — the formula
///   iOS's scroll views are known to follow. It starts at slope `c` and never reaches `d`.
/// - **Spring** (back inside after a pull, or a bounce off an end): a critically damped spring,
///   `x(s) = b + (A + B·s)·e^(−ω·s)` with `A = x₀ − b`, `B = v₀ + ω·A`; `v(s) = (v₀ − ω·B·s)·e^(−ω·s)`.
/// - **Wheel glide**: `x(s) = target + (x₀ − target)·e^(−s/τ_w)`.
public enum ScrollCurves {
    /// Distance travelled `s` seconds into a deceleration from speed `v0`: `v₀·τ·(1 − e^(−s/τ))`.
    public static func decelerationDistance(v0: Double, tau: Double, after s: Double) -> Double {
        v0 * tau * (1 - exp(-s / tau))
    }

    /// Speed `s` seconds into a deceleration: `v₀·e^(−s/τ)`.
    public static func decelerationSpeed(v0: Double, tau: Double, after s: Double) -> Double {
        v0 * exp(-s / tau)
    }

    /// The time a deceleration from `v0` needs until it is within `epsilon` of where it comes to rest:
    /// `|v₀|·τ·e^(−s/τ) = ε` → `s = τ·ln(|v₀|·τ/ε)` (0 when it starts that close).
    public static func decelerationDuration(v0: Double, tau: Double, epsilon: Double) -> Double {
        let total = abs(v0) * tau
        return total > epsilon ? tau * log(total / epsilon) : 0
    }

    /// When a deceleration from `v0` first covers `distance` (same sign as `v0`), or nil if it never does:
    /// `s = −τ·ln(1 − distance/(v₀·τ))`.
    public static func decelerationTime(toCover distance: Double, v0: Double, tau: Double) -> Double? {
        guard v0 != 0 else { return distance == 0 ? 0 : nil }
        let fraction = distance / (v0 * tau)
        guard fraction >= 0, fraction < 1 else { return nil }
        return -tau * log(1 - fraction)
    }

    /// The rubber band `b(x) = (1 − 1/(x·c/d + 1))·d`: how far content moves for a pull of `distance`
    /// points past its end, in a viewport of extent `dimension`.
    ///
    /// ```swift
    /// ScrollCurves.rubberBand(100, dimension: 600, coefficient: 0.55)   // ≈ 50.4
    /// ```
    public static func rubberBand(_ distance: Double, dimension: Double, coefficient: Double) -> Double {
        guard distance > 0, dimension > 0 else { return 0 }
        return (1 - 1 / (distance * coefficient / dimension + 1)) * dimension
    }

    /// The inverse of ``rubberBand(_:dimension:coefficient:)``: the pull that moves the content `y` points,
    /// `x = y·d / (c·(d − y))` (for `0 ≤ y < d`).
    public static func inverseRubberBand(_ y: Double, dimension: Double, coefficient: Double) -> Double {
        guard y > 0, dimension > 0 else { return 0 }
        let clamped = min(y, dimension * 0.999)
        return clamped * dimension / (coefficient * (dimension - clamped))
    }

    /// The slope of the rubber band at a pull of `distance`: `c / (1 + x·c/d)²`. A drag's speed past an
    /// end times this is the content's speed.
    public static func rubberBandSlope(at distance: Double, dimension: Double, coefficient: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let q = 1 + max(distance, 0) * coefficient / dimension
        return coefficient / (q * q)
    }

    /// Displacement from rest `s` seconds into a critically damped spring that started `a` from rest
    /// with speed `v0`: `(A + B·s)·e^(−ω·s)`, `A = a`, `B = v₀ + ω·a`.
    public static func springDisplacement(a: Double, v0: Double, omega: Double, after s: Double) -> Double {
        (a + (v0 + omega * a) * s) * exp(-omega * s)
    }

    /// Speed `s` seconds into the spring: `(v₀ − ω·B·s)·e^(−ω·s)`.
    public static func springSpeed(a: Double, v0: Double, omega: Double, after s: Double) -> Double {
        (v0 - omega * (v0 + omega * a) * s) * exp(-omega * s)
    }

    /// The time after which the spring stays within `epsilon` of rest: the root of its envelope
    /// `(|A| + |B|·s)·e^(−ω·s) = ε` past the envelope's peak, by bisection (deterministic, 64 steps).
    public static func springDuration(a: Double, v0: Double, omega: Double, epsilon: Double) -> Double {
        let magnitudeA = abs(a), magnitudeB = abs(v0 + omega * a)
        func envelope(_ s: Double) -> Double { (magnitudeA + magnitudeB * s) * exp(-omega * s) }
        // The envelope rises until s = 1/ω − |A|/|B| and falls from there on.
        let peak = magnitudeB > 0 ? max(0, 1 / omega - magnitudeA / magnitudeB) : 0
        guard envelope(peak) > epsilon else { return peak }
        var low = peak
        var high = peak + 1 / omega
        while envelope(high) > epsilon { high += high - peak + 1 / omega }
        for _ in 0..<64 {
            let middle = (low + high) / 2
            if envelope(middle) > epsilon { low = middle } else { high = middle }
        }
        return high
    }

    /// Displacement from the target `s` seconds into a wheel glide that started `delta` from it:
    /// `delta·e^(−s/τ)`.
    public static func glideDisplacement(delta: Double, tau: Double, after s: Double) -> Double {
        delta * exp(-s / tau)
    }

    /// The time a glide needs to come within `epsilon` of its target: `τ·ln(|Δ|/ε)`.
    public static func glideDuration(delta: Double, tau: Double, epsilon: Double) -> Double {
        abs(delta) > epsilon ? tau * log(abs(delta) / epsilon) : 0
    }
}
