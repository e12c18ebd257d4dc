/// One throughput measurement: `bytes` arrived while the network was busy for `busySeconds` within
/// `start ... end` (seconds on the caller's clock).
///
/// ``ThroughputMeter`` makes them from download progress, measuring over the union of busy intervals: with two
/// requests in flight at once, both count towards the same seconds. A single request on its own gives
/// `busySeconds == end − start`.
public struct ThroughputSample: Equatable, Sendable {
    /// Bytes received in the window.
    public var bytes: Int
    /// Seconds within the window during which at least one request was in flight.
    public var busySeconds: Double
    /// Start of the window.
    public var start: Double
    /// End of the window.
    public var end: Double

    /// A sample; for one request alone, `busySeconds` defaults to its duration.
    public init(bytes: Int, start: Double, end: Double, busySeconds: Double? = nil) {
        self.bytes = bytes
        self.start = start
        self.end = end
        self.busySeconds = busySeconds ?? max(0, end - start)
    }

    /// Bits per second over the busy time (0 when there was none).
    public var bitsPerSecond: Double { busySeconds > 0 ? Double(bytes) * 8 / busySeconds : 0 }
}
