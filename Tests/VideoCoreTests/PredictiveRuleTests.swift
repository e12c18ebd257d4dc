import Testing
import VideoCore

@Suite("PredictiveRule (RobustMPC): the robust prediction, the start, the look-ahead, the caps")
struct PredictiveRuleTests {
    @Test("the prediction: harmonic mean of the last five over 1 + the largest recent error")
    func robustPrediction() {
        #expect(PredictiveRule.robustPrediction([2e6, 2e6, 2e6]) == 2e6, "a steady link: no discount")
        // [1, 2]: harmonic mean 4/3; the second sample was predicted as 1 (error |1 − 2| / 2 = 0.5).
        let twoSamples = PredictiveRule.robustPrediction([1, 2])
        #expect(abs(twoSamples - (4.0 / 3) / 1.5) < 1e-12)
        // Only the last five count for the mean; errors older than five samples are forgotten.
        let old = PredictiveRule.robustPrediction([100, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
        #expect(old == 1, "the surprise at the second sample is more than five samples ago")
        // Plain MPC (robustness 0): the harmonic mean of the last five, undiscounted: 5 / (4 + 0.5).
        #expect(abs(PredictiveRule.robustPrediction([1, 1, 1, 1, 1, 2], robustness: 0) - 5 / 4.5) < 1e-12)
        #expect(PredictiveRule.robustPrediction([]) == 0)
    }

    @Test("before any download: the highest variant the default estimate covers and fetches within 4 s")
    func start() {
        var rule = PredictiveRule()
        let choice = rule.choose(Ladders.context(current: nil, buffer: 0, estimate: 500_000, measured: false))
        #expect(choice == 0, "750k's peak 937.5k is over 0.95 × 500k")
        #expect(rule.lastReason == .start)
        var fast = PredictiveRule()
        #expect(fast.choose(Ladders.context(current: nil, buffer: 0, estimate: 5e6, measured: false)) == 3,
                "3M's peak 3.75M is under 4.75M, and its 15 Mbit segment takes 3.2 s")
        var slow = PredictiveRule()
        #expect(slow.choose(Ladders.context(current: nil, buffer: 0, estimate: 3.9e6, measured: false)) == 2,
                "3M's peak 3.75M is over 0.95 × 3.9M = 3.7M: 1.5M")
    }

    @Test("a fast, steady link and a deep buffer: the top; a slow one: what it sustains without a stall")
    func lookAhead() {
        var rule = PredictiveRule()
        var context = Ladders.context(current: 3, buffer: 20, estimate: 10e6)
        context.recentThroughputs = [10e6, 10e6, 10e6, 10e6, 10e6]
        #expect(rule.choose(context) == 3)
        #expect(rule.lastReason == .predicted)
        #expect(rule.lastPrediction == 10e6)
        // 0.9 Mbit/s and an empty-ish buffer: 750k fills 4 s per 3.3 s of download; 1.5M would stall.
        var slow = Ladders.context(current: 1, buffer: 2, estimate: 0.9e6)
        slow.recentThroughputs = [0.9e6, 0.9e6, 0.9e6, 0.9e6, 0.9e6]
        let choice = rule.choose(slow)
        #expect(choice == 1 || choice == 0, "\(String(describing: choice))")
    }

    @Test("the caps and exclusions bound the choice; nil only when nothing is decodable")
    func candidates() {
        var rule = PredictiveRule()
        var context = Ladders.context(current: 1, buffer: 20, estimate: 10e6, caps: ABRCaps(maxBandwidth: 1_000_000))
        context.recentThroughputs = [10e6, 10e6]
        #expect(rule.choose(context) == 1, "the cap leaves 300k and 750k")
        context.caps = .none
        context.excluded = [3]
        #expect(rule.choose(context) == 2)
        let none = Ladders.four.map { ABRVariant(id: $0.id, bandwidth: $0.bandwidth, isDecodable: false) }
        #expect(rule.choose(Ladders.context(buffer: 5, estimate: 1e6, variants: none)) == nil)
    }

    @Test("the horizon shrinks with the ladder so that a decision plays at most maxSequences sequences")
    func horizonBound() {
        #expect(PredictiveRule.sequenceCount(variants: 5, horizon: 5, maxSwitches: nil) == 3125)
        #expect(PredictiveRule.sequenceCount(variants: 5, horizon: 5, maxSwitches: 0) == 5)
        // One change in 3 steps over 2 variants: 2 constant + 3 × 1 × 2 placements (an upper bound).
        #expect(PredictiveRule.sequenceCount(variants: 2, horizon: 3, maxSwitches: 1) == 8)
        // A 12-variant ladder (horizon 3: 12^3 = 1728 ≤ 4096) still decides, and a 1 Mbit/s link with 1 s of buffer
        // gets a variant that downloads in about that second, not one that stalls for seconds.
        let wide = (0 ..< 12).map { ABRVariant(id: $0, bandwidth: Double($0 + 1) * 400_000) }
        var rule = PredictiveRule()
        var context = Ladders.context(current: 5, buffer: 1, estimate: 1e6, variants: wide)
        context.recentThroughputs = [1e6, 1e6, 1e6]
        let choice = rule.choose(context)
        #expect(choice.map { wide[$0].bandwidth <= 0.8e6 } == true, "\(String(describing: choice))")
    }

    @Test("in the simulator: no stall on the steady and step traces")
    func simulated() {
        for trace in [TraceLibrary.steady(), TraceLibrary.stepDown(), TraceLibrary.stepUp()] {
            let result = ABRSimulator(model: PlaybackModel(stream: .standard(), trace: trace)).run(PredictiveRule())
            #expect(result.rebufferSeconds == 0, "\(trace.name): \(result.rebufferSeconds)")
            #expect(result.choices.count == 75)
        }
    }
}
