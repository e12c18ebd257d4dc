/// Runs an ``ABRRule`` over a ``SimulatedStream`` and a ``BandwidthTrace`` with ``PlaybackModel``'s player and
/// scores it (``QoEModel``).
///
/// For each segment: wait for room in the buffer, ask the rule (buffer, the ``BandwidthEstimator``'s estimate of
/// the samples so far, the real size of the next segment of every variant, the media left), download it through
/// the trace, and every 100 ms of a download ask ``AbandonRule`` whether to drop it for a lower variant (hls.js's
/// check interval); an abandoned download's bytes still feed the estimator. Every rule is abandoned with the
/// player's margins except the hls.js-like one, which brings hls.js's (``ABRRule/abandonMargins``).
///
/// ```swift
/// let simulator = ABRSimulator(model: PlaybackModel(stream: .standard(), trace: TraceLibrary.stepDown()))
/// let ours = simulator.run(AdaptiveRule())
/// let best = OfflineOptimum(model: simulator.model).solve()
/// print(ours.qoe / best.qoe)
/// ```
public struct ABRSimulator: Sendable {
    /// The player, stream and trace.
    public var model: PlaybackModel
    /// Whether downloads may be abandoned (``AbandonRule``).
    public var abandonment: Bool
    /// Seconds between abandonment checks (hls.js: 100 ms).
    public static let checkInterval = 0.1

    /// A simulator.
    public init(model: PlaybackModel, abandonment: Bool = true) {
        self.model = model
        self.abandonment = abandonment
    }

    /// Plays the whole stream with `rule`.
    public func run<Rule: ABRRule>(_ rule: Rule) -> SimulationResult {
        var rule = rule
        let stream = model.stream
        let trace = model.trace
        var clock = PlaybackClock(segmentDuration: stream.segmentDuration, maxBuffer: model.maxBuffer)
        var estimator = BandwidthEstimator()
        var recent: [Double] = []
        func measured(_ sample: ThroughputSample) {
            estimator.add(sample)
            recent = ABRContext.appending(sample.bitsPerSecond, to: recent)
        }
        var choices: [Int] = []
        var current: Int?
        var abandoned = 0
        var decisions: [(buffer: Double, note: String)] = []
        for k in 0 ..< stream.segmentCount {
            var start = clock.nextStart()
            var context = self.context(segment: k, at: start, clock: clock, current: current, estimator: estimator, recent: recent)
            var v = rule.choose(context) ?? 0
            decisions.append((context.bufferSeconds, rule.lastNote))
            while true {
                let bytes = stream.sizes[v][k]
                let end = trace.finish(bytes: bytes, from: start)
                guard abandonment, end.isFinite else {
                    clock.arrive(at: end)
                    measured(ThroughputSample(bytes: bytes, start: start, end: end))
                    break
                }
                var check = start + Self.checkInterval
                var switched: Int?
                while check < end {
                    let loaded = trace.bytes(from: start, to: check)
                    context.bufferSeconds = clock.buffer(at: check)
                    context.now = check
                    let download = AbandonRule.Download(variantID: v, segmentDuration: stream.segmentDuration,
                                                        elapsed: check - start, timeToFirstByte: 0,
                                                        loadedBytes: loaded, expectedBytes: bytes)
                    if let lower = AbandonRule.check(download, context: context, margins: rule.abandonMargins), lower != v {
                        switched = lower
                        measured(ThroughputSample(bytes: loaded, start: start, end: check))
                        break
                    }
                    check += Self.checkInterval
                }
                if let lower = switched {
                    abandoned += 1
                    clock.pass(to: check)
                    start = check
                    v = lower
                    context = self.context(segment: k, at: start, clock: clock, current: current, estimator: estimator, recent: recent)
                    continue
                }
                clock.arrive(at: end)
                measured(ThroughputSample(bytes: bytes, start: start, end: end))
                break
            }
            choices.append(v)
            current = v
        }
        var result = model.result(rule: rule.name, choices: choices, clock: clock, abandoned: abandoned)
        result.decisions = decisions
        return result
    }

    private func context(segment k: Int, at time: Double, clock: PlaybackClock, current: Int?,
                         estimator: BandwidthEstimator, recent: [Double]) -> ABRContext {
        let stream = model.stream
        let buffer = clock.buffer(at: time)
        let playhead = Double(k) * stream.segmentDuration - buffer
        var sizes: [Int: Int] = [:]
        for (index, variant) in stream.variants.enumerated() { sizes[variant.id] = stream.sizes[index][k] }
        return ABRContext(now: time, variants: stream.variants, current: current, bufferSeconds: buffer,
                          segmentDuration: stream.segmentDuration, estimate: estimator.estimate,
                          fastEstimate: estimator.canEstimate ? estimator.fast.estimate : nil, hasMeasurement: estimator.canEstimate,
                          recentThroughputs: recent, nextSegmentBytes: sizes,
                          availableSeconds: stream.duration - playhead)
    }
}
