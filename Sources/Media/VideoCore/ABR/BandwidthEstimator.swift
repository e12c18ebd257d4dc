/// The bandwidth estimate the ABR decides by: the minimum of a fast and a slow ``EWMA`` of throughput samples,
/// weighted by their busy seconds — hls.js's `EwmaBandWidthEstimator` (`src/utils/ewma-bandwidth-estimator.ts`),
/// which takes the minimum "to adapt down quickly, but up more slowly".
///
/// Constants (hls.js `src/config.ts`): `abrEwmaFastVoD`/`abrEwmaFastLive` 3 s, `abrEwmaSlowVoD`/`abrEwmaSlowLive`
/// 9 s, `abrEwmaDefaultEstimate` 500 kbit/s until the fast average has `minWeight` 0.001 s of samples; a sample's
/// weight is at least `min(50 ms, bytes / 100 000 ms)` (`minDelayMs_`).
public struct BandwidthEstimator: Equatable, Sendable {
    /// Fast average (half-life 3 s of samples).
    public private(set) var fast: EWMA
    /// Slow average (half-life 9 s of samples).
    public private(set) var slow: EWMA
    /// The estimate before there is any sample, bits per second.
    public var defaultEstimate: Double

    /// hls.js `abrEwmaFastVoD` = `abrEwmaFastLive` = 3.
    public static let fastHalfLife = 3.0
    /// hls.js `abrEwmaSlowVoD` = `abrEwmaSlowLive` = 9.
    public static let slowHalfLife = 9.0
    /// hls.js `abrEwmaDefaultEstimate` = 5e5 (500 kbit/s).
    public static let standardDefaultEstimate = 500_000.0
    /// hls.js `minWeight_` = 0.001 (seconds of samples before the averages are trusted).
    public static let minWeight = 0.001

    /// An estimator with no samples yet.
    public init(defaultEstimate: Double = BandwidthEstimator.standardDefaultEstimate,
                fastHalfLife: Double = BandwidthEstimator.fastHalfLife,
                slowHalfLife: Double = BandwidthEstimator.slowHalfLife) {
        self.defaultEstimate = defaultEstimate
        fast = EWMA(halfLife: fastHalfLife)
        slow = EWMA(halfLife: slowHalfLife)
    }

    /// Adds one sample (ignored when it carries no bytes).
    public mutating func add(_ sample: ThroughputSample) {
        guard sample.bytes > 0 else { return }
        // hls.js: durationS = max(durationMs, min(minDelayMs_ = 50, numBytes / 100000)) / 1000.
        let minimum = min(50, Double(sample.bytes) / 100_000) / 1000
        let seconds = max(sample.busySeconds, minimum)
        guard seconds > 0 else { return }
        let bitsPerSecond = Double(sample.bytes) * 8 / seconds
        fast.add(bitsPerSecond, weight: seconds)
        slow.add(bitsPerSecond, weight: seconds)
    }

    /// Whether enough samples arrived to trust the averages (hls.js `canEstimate`).
    public var canEstimate: Bool { fast.totalWeight >= Self.minWeight }

    /// Bits per second: `min(fast, slow)` once ``canEstimate``, else ``defaultEstimate``.
    public var estimate: Double { canEstimate ? min(fast.estimate, slow.estimate) : defaultEstimate }

    /// Starts over with `defaultEstimate` (hls.js `resetEstimator`, used after an emergency down-switch).
    public mutating func reset(defaultEstimate: Double) {
        self = BandwidthEstimator(defaultEstimate: defaultEstimate, fastHalfLife: fast.halfLife, slowHalfLife: slow.halfLife)
    }
}
