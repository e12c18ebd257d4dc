/// A VOD stream for the simulator: a ladder of variants and the size of every segment of each.
///
/// Segment sizes vary as a real encoder's do (a complexity factor per segment, the same for every variant, as a
/// scene is hard for all of them); `BANDWIDTH` is the largest segment's rate (the peak, RFC 8216 §4.3.4.2) and
/// `AVERAGE-BANDWIDTH` the mean.
public struct SimulatedStream: Equatable, Sendable {
    /// The variants, lowest first.
    public var variants: [ABRVariant]
    /// Duration of every segment, seconds.
    public var segmentDuration: Double
    /// `sizes[v][k]`: bytes of segment k of variant v (v indexes ``variants``).
    public var sizes: [[Int]]

    /// Number of segments.
    public var segmentCount: Int { sizes.first?.count ?? 0 }
    /// Total media duration, seconds.
    public var duration: Double { Double(segmentCount) * segmentDuration }

    /// A stream of `segmentCount` segments over the mean bit rates `bitrates` (bits per second), with sizes
    /// varying by a factor in [0.75, 1.25] from a seeded generator.
    public init(bitrates: [Double], resolutions: [(Int, Int)], segmentDuration: Double, segmentCount: Int,
                seed: UInt64 = 7) {
        var random = SeededRandom(seed: seed)
        let factors = (0 ..< segmentCount).map { _ in 0.75 + 0.5 * random.unit() }
        self.segmentDuration = segmentDuration
        let sizes = bitrates.map { rate in factors.map { Int(rate * segmentDuration / 8 * $0) } }
        self.sizes = sizes
        variants = bitrates.enumerated().map { index, rate in
            let peak = Double(sizes[index].max() ?? 0) * 8 / segmentDuration
            let resolution = index < resolutions.count ? resolutions[index] : nil
            return ABRVariant(id: index, bandwidth: peak, averageBandwidth: rate, width: resolution?.0,
                              height: resolution?.1)
        }
    }

    /// The standard ladder of the benchmarks: 0.3, 0.75, 1.5, 3 and 4.5 Mbit/s (234p … 1080p), 4 s segments,
    /// `segmentCount` of them (75 = 5 minutes).
    public static func standard(segmentCount: Int = 75) -> SimulatedStream {
        SimulatedStream(bitrates: [0.3e6, 0.75e6, 1.5e6, 3e6, 4.5e6],
                        resolutions: [(416, 234), (640, 360), (960, 540), (1280, 720), (1920, 1080)],
                        segmentDuration: 4, segmentCount: segmentCount)
    }
}
