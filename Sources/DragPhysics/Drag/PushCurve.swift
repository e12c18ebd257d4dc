/// How a push (flick or keyboard) moves the circle to its edge. Every curve starts at the current
/// position, ends exactly on the edge with zero speed, and never overshoots the edge.
public enum PushCurve: Sendable, Hashable, CaseIterable {
    /// Penner's cubic in-out along the push axis (the spec's "accelerate, then decelerate"):
    /// with progress `u = (t − t₀)/T` and distance `Δ`,
    /// `s = s₀ + Δ·4u³` for u < ½, `s = s₀ + Δ·(1 − (2 − 2u)³/2)` otherwise;
    /// speed `Δ·12u²/T` resp. `Δ·3(2 − 2u)²/T` (zero at both ends, peak `3Δ/T` at u = ½).
    /// Duration `T` from ``DragConfiguration/pushDuration(forDistance:)``. A keyboard push from rest and
    /// a flick both start at speed 0 (the release speed is not carried over).
    case easeInOut
    /// A cubic Hermite curve whose start speed equals the release speed `v₀` and whose end speed is 0:
    /// `p(u) = m₀(u³ − 2u² + u) + (3u² − 2u³)`, `s = s₀ + Δ·p(u)`, `m₀ = v₀T/Δ`.
    /// `T = min(pushDuration(Δ), 3Δ/v₀)` keeps `m₀ ≤ 3`, the Fritsch–Carlson bound under which `p` is
    /// monotone, so the circle never overshoots the edge.
    case velocityMatched
    /// A critically damped spring towards the edge, in offset form `x = s − target`:
    /// `x(τ) = (x₀ + (v₀ + ωx₀)τ)e^(−ωτ)`, speed `(v₀ − ω(v₀ + ωx₀)τ)e^(−ωτ)`.
    /// `ω = max(springAngularFrequency, |v₀/x₀|)` so `x` never changes sign (no overshoot past the edge).
    /// Once `|x| ≤ springSettleDistance` the circle snaps exactly onto the edge with zero speed
    /// (the settle time solves `|x(τ)| = ε` by bisection when the push starts).
    case criticallyDampedSpring
}
