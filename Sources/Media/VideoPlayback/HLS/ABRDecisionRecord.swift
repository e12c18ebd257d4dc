/// One ABR decision, for diagnostics and tests.
public struct ABRDecisionRecord: Equatable, Sendable {
    /// When, seconds since the session opened (the feeder's clock).
    public var time: Double
    /// The variant chosen (master playlist index).
    public var variant: Int?
    /// The buffer it was decided with.
    public var bufferSeconds: Double
    /// The estimate it was decided with, bits per second.
    public var estimate: Double
    /// The rule's reason (``AdaptiveRule/Reason``).
    public var reason: String
    /// The variants set aside for failing when it was decided (none of them can be the choice while another is
    /// left).
    public var excluded: Set<Int> = []
}
