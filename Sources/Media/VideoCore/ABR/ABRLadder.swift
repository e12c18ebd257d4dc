/// The candidates a rule may choose from: decodable, within the caps, not excluded — sorted by bandwidth.
public enum ABRLadder {
    /// The variants of `context` that may be chosen, lowest `BANDWIDTH` first.
    ///
    /// Never chosen: a variant whose codecs cannot be decoded, whatever else. Left out while others remain:
    /// excluded (failing) variants, then those over the caps. If the caps leave nothing, the lowest decodable
    /// variant that is not excluded stays (playing something beats playing nothing); if every decodable variant
    /// is excluded, the exclusions are ignored. Empty only when nothing is decodable.
    public static func candidates(_ context: ABRContext) -> [ABRVariant] {
        let decodable = context.variants.filter(\.isDecodable).sorted(by: order)
        guard !decodable.isEmpty else { return [] }
        var usable = decodable.filter { !context.excluded.contains($0.id) }
        if usable.isEmpty { usable = decodable }
        var capped = usable
        if let maxBandwidth = context.caps.maxBandwidth {
            capped = capped.filter { $0.bandwidth <= maxBandwidth }
        }
        if let width = context.caps.maxWidth, let height = context.caps.maxHeight {
            capped = cappedBySize(capped, width: width, height: height)
        }
        if let cap = context.caps.droppedFramesCap, let capVariant = decodable.first(where: { $0.id == cap }) {
            capped = capped.filter { $0.bandwidth <= capVariant.bandwidth }
        }
        return capped.isEmpty ? [usable[0]] : capped
    }

    /// The first choice, before any throughput is measured (hls.js `firstAutoLevel` through `findBestLevel` with
    /// no buffer): the highest of `ladder` (sorted, as ``candidates(_:)`` returns it) whose bit rate
    /// `factor` × ``ABRContext/estimate`` covers and whose next segment, after the ``ABRContext/pendingBits`` ahead of
    /// it, arrives at that rate within `maxFetchSeconds` (hls.js `maxStarvationDelay` 4 s; not checked live, where
    /// the budget is the live edge's); nil when none does.
    ///
    /// ```swift
    /// // 500 kbit/s default estimate, 4 s segments: 0.95 × 0.5 Mbit/s covers 300 kbit/s, not 750 kbit/s.
    /// ABRLadder.startChoice(ladder, context, factor: 0.95, maxFetchSeconds: 4)?.bandwidth   // 300_000
    /// ```
    public static func startChoice(_ ladder: [ABRVariant], _ context: ABRContext, factor: Double,
                                   maxFetchSeconds: Double) -> ABRVariant? {
        let usable = factor * context.estimate
        guard usable > 0 else { return nil }
        let useAverage = context.segmentDuration > 0 && context.bufferSeconds >= 2 * context.segmentDuration
        return ladder.last { variant in
            let bitrate = useAverage ? variant.meanBandwidth : variant.bandwidth
            let fetch = (context.pendingBits + context.segmentBits(variant, useAverage: useAverage)) / usable
            return usable >= bitrate && (context.isLive || fetch < maxFetchSeconds)
        }
    }

    /// Ladder order: bandwidth, then id (stable).
    public static func order(_ a: ABRVariant, _ b: ABRVariant) -> Bool {
        a.bandwidth != b.bandwidth ? a.bandwidth < b.bandwidth : a.id < b.id
    }

    /// `variants` (sorted) without those larger than needed for a `width` × `height` box: everything above the
    /// lowest variant that fills the box — whose picture, letterboxed into it, needs no upscaling — goes.
    /// Variants of unknown size are kept. As hls.js's `CapLevelController.getMaxLevelByMediaSize`
    /// (`src/controller/cap-level-controller.ts`), which keeps levels up to the first one at least as large as the
    /// player, except that we compare with the letterboxed picture, not `max(width, height)` of the box.
    public static func cappedBySize(_ variants: [ABRVariant], width: Int, height: Int) -> [ABRVariant] {
        guard width > 0, height > 0 else { return variants }
        guard let fill = variants.firstIndex(where: { variant in
            guard let w = variant.width, let h = variant.height, w > 0, h > 0 else { return false }
            let scale = min(Double(width) / Double(w), Double(height) / Double(h))
            return scale <= 1.0001
        }) else { return variants }
        let limit = variants[fill].bandwidth
        return variants.filter { $0.bandwidth <= limit || $0.width == nil || $0.height == nil }
    }
}
