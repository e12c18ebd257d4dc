/// A model of hls.js's ABR decision (`AbrController.getNextABRAutoLevel` and `findBestLevel`,
/// `src/controller/abr-controller.ts`), for comparison in the simulator; TTFB is taken as 0.
///
/// From the highest candidate down, the first variant whose bit rate the adjusted estimate covers and whose next
/// segment would download before the buffer runs out:
/// - adjusted estimate: `abrBandWidthFactor` 0.95 × estimate for the current variant and lower ones,
///   `abrBandWidthUpFactor` 0.7 × estimate for higher ones (hls.js's comment: "be even more conservative (70%) to
///   avoid overestimating and immediately switching back");
/// - bit rate: `AVERAGE-BANDWIDTH` when the buffer holds at least two segments and no rebuffering is expected,
///   else `BANDWIDTH`; fetch time = bit rate × segment duration / adjusted estimate;
/// - the fetch must end within the buffer (`bufferStarvationDelay`); when no variant manages that, within
///   buffer + `maxStarvationDelay` (4 s, capped at one segment duration); when none manages even that, the
///   lowest variant if it is lower than the current one, else the current one (while it is a candidate). Live streams skip the fetch-time
///   test (hls.js: "to avoid switching down when near the edge of live sliding window").
///
/// Before any measurement hls.js's first choice (`firstAutoLevel`) is the same search with the default estimate
/// (500 kbit/s) and a 4 s budget (`maxStarvationDelay`).
public struct HlsJsRule: ABRRule {
    /// `hls.js-like`.
    public let name = "hls.js-like"
    /// hls.js's own abandonment (``AbandonRule/Margins/hlsJs``).
    public var abandonMargins: AbandonRule.Margins { .hlsJs }
    /// hls.js `abrBandWidthFactor` = 0.95.
    public static let bandwidthFactor = 0.95
    /// hls.js `abrBandWidthUpFactor` = 0.7.
    public static let bandwidthUpFactor = 0.7
    /// hls.js `maxStarvationDelay` = 4 s (also `maxLoadingDelay`).
    public static let maxStarvationDelay = 4.0

    /// A rule with hls.js's defaults.
    public init() {}

    /// See the type's description.
    public mutating func choose(_ context: ABRContext) -> Int? {
        let ladder = ABRLadder.candidates(context)
        guard !ladder.isEmpty else { return nil }
        let buffer = max(0, context.bufferSeconds)
        guard context.hasMeasurement, context.current != nil else {
            return best(ladder, context, buffer: 0, maxStarvation: Self.maxStarvationDelay)?.id ?? ladder[0].id
        }
        if buffer > 0, let level = best(ladder, context, buffer: buffer, maxStarvation: 0) {
            return level.id
        }
        let maxStarvation = context.segmentDuration > 0
            ? min(context.segmentDuration, Self.maxStarvationDelay) : Self.maxStarvationDelay
        if let level = best(ladder, context, buffer: buffer, maxStarvation: maxStarvation) {
            return level.id
        }
        if let current = context.variant(context.current), ladder[0].bandwidth < current.bandwidth {
            return ladder[0].id
        }
        if let current = context.current, ladder.contains(where: { $0.id == current }) { return current }
        return ladder[0].id
    }

    /// hls.js `findBestLevel`: the highest variant that fits, or nil.
    private func best(_ ladder: [ABRVariant], _ context: ABRContext, buffer: Double, maxStarvation: Double) -> ABRVariant? {
        let current = context.variant(context.current)
        let maxFetch = buffer + maxStarvation
        for variant in ladder.reversed() {
            let up = current.map { variant.bandwidth > $0.bandwidth } ?? false
            let adjusted = (up ? Self.bandwidthUpFactor : Self.bandwidthFactor) * context.estimate
            let useAverage = context.segmentDuration > 0 && buffer >= 2 * context.segmentDuration && maxStarvation == 0
            let bitrate = useAverage ? variant.meanBandwidth : variant.bandwidth
            let fetch = adjusted > 0 ? bitrate * context.segmentDuration / adjusted : .infinity
            if adjusted >= bitrate && (context.isLive || !fetch.isFinite || fetch < maxFetch) {
                return variant
            }
        }
        return nil
    }
}
