import Foundation

/// Tunables of kinetic scrolling (``KineticScroller``, ``ScrollingList``). Distances in points, times in
/// seconds, speeds in points per second. The formulas they feed are in ``ScrollCurves``.
///
/// ```swift
/// var configuration = ScrollConfiguration.default
/// configuration.decelerationTime = ScrollConfiguration.decelerationTime(perMillisecondRate: 0.99)  // "fast"
/// ```
public struct ScrollConfiguration: Hashable, Sendable {
    /// τ of the exponential deceleration after a fling, `v(t) = v₀·e^(−t/τ)`. The default is UIScrollView's
    /// `DecelerationRate.normal` (the velocity keeps 0.998 of itself per millisecond), so a flick travels
    /// `v₀·τ` ≈ half a second's worth of its release speed.
    public var decelerationTime: Double
    /// `c` of the rubber band `b(x) = (1 − 1/(x·c/d + 1))·d` (``ScrollCurves/rubberBand(_:dimension:coefficient:)``).
    public var rubberBandCoefficient: Double
    /// ω of the critically damped spring that brings the content back inside after a pull or a bounce.
    public var springAngularFrequency: Double
    /// A motion ends (and the offset snaps to its final value) once it is closer than this to it.
    public var settleDistance: Double
    /// The farthest a fling may bounce past an end: its speed at the end is limited to `ω·e·maxBounce`,
    /// the speed whose spring overshoot peaks at exactly this distance.
    public var maximumBounce: Double
    /// Distance the pointer must move before a press becomes a drag (and can no longer select a row).
    public var slop: Double
    /// Slowest release that still flings; slower releases leave the content where it is.
    public var minimumFlingSpeed: Double
    /// Release speeds are clamped to this.
    public var maximumFlingSpeed: Double
    /// How far back ``DragPhysics/VelocityTracker`` looks for the release velocity.
    public var velocityWindow: Double
    /// A pointer that rested this long before its release flings nothing.
    public var restThreshold: Double
    /// Points scrolled per mouse-wheel notch.
    public var wheelStep: Double
    /// τ of the wheel's glide to its target, `x(t) = target + (x₀ − target)·e^(−t/τ)`.
    public var wheelGlideTime: Double

    /// Creates a configuration; every parameter has the default's value.
    public init(
        decelerationTime: Double = ScrollConfiguration.decelerationTime(perMillisecondRate: 0.998),
        rubberBandCoefficient: Double = 0.55,
        springAngularFrequency: Double = 16,
        settleDistance: Double = 0.25,
        maximumBounce: Double = 60,
        slop: Double = 6,
        minimumFlingSpeed: Double = 50,
        maximumFlingSpeed: Double = 8000,
        velocityWindow: Double = 0.1,
        restThreshold: Double = 0.04,
        wheelStep: Double = 80,
        wheelGlideTime: Double = 0.06
    ) {
        self.decelerationTime = decelerationTime
        self.rubberBandCoefficient = rubberBandCoefficient
        self.springAngularFrequency = springAngularFrequency
        self.settleDistance = settleDistance
        self.maximumBounce = maximumBounce
        self.slop = slop
        self.minimumFlingSpeed = minimumFlingSpeed
        self.maximumFlingSpeed = maximumFlingSpeed
        self.velocityWindow = velocityWindow
        self.restThreshold = restThreshold
        self.wheelStep = wheelStep
        self.wheelGlideTime = wheelGlideTime
    }

    /// τ = 0.4995 s (UIScrollView's normal rate), c = 0.55, ω = 16 rad/s, settle within 0.25 pt, bounces of at
    /// most 60 pt, slop 6 pt, flings from 50 to 8,000 pt/s, 100 ms velocity window, 40 ms rest, 80 pt per
    /// wheel notch gliding with τ = 60 ms.
    public static let `default` = ScrollConfiguration()

    /// τ for a deceleration that keeps `rate` of the velocity per millisecond (UIScrollView's
    /// `decelerationRate`: 0.998 normal, 0.99 fast): `v(t) = v₀·rate^(1000t) = v₀·e^(−t/τ)` with
    /// `τ = 1 / (1000·ln(1/rate))`.
    public static func decelerationTime(perMillisecondRate rate: Double) -> Double {
        1 / (1000 * log(1 / rate))
    }
}
