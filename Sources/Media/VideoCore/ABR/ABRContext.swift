/// What an ABR rule decides by when the next segment is about to be requested. A plain value: the engine (or
/// the simulator) fills it in; rules read no clock and do no I/O.
public struct ABRContext: Equatable, Sendable {
    /// Seconds on the caller's monotonic clock.
    public var now: Double
    /// The variants, in any order (rules sort by bandwidth).
    public var variants: [ABRVariant]
    /// The id of the variant of the last segment requested, or nil before the first.
    public var current: Int?
    /// Media seconds downloaded ahead of the playhead (the buffer that protects against a stall).
    public var bufferSeconds: Double
    /// Duration of the segment to choose for, seconds.
    public var segmentDuration: Double
    /// The bandwidth estimate, bits per second (``BandwidthEstimator/estimate``).
    public var estimate: Double
    /// The fast average alone (``BandwidthEstimator/fast``), bits per second: quicker to rise than ``estimate``;
    /// rules may trust it when a deep buffer covers the risk. Nil: same as ``estimate``.
    public var fastEstimate: Double?
    /// Whether ``estimate`` comes from measurements (false: it is the default guess).
    public var hasMeasurement: Bool
    /// The throughput of the last finished downloads, bits per second, oldest first (at most
    /// ``recentThroughputLimit``): what ``PredictiveRule`` predicts from. Empty: none yet, or not kept.
    public var recentThroughputs: [Double]
    /// Sizes in bytes of the next segment, per variant id, where known (`EXT-X-BYTERANGE`, or measured).
    public var nextSegmentBytes: [Int: Int]
    /// Bits still to arrive for requests already in flight (they share the link with the next one).
    public var pendingBits: Double
    /// Media seconds from the playhead to the end of what exists: the live edge, or the end of a VOD stream;
    /// nil when unknown. ExoPlayer bounds its buffer requirement for stepping up by it.
    public var availableSeconds: Double?
    /// Whether the stream is live.
    public var isLive: Bool
    /// App and player caps.
    public var caps: ABRCaps
    /// Variants to avoid for now (their playlist or segments keep failing).
    public var excluded: Set<Int>

    /// A context; everything but the variants, buffer and estimate has a neutral default.
    public init(now: Double = 0, variants: [ABRVariant], current: Int? = nil, bufferSeconds: Double,
                segmentDuration: Double, estimate: Double, fastEstimate: Double? = nil, hasMeasurement: Bool = true,
                recentThroughputs: [Double] = [], nextSegmentBytes: [Int: Int] = [:], pendingBits: Double = 0, availableSeconds: Double? = nil, isLive: Bool = false,
                caps: ABRCaps = .none, excluded: Set<Int> = []) {
        self.now = now
        self.variants = variants
        self.current = current
        self.bufferSeconds = bufferSeconds
        self.segmentDuration = segmentDuration
        self.estimate = estimate
        self.fastEstimate = fastEstimate
        self.hasMeasurement = hasMeasurement
        self.recentThroughputs = recentThroughputs
        self.nextSegmentBytes = nextSegmentBytes
        self.pendingBits = pendingBits
        self.availableSeconds = availableSeconds
        self.isLive = isLive
        self.caps = caps
        self.excluded = excluded
    }

    /// How many downloads ``recentThroughputs`` keeps: ten, so that each of the last five has the five before it
    /// to be predicted from (``PredictiveRule``'s error term, after Pensieve's RobustMPC).
    public static let recentThroughputLimit = 10

    /// `samples` with `sample` appended, keeping the last ``recentThroughputLimit``.
    public static func appending(_ sample: Double, to samples: [Double]) -> [Double] {
        guard sample > 0, sample.isFinite else { return samples }
        return Array((samples + [sample]).suffix(recentThroughputLimit))
    }

    /// The variant with `id`, if listed.
    public func variant(_ id: Int?) -> ABRVariant? {
        guard let id else { return nil }
        return variants.first { $0.id == id }
    }

    /// Bits the next segment of `variant` costs: its known size, else its bit rate × the segment duration
    /// (`AVERAGE-BANDWIDTH` when `useAverage` and the playlist has it, else `BANDWIDTH`).
    public func segmentBits(_ variant: ABRVariant, useAverage: Bool) -> Double {
        if let bytes = nextSegmentBytes[variant.id], bytes > 0 { return Double(bytes) * 8 }
        return (useAverage ? variant.meanBandwidth : variant.bandwidth) * segmentDuration
    }

    /// The bit rate of the next segment of `variant` (``segmentBits(_:useAverage:)`` over the duration).
    public func segmentBitrate(_ variant: ABRVariant, useAverage: Bool) -> Double {
        segmentDuration > 0 ? segmentBits(variant, useAverage: useAverage) / segmentDuration
            : (useAverage ? variant.meanBandwidth : variant.bandwidth)
    }
}
