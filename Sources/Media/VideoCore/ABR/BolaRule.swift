import Foundation

/// BOLA, the buffer-based rule of Spiteri, Urgaonkar and Sitaraman, "BOLA: Near-Optimal Bitrate Adaptation for
/// Online Videos" (IEEE INFOCOM 2016, arXiv:1601.06748), as dash.js implements it (`BolaRule.js`,
/// `src/streaming/rules/abr/`), in its BOLA-O form ("when network bandwidth lies between two encoded bitrate
/// levels, stick to the lowest level").
///
/// Each variant m has utility `υ_m = ln(S_m / S_1) + 1` (S: bit rate, 1: the lowest). With buffer level Q the
/// rule picks the m that maximises `(V·(υ_m − 1 + γ) − Q) / S_m`. dash.js chooses V and γ so that the lowest
/// variant wins below `MINIMUM_BUFFER_S` (10 s) and the highest at the buffer target `max(bufferTimeDefault 18 s,
/// 10 + 2 s × variants)`: `γ = (υ_max − 1) / (target / 10 − 1)`, `V = 10 / γ`. BOLA-O: a step **up** beyond what
/// the safe throughput (`bandwidthSafetyFactor` 0.9 × estimate) sustains stops at the current variant, or at the
/// throughput's choice when that is higher.
///
/// dash.js starts BOLA with a "placeholder buffer" (startup from throughput); ``AdaptiveRule`` instead uses BOLA
/// only once the buffer is deep, so this rule has no startup state. Used alone (``name`` `BOLA`) it is a
/// simulator baseline.
public struct BolaRule: ABRRule {
    /// `BOLA`.
    public let name = "BOLA"
    /// dash.js `MINIMUM_BUFFER_S` = 10.
    public static let minimumBuffer = 10.0
    /// dash.js `MINIMUM_BUFFER_PER_BITRATE_LEVEL_S` = 2.
    public static let minimumBufferPerLevel = 2.0
    /// dash.js `streaming.buffer.bufferTimeDefault` = 18 s.
    public static let bufferTimeDefault = 18.0
    /// dash.js `streaming.abr.throughput.bandwidthSafetyFactor` = 0.9.
    public static let safetyFactor = 0.9

    /// The rule.
    public init() {}

    /// See the type's description.
    public mutating func choose(_ context: ABRContext) -> Int? {
        let ladder = ABRLadder.candidates(context)
        guard let first = ladder.first else { return nil }
        return Self.choice(ladder, buffer: context.bufferSeconds, context: context)?.id ?? first.id
    }

    /// BOLA-O's choice among `ladder` (sorted, non-empty) at buffer level `buffer`.
    static func choice(_ ladder: [ABRVariant], buffer: Double, context: ABRContext) -> ABRVariant? {
        guard let lowest = ladder.first, lowest.bandwidth > 0 else { return ladder.first }
        guard ladder.count > 1 else { return lowest }
        let utilities = ladder.map { log($0.bandwidth / lowest.bandwidth) + 1 }
        guard let top = utilities.last, top > 1 else { return lowest }
        let target = max(bufferTimeDefault, minimumBuffer + minimumBufferPerLevel * Double(ladder.count))
        let gamma = (top - 1) / (target / minimumBuffer - 1)
        let v = minimumBuffer / gamma
        var best = 0
        var bestScore = -Double.infinity
        for (index, variant) in ladder.enumerated() {
            let score = (v * (utilities[index] - 1 + gamma) - buffer) / variant.bandwidth
            if score >= bestScore {
                bestScore = score
                best = index
            }
        }
        // BOLA-O: never step up to a level the safe throughput cannot sustain.
        let currentIndex = context.current.flatMap { id in ladder.firstIndex { $0.id == id } }
        let safe = safetyFactor * context.estimate
        let throughputIndex = ladder.lastIndex { $0.bandwidth <= safe } ?? 0
        if let currentIndex, best > currentIndex, best > throughputIndex {
            best = max(currentIndex, throughputIndex)
        }
        return ladder[best]
    }
}
