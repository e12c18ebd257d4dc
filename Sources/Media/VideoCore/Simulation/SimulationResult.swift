/// What one rule did on one trace in the simulator, and its QoE.
public struct SimulationResult: Equatable, Sendable {
    /// The rule's name (or `offline optimum`).
    public var rule: String
    /// The trace's name.
    public var trace: String
    /// Index into the stream's variants of every segment played, in order.
    public var choices: [Int]
    /// Mean bit rate of the segments played, Mbit/s.
    public var meanBitrate: Double
    /// Seconds of stall after playback started.
    public var rebufferSeconds: Double
    /// Number of stalls after playback started.
    public var rebufferEvents: Int
    /// Seconds from the first request to the first segment's arrival.
    public var startupSeconds: Double
    /// Number of variant changes between consecutive segments.
    public var switches: Int
    /// Downloads abandoned for a lower variant (emergency down-switch).
    public var abandoned: Int
    /// Per-segment QoE (``QoEModel``).
    public var qoe: Double
    /// For each segment: the buffer when it was chosen and the rule's note (``ABRRule/lastNote``); empty for the
    /// optimum and fixed sequences.
    public var decisions: [(buffer: Double, note: String)] = []

    /// Equal when everything but ``decisions`` is equal.
    public static func == (a: SimulationResult, b: SimulationResult) -> Bool {
        a.rule == b.rule && a.trace == b.trace && a.choices == b.choices && a.meanBitrate == b.meanBitrate
            && a.rebufferSeconds == b.rebufferSeconds && a.rebufferEvents == b.rebufferEvents
            && a.startupSeconds == b.startupSeconds && a.switches == b.switches && a.abandoned == b.abandoned
            && a.qoe == b.qoe
    }

    /// A result.
    public init(rule: String, trace: String, choices: [Int], meanBitrate: Double, rebufferSeconds: Double,
                rebufferEvents: Int, startupSeconds: Double, switches: Int, abandoned: Int, qoe: Double) {
        self.rule = rule
        self.trace = trace
        self.choices = choices
        self.meanBitrate = meanBitrate
        self.rebufferSeconds = rebufferSeconds
        self.rebufferEvents = rebufferEvents
        self.startupSeconds = startupSeconds
        self.switches = switches
        self.abandoned = abandoned
        self.qoe = qoe
    }
}
