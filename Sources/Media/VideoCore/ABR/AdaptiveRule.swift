/// The player's ABR rule: hls.js's throughput rule with real segment sizes and the bytes already in flight,
/// ExoPlayer's buffer hysteresis, and BOLA once the buffer is deep.
///
/// For the next segment, among ``ABRLadder/candidates(_:)`` (decodable, under the caps, not failing):
///
/// 1. **Start** (no segment fetched yet): the highest variant that the estimate — before any measurement the
///    default 500 kbit/s, hls.js `abrEwmaDefaultEstimate` — covers at 0.95 and fetches within 4 s (hls.js
///    `firstAutoLevel` with `maxStarvationDelay` 4; ``ABRLadder/startChoice(_:_:factor:maxFetchSeconds:)``), else
///    the lowest.
/// 2. **Throughput** (buffer below the BOLA threshold): from the top, the first variant for which
///    `f × estimate ≥ bit rate` and `(bits in flight + segment bits) / (f × estimate) < buffer` — f = 0.7 for a
///    step up (`abrBandWidthUpFactor`), 0.95 otherwise (`abrBandWidthFactor`); segment bits are the real size where
///    known (byte ranges, or the variant's measured segments), else `AVERAGE-BANDWIDTH` (buffer ≥ 2 segments) or
///    `BANDWIDTH` × duration. With an empty buffer the budget is `min(segment duration, 4 s)`
///    (`maxStarvationDelay`). If none fits, the lowest. Unlike hls.js, whose estimate comes from one request at a
///    time, the estimate here is measured over the union of busy intervals (``ThroughputMeter``) and the bits
///    still to arrive for the other request in flight count against the budget.
/// 3. **BOLA** (``BolaRule``) once the buffer reaches 18 s, until it falls under 9 s: dash.js's DYNAMIC strategy
///    (`AbrController._updateDynamicAbrStrategy`: on at `bufferTimeDefault`, off at half of it). With that much
///    buffer the fast average alone (half-life 3 s) is trusted, so the rule follows a rising network sooner than
///    `min(fast, slow)` allows; BOLA steps up only as far as that sustains, and steps down only when its own
///    (buffer-based) choice drops below the current variant — one level at a time while 12 s or more remain and
///    that level, fetched at the fast estimate, still leaves 12 s (else straight to BOLA's or the sustainable level).
///    **Spending the buffer** (ours): once the buffer reaches 24 s (0.8 × the 30 s
///    `maxBufferLength` of hls.js), the rule may take the highest variant whose segment downloads within 1.5
///    segment durations (the buffer drains at most half a segment per segment) and leaves at least 12 s, until the
///    buffer falls under 12 s; then it refills at the sustainable variant. A full buffer otherwise wastes the
///    link's idle time, which is most of what separates the rules from the offline optimum on steady links.
/// 4. **Hysteresis** against the current variant (ExoPlayer `AdaptiveTrackSelection.updateSelectedTrack`): no
///    step up while the buffer holds less than `minDurationForQualityIncreaseMs` (10 s) — bounded, as ExoPlayer
///    does for live streams, by 0.75 × (media available ahead − one segment), which we also apply to the end of a
///    VOD stream so that a short clip can step up; no step down while it holds `maxDurationForQualityDecreaseMs`
///    (25 s) or more. Never a step up with an empty buffer, in any mode.
///
/// A current variant that is no longer a candidate (capped, failing) is left for the best candidate not above it,
/// else the lowest.
public struct AdaptiveRule: ABRRule {
    /// `adaptive`.
    public let name = "adaptive"
    /// ``lastReason`` as text.
    public var lastNote: String { lastReason.rawValue }
    /// The numbers the rule decides by.
    public var configuration: Configuration
    /// Whether the last decision was BOLA's (buffer deep).
    public private(set) var usingBola = false
    /// Whether the rule is spending a full buffer on a variant above the sustainable one.
    public private(set) var spending = false
    /// Why the last decision came out as it did.
    public private(set) var lastReason: Reason = .start

    /// Why a variant was chosen (for logs and tests).
    public enum Reason: String, Equatable, Sendable {
        /// The first choice, from the default estimate.
        case start
        /// The throughput rule's choice.
        case throughput
        /// BOLA's choice (deep buffer).
        case bola
        /// A variant above the sustainable one, paid for with a full buffer.
        case spendingBuffer
        /// A step up was wanted, but the buffer is too short for one.
        case heldForBuffer
        /// A step down was wanted, but the buffer is deep enough to wait.
        case heldForDeepBuffer
        /// The current variant left the candidates (caps, failures).
        case currentUnavailable
    }

    /// The rule's constants, with their sources.
    public struct Configuration: Equatable, Sendable {
        /// Fraction of the estimate a step up may use: hls.js `abrBandWidthUpFactor` 0.7 (ExoPlayer's
        /// `DEFAULT_BANDWIDTH_FRACTION` is also 0.7, for every choice).
        public var upFactor = 0.7
        /// Fraction of the estimate staying or stepping down may use: hls.js `abrBandWidthFactor` 0.95.
        public var stayFactor = 0.95
        /// Most seconds of stall tolerated when nothing fits an empty buffer: hls.js `maxStarvationDelay` 4.
        public var maxStarvationDelay = 4.0
        /// ExoPlayer `DEFAULT_MIN_DURATION_FOR_QUALITY_INCREASE_MS` 10 000.
        public var minBufferForIncrease = 10.0
        /// ExoPlayer `DEFAULT_BUFFERED_FRACTION_TO_LIVE_EDGE_FOR_QUALITY_INCREASE` 0.75.
        public var availableFractionForIncrease = 0.75
        /// ExoPlayer `DEFAULT_MAX_DURATION_FOR_QUALITY_DECREASE_MS` 25 000.
        public var maxBufferForDecrease = 25.0
        /// Buffer at which BOLA takes over: dash.js `bufferTimeDefault` 18 s (DYNAMIC strategy switch-on).
        public var bolaOnBuffer = 18.0
        /// Buffer under which the throughput rule takes back: dash.js `0.5 × bufferTimeDefault` (switch-off).
        public var bolaOffBuffer = 9.0
        /// Buffer from which the rule spends it: 0.8 × hls.js `maxBufferLength` (30 s). Ours.
        public var spendFromBuffer = 24.0
        /// Buffer under which spending stops, and which a spent segment must leave. Ours.
        public var spendDownToBuffer = 12.0
        /// Longest download, in segment durations, of a segment bought with buffer. Ours.
        public var spendMaxFetchSegments = 1.5

        /// The defaults above.
        public init() {}
    }

    /// A rule with `configuration`.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// See the type's description.
    public mutating func choose(_ context: ABRContext) -> Int? {
        let ladder = ABRLadder.candidates(context)
        guard let lowest = ladder.first else { return nil }
        let buffer = max(0, context.bufferSeconds)
        if usingBola {
            if buffer < configuration.bolaOffBuffer { usingBola = false }
        } else if buffer >= configuration.bolaOnBuffer && ladder.count > 1 {
            usingBola = true
        }
        if spending {
            if buffer < configuration.spendDownToBuffer { spending = false }
        } else if buffer >= configuration.spendFromBuffer && ladder.count > 1 {
            spending = true
        }
        guard let current = context.variant(context.current) else {
            lastReason = .start
            return (ABRLadder.startChoice(ladder, context, factor: configuration.stayFactor,
                                          maxFetchSeconds: configuration.maxStarvationDelay) ?? lowest).id
        }
        guard ladder.contains(where: { $0.id == current.id }) else {
            lastReason = .currentUnavailable
            return (ladder.last { $0.bandwidth <= current.bandwidth } ?? lowest).id
        }
        var pick: ABRVariant
        if usingBola {
            var deep = context
            deep.estimate = context.fastEstimate ?? context.estimate
            pick = BolaRule.choice(ladder, buffer: buffer, context: deep) ?? lowest
            lastReason = .bola
            // BOLA may go as high as the network sustains — or, while spending, as the buffer can pay for.
            let sustainable = throughputChoice(ladder, deep, estimate: deep.estimate, budget: buffer, current: current) ?? lowest
            var ceiling = sustainable
            if spending, let spend = spendChoice(ladder, deep, buffer: buffer), spend.bandwidth > ceiling.bandwidth {
                ceiling = spend
            }
            if spending && ceiling.bandwidth > sustainable.bandwidth {
                pick = ceiling
                lastReason = .spendingBuffer
            } else {
                spending = false   // the buffer cannot pay any more: refill to the start level before spending again
                // Up only as far as the network sustains; down only as far as BOLA asks: with this much buffer a
                // dip in the estimate is paid from the buffer instead of with a switch.
                let bola = pick
                pick = bola.bandwidth > ceiling.bandwidth ? ceiling : bola
                if bola.bandwidth >= current.bandwidth && pick.bandwidth < current.bandwidth { pick = current }
                // Drops are held while BOLA's own level holds; a drop BOLA asks for goes one level at a time, as
                // long as that level still downloads at the fast estimate and leaves the reserve (a collapsed link
                // is not met one level at a time).
                if pick.bandwidth < current.bandwidth, let index = ladder.firstIndex(where: { $0.id == current.id }), index > 0,
                   buffer >= configuration.spendDownToBuffer, leavesReserve(ladder[index - 1], deep, buffer: buffer) {
                    pick = ladder[index - 1]
                }
            }
        } else {
            let budget = buffer > 0 ? buffer
                : min(context.segmentDuration > 0 ? context.segmentDuration : configuration.maxStarvationDelay,
                      configuration.maxStarvationDelay)
            pick = throughputChoice(ladder, context, estimate: context.estimate, budget: budget, current: current) ?? lowest
            lastReason = .throughput
        }
        if pick.bandwidth > current.bandwidth {
            if buffer <= 0 || (!usingBola && buffer < minBufferForIncrease(context)) {
                pick = current
                lastReason = .heldForBuffer
            }
        } else if pick.bandwidth < current.bandwidth && buffer >= configuration.maxBufferForDecrease {
            pick = current
            lastReason = .heldForDeepBuffer
        }
        return pick.id
    }

    /// ExoPlayer's `minDurationForQualityIncreaseUs`: 10 s, or less when less media exists ahead.
    func minBufferForIncrease(_ context: ABRContext) -> Double {
        guard let available = context.availableSeconds else { return configuration.minBufferForIncrease }
        let adjusted = (available - context.segmentDuration) * configuration.availableFractionForIncrease
        return min(max(0, adjusted), configuration.minBufferForIncrease)
    }

    /// Whether the next segment of `variant`, fetched at ``Configuration/stayFactor`` × the estimate of `context`,
    /// leaves at least ``Configuration/spendDownToBuffer`` seconds of buffer once it has arrived.
    private func leavesReserve(_ variant: ABRVariant, _ context: ABRContext, buffer: Double) -> Bool {
        let usable = configuration.stayFactor * context.estimate
        guard usable > 0 else { return false }
        let fetch = (context.pendingBits + context.segmentBits(variant, useAverage: true)) / usable
        return buffer - fetch + context.segmentDuration >= configuration.spendDownToBuffer
    }

    /// The highest variant whose segment downloads within ``Configuration/spendMaxFetchSegments`` segment
    /// durations and leaves at least ``Configuration/spendDownToBuffer`` seconds of buffer.
    private func spendChoice(_ ladder: [ABRVariant], _ context: ABRContext, buffer: Double) -> ABRVariant? {
        let usable = configuration.stayFactor * context.estimate
        guard usable > 0, context.segmentDuration > 0 else { return nil }
        return ladder.last { variant in
            // Which variant by its mean rate (steady across segments); whether the buffer can pay by the real size.
            let typical = variant.meanBandwidth * context.segmentDuration / usable
            let fetch = (context.pendingBits + context.segmentBits(variant, useAverage: true)) / usable
            return typical <= configuration.spendMaxFetchSegments * context.segmentDuration
                && buffer - fetch + context.segmentDuration >= configuration.spendDownToBuffer
        }
    }

    /// The highest variant the estimate sustains and fetches within `budget` seconds, or nil.
    private func throughputChoice(_ ladder: [ABRVariant], _ context: ABRContext, estimate: Double, budget: Double,
                                  current: ABRVariant?) -> ABRVariant? {
        let useAverage = context.segmentDuration > 0 && context.bufferSeconds >= 2 * context.segmentDuration
        for variant in ladder.reversed() {
            let up = current.map { variant.bandwidth > $0.bandwidth } ?? false
            let usable = (up ? configuration.upFactor : configuration.stayFactor) * estimate
            guard usable > 0 else { continue }
            // Sustained rate by the variant's advertised bit rate (a real segment size varies with the scene and
            // would make the choice flap); the time to fetch by the real size where known.
            let bitrate = useAverage ? variant.meanBandwidth : variant.bandwidth
            let fetch = (context.pendingBits + context.segmentBits(variant, useAverage: useAverage)) / usable
            if usable >= bitrate && (context.isLive || fetch < budget) {
                return variant
            }
        }
        return nil
    }
}
