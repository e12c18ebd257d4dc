/// Tunables of ``DraggableCircle``. Distances in points, times in seconds, speeds in points/second.
///
/// ```swift
/// var config = DragConfiguration.default
/// config.pushCurve = .criticallyDampedSpring
/// let circle = DraggableCircle.centered(in: Size(width: 800, height: 600), radius: 60, configuration: config)
/// ```
public struct DragConfiguration: Sendable, Hashable {
    /// Distance the pointer must move from its down position before a press becomes a drag.
    public var slop: Double
    /// How fast the circle takes up the slop once a drag starts: the lag left behind by the slop shrinks by
    /// this many points per point the pointer travels (0.5: the circle moves at most 1.5× the pointer's step
    /// and keeps the exact grab offset after the pointer has travelled `slop / 0.5` beyond the slop).
    public var slopCatchUpRate: Double
    /// Release speed (length of the estimated velocity) from which a release counts as a flick.
    public var flickThreshold: Double
    /// How far back the velocity estimator looks (``VelocityTracker/window``).
    public var velocityWindow: Double
    /// Rest before release after which the release velocity is zero (``VelocityTracker/restThreshold``).
    public var restThreshold: Double
    /// The curve of pushes to an edge.
    public var pushCurve: PushCurve
    /// `k` in the ease-in-out duration `T = clamp(k·√Δ, min, max)` (s/√pt).
    public var pushDurationScale: Double
    /// Shortest push duration.
    public var minimumPushDuration: Double
    /// Longest push duration.
    public var maximumPushDuration: Double
    /// Angular frequency ω (rad/s) of ``PushCurve/criticallyDampedSpring``.
    public var springAngularFrequency: Double
    /// Distance from the edge under which the spring snaps onto it (ε of the settle time).
    public var springSettleDistance: Double

    /// Creates a configuration; every parameter has the default's value.
    public init(
        slop: Double = 4,
        flickThreshold: Double = 400,
        velocityWindow: Double = 0.1,
        restThreshold: Double = 0.04,
        pushCurve: PushCurve = .easeInOut,
        pushDurationScale: Double = 0.02,
        minimumPushDuration: Double = 0.25,
        maximumPushDuration: Double = 0.6,
        springAngularFrequency: Double = 18,
        springSettleDistance: Double = 0.01,
        slopCatchUpRate: Double = 0.5
    ) {
        self.slop = slop
        self.slopCatchUpRate = slopCatchUpRate
        self.flickThreshold = flickThreshold
        self.velocityWindow = velocityWindow
        self.restThreshold = restThreshold
        self.pushCurve = pushCurve
        self.pushDurationScale = pushDurationScale
        self.minimumPushDuration = minimumPushDuration
        self.maximumPushDuration = maximumPushDuration
        self.springAngularFrequency = springAngularFrequency
        self.springSettleDistance = springSettleDistance
    }

    /// Slop 4 pt taken up at 0.5 pt per pointer point, flick from 400 pt/s, 100 ms velocity window, 40 ms rest, ease-in-out pushes of
    /// 0.25–0.6 s (`0.02·√Δ`: 0.4 s for 400 pt), spring ω = 18 rad/s settling within 0.01 pt.
    public static let `default` = DragConfiguration()

    /// Ease-in-out push duration for a distance `Δ` (points): `clamp(k·√Δ, min, max)`.
    /// The square root makes long pushes faster on average without looking rushed; e.g. with the
    /// defaults 100 pt → 0.25 s, 400 pt → 0.4 s, 900 pt and more → 0.6 s.
    public func pushDuration(forDistance distance: Double) -> Double {
        let raw = pushDurationScale * abs(distance).squareRoot()
        return min(max(raw, minimumPushDuration), maximumPushDuration)
    }
}
