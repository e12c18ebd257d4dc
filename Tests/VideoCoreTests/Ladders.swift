import VideoCore

/// Ladders shared by the ABR tests.
enum Ladders {
    /// 300k, 750k, 1.5M, 3M (peak = mean × 1.25), 416x234 … 1280x720.
    static let four: [ABRVariant] = [
        ABRVariant(id: 0, bandwidth: 375_000, averageBandwidth: 300_000, width: 416, height: 234),
        ABRVariant(id: 1, bandwidth: 937_500, averageBandwidth: 750_000, width: 640, height: 360),
        ABRVariant(id: 2, bandwidth: 1_875_000, averageBandwidth: 1_500_000, width: 960, height: 540),
        ABRVariant(id: 3, bandwidth: 3_750_000, averageBandwidth: 3_000_000, width: 1280, height: 720),
    ]

    static func context(current: Int? = 1, buffer: Double, estimate: Double, variants: [ABRVariant] = four,
                        segment: Double = 4, available: Double? = nil, caps: ABRCaps = .none,
                        excluded: Set<Int> = [], measured: Bool = true) -> ABRContext {
        ABRContext(variants: variants, current: current, bufferSeconds: buffer, segmentDuration: segment,
                   estimate: estimate, hasMeasurement: measured, availableSeconds: available, caps: caps,
                   excluded: excluded)
    }
}
