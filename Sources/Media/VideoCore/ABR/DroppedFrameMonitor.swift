/// Caps the ladder when the machine cannot keep up: hls.js's `FPSController.checkFPS`
/// (`src/controller/fps-controller.ts`) with `fpsDroppedMonitoringPeriod` 5000 ms and
/// `fpsDroppedMonitoringThreshold` 0.2: if, over a period, more than 20 % of the decoded frames were dropped, the
/// variant below the one playing becomes the highest allowed (``ABRCaps/droppedFramesCap``). As in hls.js the cap
/// only ever moves down during a session.
public struct DroppedFrameMonitor: Equatable, Sendable {
    /// hls.js `fpsDroppedMonitoringPeriod` = 5 s.
    public static let period = 5.0
    /// hls.js `fpsDroppedMonitoringThreshold` = 0.2.
    public static let threshold = 0.2

    private var periodStart: Double?
    private var decodedAtStart = 0
    private var droppedAtStart = 0
    /// The highest variant id allowed, once capped.
    public private(set) var cap: Int?

    /// A monitor that has not capped.
    public init() {}

    /// Feeds the running totals at `now` with the variant on screen; returns the cap (new or old).
    @discardableResult
    public mutating func update(now: Double, decoded: Int, dropped: Int, playing variantID: Int?,
                                variants: [ABRVariant]) -> Int? {
        guard let start = periodStart else {
            periodStart = now
            decodedAtStart = decoded
            droppedAtStart = dropped
            return cap
        }
        guard now - start >= Self.period else { return cap }
        let newDecoded = decoded - decodedAtStart
        let newDropped = dropped - droppedAtStart
        periodStart = now
        decodedAtStart = decoded
        droppedAtStart = dropped
        guard newDecoded > 0, Double(newDropped) > Self.threshold * Double(newDecoded), let variantID else { return cap }
        let ladder = variants.filter(\.isDecodable).sorted(by: ABRLadder.order)
        guard let index = ladder.firstIndex(where: { $0.id == variantID }), index > 0 else { return cap }
        let below = ladder[index - 1]
        if let current = cap, let capVariant = ladder.first(where: { $0.id == current }),
           capVariant.bandwidth <= below.bandwidth {
            return cap
        }
        cap = below.id
        return cap
    }
}
