/// A timing function: maps animation progress in [0, 1] to eased progress.
///
/// Contract shared by every curve in this library:
/// - `value(at: 0)` is exactly `0` and `value(at: 1)` is exactly `1` (ends are special-cased where a
///   formula drifts in floating point, e.g. `expo`, `bounce`, `elastic`), with the documented exception
///   of ``CSSLinearEasing`` whose ends are its first and last stop outputs;
/// - inputs outside [0, 1] are clamped to [0, 1] (NaN is treated as 0); CSS extrapolation is not
///   performed, for simplicity;
/// - curves are value types and `Sendable`, so they can be stored in configurations and shared freely.
///
/// ```swift
/// let curve = PennerEasing.cubicOut
/// curve.value(at: 0.5)   // 0.875
/// curve(0.5)             // same, via callAsFunction
/// ```
public protocol EasingCurve: Sendable {
    /// The eased progress for `progress` (clamped to [0, 1]).
    func value(at progress: Double) -> Double
}

extension EasingCurve {
    /// Shorthand for ``value(at:)``.
    @inlinable public func callAsFunction(_ progress: Double) -> Double { value(at: progress) }
}

/// Clamps `progress` to [0, 1], mapping NaN to 0. Shared by all curves.
@inline(__always) func clampedProgress(_ progress: Double) -> Double {
    if !(progress > 0) { return 0 }
    return progress < 1 ? progress : 1
}
