import Foundation

/// Model-predictive bit-rate control: RobustMPC of Yin, Jindal, Sekar and Sinopoli, "A Control-Theoretic Approach
/// for Dynamic Adaptive Video Streaming over HTTP" (SIGCOMM 2015, §4–5), as Pensieve's reference implementation
/// runs it (`hongzimao/pensieve`, `test/mpc.py`).
///
/// For the next segment the rule plays every sequence of variants over the next ``Configuration/horizon``
/// segments through a model of the buffer, and takes the first variant of the sequence with the best QoE_lin
/// (``QoEModel``'s objective: Σ q − λ Σ |Δq| − μ × stall seconds, q = mean Mbit/s, λ = 1, μ = the ladder's top
/// mean Mbit/s). The model, per segment of duration L and size S bits, with predicted throughput C:
///
///     t = S / C;  stall += max(0, t − B);  B = min(max(B − t, 0) + L, maxBuffer)
///
/// (the first segment also waits for ``ABRContext/pendingBits``; its size is the real one where known, the
/// others cost their mean bit rate × L). The throughput C is the **robust** prediction: the harmonic mean of the
/// last five downloads' throughputs, divided by 1 + the largest relative error that prediction made on each of
/// the last five downloads (`|Ĉ − C| / C`, Ĉ the harmonic mean of the five before it). A network that has been
/// predictable is trusted; one that surprised recently is discounted by as much as it surprised.
///
/// - **Start** (no throughput yet): ``ABRLadder/startChoice(_:_:factor:maxFetchSeconds:)`` with 0.95 and 4 s
///   (hls.js `abrBandWidthFactor`, `maxStarvationDelay`), as ``AdaptiveRule`` starts.
/// - **Large ladders:** the horizon shrinks so that at most ``Configuration/maxSequences`` sequences are played
///   (5 variants: 5 segments; 10 variants: 3).
/// - **Media left:** the horizon never reaches past the end of a VOD stream (``ABRContext/availableSeconds``).
///
/// ```swift
/// var rule = PredictiveRule()
/// let context = ABRContext(variants: ladder, current: 1, bufferSeconds: 12, segmentDuration: 4,
///                          estimate: 2e6, recentThroughputs: [2.1e6, 1.9e6, 2.0e6])
/// let next = rule.choose(context)   // the variant id to fetch next
/// ```
public struct PredictiveRule: ABRRule {
    /// `MPC`.
    public let name = "MPC"
    /// ``lastReason`` as text.
    public var lastNote: String { lastReason.rawValue }
    /// The numbers the rule decides by.
    public var configuration: Configuration
    /// Why the last decision came out as it did.
    public private(set) var lastReason: Reason = .start
    /// The throughput the last decision predicted, bits per second (0 before the first prediction).
    public private(set) var lastPrediction = 0.0

    /// Why a variant was chosen (for logs and tests).
    public enum Reason: String, Equatable, Sendable {
        /// No throughput measured yet: the start rule.
        case start
        /// The best sequence over the horizon.
        case predicted
    }

    /// The rule's constants, with their sources.
    public struct Configuration: Equatable, Sendable {
        /// Segments looked ahead: `MPC_FUTURE_CHUNK_COUNT` = 5 (Pensieve `test/mpc.py`; Yin et al. use 5 too).
        public var horizon = 5
        /// Downloads the prediction averages over (Pensieve: the last 5).
        public var history = 5
        /// Share of the largest recent error the prediction is discounted by (RobustMPC: 1; plain MPC: 0).
        public var robustness = 1.0
        /// Most changes of variant within one sequence (nil: any). With a bound, a longer horizon stays cheap.
        public var maxSwitches: Int? = nil
        /// Most sequences played per decision (ours: keeps a decision under a millisecond for any ladder).
        public var maxSequences = 4096
        /// Largest buffer, seconds: hls.js `maxBufferLength` 30, what the player and ``PlaybackModel`` keep.
        public var maxBuffer = 30.0
        /// Weight of a quality change per Mbit/s (QoE_lin's λ = 1).
        public var switchPenalty = 1.0
        /// Weight of a second of stall in Mbit/s; nil: the ladder's top mean bit rate (QoE_lin's μ).
        public var rebufferPenalty: Double?
        /// Fraction of the default estimate the first choice may use: hls.js `abrBandWidthFactor` 0.95.
        public var startFactor = 0.95
        /// Longest first download, seconds: hls.js `maxStarvationDelay` 4.
        public var maxStarvationDelay = 4.0

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
        let samples = context.recentThroughputs.filter { $0 > 0 && $0.isFinite }
        guard !samples.isEmpty, context.segmentDuration > 0 else {
            lastReason = .start
            return (ABRLadder.startChoice(ladder, context, factor: configuration.startFactor,
                                          maxFetchSeconds: configuration.maxStarvationDelay) ?? lowest).id
        }
        let prediction = Self.robustPrediction(samples, history: configuration.history, robustness: configuration.robustness)
        lastPrediction = prediction
        lastReason = .predicted
        return ladder[bestFirstStep(ladder, context, throughput: prediction)].id
    }

    /// The robust throughput prediction from `samples` (oldest first, all positive): the harmonic mean of the
    /// last `history`, over 1 + the largest relative error of that same prediction on each of the last `history`
    /// samples (each predicted from the up to `history` before it; the first sample has no error).
    ///
    ///     Ĉ = n / Σ(1 / C_i);   C = Ĉ / (1 + max_j |Ĉ_j − C_j| / C_j)
    public static func robustPrediction(_ samples: [Double], history: Int = 5, robustness: Double = 1) -> Double {
        let history = max(1, history)
        guard !samples.isEmpty else { return 0 }
        func harmonic(_ slice: ArraySlice<Double>) -> Double {
            Double(slice.count) / slice.reduce(0) { $0 + 1 / $1 }
        }
        var maxError = 0.0
        for j in max(1, samples.count - history) ..< samples.count {
            let predicted = harmonic(samples[max(0, j - history) ..< j])
            maxError = max(maxError, abs(predicted - samples[j]) / samples[j])
        }
        return harmonic(samples.suffix(history)[...]) / (1 + robustness * maxError)
    }

    /// How many sequences of `horizon` steps over `variants` variants change variant at most `maxSwitches` times
    /// (counting the change from the current variant as possibly one of them: an upper bound).
    public static func sequenceCount(variants n: Int, horizon: Int, maxSwitches: Int?) -> Double {
        guard let maxSwitches, maxSwitches < horizon else { return pow(Double(n), Double(horizon)) }
        // Σ_s C(horizon, s) (n − 1)^s × n: choose where the changes happen and to what.
        var total = 0.0
        var binomial = 1.0
        for s in 0 ... maxSwitches {
            if s > 0 { binomial = binomial * Double(horizon - s + 1) / Double(s) }
            total += binomial * pow(Double(n - 1), Double(s)) * Double(n)
        }
        return total
    }

    /// The index in `ladder` of the first step of the best sequence (ties: the lower variant).
    private func bestFirstStep(_ ladder: [ABRVariant], _ context: ABRContext, throughput: Double) -> Int {
        let n = ladder.count
        guard n > 1, throughput > 0 else { return 0 }
        let duration = context.segmentDuration
        var horizon = max(1, configuration.horizon)
        while horizon > 1 && Self.sequenceCount(variants: n, horizon: horizon, maxSwitches: configuration.maxSwitches)
                > Double(configuration.maxSequences) { horizon -= 1 }
        if let available = context.availableSeconds, !context.isLive {
            horizon = max(1, min(horizon, Int(saturating: (available / duration).rounded(.up))))
        }
        let quality = ladder.map { $0.meanBandwidth / 1e6 }
        let firstSeconds = ladder.map { (context.pendingBits + context.segmentBits($0, useAverage: true)) / throughput }
        let laterSeconds = ladder.map { $0.meanBandwidth * duration / throughput }
        let mu = configuration.rebufferPenalty ?? (context.variants.filter(\.isDecodable).map(\.meanBandwidth).max() ?? 1e6) / 1e6
        let lambda = configuration.switchPenalty
        let startQuality = context.variant(context.current).map { $0.meanBandwidth / 1e6 }
        let maxBuffer = max(configuration.maxBuffer, duration)

        var best = -Double.infinity
        var bestFirst = 0
        // Depth-first over every sequence; `reward` so far, `buffer` now, `previous` quality.
        let maxSwitches = configuration.maxSwitches ?? Int.max
        func visit(depth: Int, buffer: Double, previous: Double?, previousIndex: Int?, switches: Int, reward: Double, first: Int) {
            if depth == horizon {
                if reward > best + 1e-12 {
                    best = reward
                    bestFirst = first
                }
                return
            }
            for v in 0 ..< n {
                let switched = previousIndex.map { $0 != v } ?? false
                if switched && switches >= maxSwitches { continue }
                let seconds = depth == 0 ? firstSeconds[v] : laterSeconds[v]
                let stall = max(0, seconds - buffer)
                let next = min(max(buffer - seconds, 0) + duration, maxBuffer)
                let change = previous.map { abs(quality[v] - $0) } ?? 0
                visit(depth: depth + 1, buffer: next, previous: quality[v], previousIndex: v,
                      switches: switches + (switched ? 1 : 0), reward: reward + quality[v] - lambda * change - mu * stall, first: depth == 0 ? v : first)
            }
        }
        let startIndex = context.current.flatMap { id in ladder.firstIndex { $0.id == id } }
        visit(depth: 0, buffer: max(0, context.bufferSeconds), previous: startQuality, previousIndex: startIndex,
              switches: 0, reward: 0, first: 0)
        return bestFirst
    }
}
