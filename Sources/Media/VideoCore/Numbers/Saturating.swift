/// Conversions from `Double` that cannot trap: `Int(x)` stops the process when `x` is NaN, infinite or out of
/// range ("Double value cannot be converted to Int because the result would be greater than Int.max"), and every
/// such `x` here is computed from numbers a server sent (durations, bandwidths, sizes, timestamps; issue 28).
///
/// ```swift
/// Int(saturating: 1e300)          // Int.max
/// Int64(saturating: -.infinity)   // Int64.min
/// Int(saturating: .nan)           // 0
/// Int(saturating: 2.9)            // 2 (toward zero, as Int(_:))
/// ```
extension FixedWidthInteger {
    /// `value` toward zero, clamped into the type's range; NaN gives 0.
    @inlinable
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= Double(Self.max) {
            // Double(Int64.max) is 2^63, one above Int64.max: `>=` keeps that value out of the conversion below.
            self = Self.max
        } else if value <= Double(Self.min) {
            self = Self.min
        } else {
            self = Self(value)
        }
    }
}

extension FixedWidthInteger {
    /// `self + other`, clamped to the type's range instead of trapping on overflow (sequence numbers a server
    /// chose: the next one after `Int.max` stays `Int.max`, and is then simply not listed).
    @inlinable
    public func saturatingAdding(_ other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? Self.max : Self.min
    }

    /// `self − other`, clamped to the type's range instead of trapping on overflow.
    @inlinable
    public func saturatingSubtracting(_ other: Self) -> Self {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other > 0 ? Self.min : Self.max
    }
}
