/// Measures network throughput over the **union of busy intervals** of overlapping requests.
///
/// We fetch two segments at a time, so a per-request figure (its bytes over its own duration) reads about half
/// the link's rate when both share it. The meter instead counts every byte that arrived and every second during
/// which at least one request was in flight: each finished request closes a measurement window (everything since
/// the previous one) and yields a ``ThroughputSample`` of the window's bytes over its busy seconds.
///
/// Bytes are reported as they arrive (``received(_:bytes:at:)``); a request that never reports progress has all
/// its bytes counted when it ends, which is exact when it did not overlap another one. Time is a value (seconds on
/// any monotonic clock); events arriving out of order in time are clamped to the latest time seen.
///
/// ```swift
/// var meter = ThroughputMeter()
/// meter.begin(1, at: 0); meter.begin(2, at: 0)          // two requests share a 1 Mbit/s link
/// meter.received(1, bytes: 62_500, at: 1); meter.received(2, bytes: 62_500, at: 1)
/// meter.end(1, at: 1)?.bitsPerSecond                    // 1_000_000, not the 500_000 of request 1 alone
/// ```
public struct ThroughputMeter: Equatable, Sendable {
    private var open: [Int: Double] = [:]     // request id → start time
    private var windowStart: Double?
    private var busy: Double = 0
    private var bytes = 0
    private var last: Double = -.infinity

    /// A meter with nothing in flight.
    public init() {}

    /// Requests in flight now.
    public var inFlight: Int { open.count }

    /// A request started at `time`.
    public mutating func begin(_ id: Int, at time: Double) {
        let t = advance(to: time)
        open[id] = t
        if windowStart == nil { windowStart = t }
    }

    /// `bytes` more of request `id` arrived at `time`.
    public mutating func received(_ id: Int, bytes count: Int, at time: Double) {
        advance(to: time)
        guard open[id] != nil, count > 0 else { return }
        bytes += count
    }

    /// Request `id` finished at `time`, with `unreportedBytes` that never came through ``received(_:bytes:at:)``.
    /// Returns the sample of the window it closes (nil when nothing measurable arrived: no bytes or no busy time).
    @discardableResult
    public mutating func end(_ id: Int, at time: Double, unreportedBytes: Int = 0) -> ThroughputSample? {
        let t = advance(to: time)
        guard open.removeValue(forKey: id) != nil else { return nil }
        bytes += max(0, unreportedBytes)
        let sample = ThroughputSample(bytes: bytes, start: windowStart ?? t, end: t, busySeconds: busy)
        bytes = 0
        busy = 0
        windowStart = open.isEmpty ? nil : t
        return sample.bytes > 0 && sample.busySeconds > 0 ? sample : nil
    }

    /// Request `id` was abandoned or failed at `time`: it leaves the meter; what it received stays in the window.
    public mutating func cancel(_ id: Int, at time: Double) {
        advance(to: time)
        open[id] = nil
        if open.isEmpty, bytes == 0 { windowStart = nil; busy = 0 }
    }

    @discardableResult
    private mutating func advance(to time: Double) -> Double {
        let t = max(time, last)
        if !open.isEmpty, last.isFinite { busy += t - last }
        last = t
        return t
    }

    /// Throughput of finished requests measured offline over the union of their intervals: total bits over the
    /// length of `⋃ [start, end]` (0 for none). Per-request figures under-read when requests overlap; this does not.
    public static func unionThroughput(_ samples: [ThroughputSample]) -> Double {
        let intervals = samples.map { ($0.start, $0.end) }.filter { $0.1 > $0.0 }.sorted { $0.0 < $1.0 }
        var covered = 0.0
        var current: (Double, Double)?
        for interval in intervals {
            if let c = current, interval.0 <= c.1 {
                current = (c.0, max(c.1, interval.1))
            } else {
                if let c = current { covered += c.1 - c.0 }
                current = interval
            }
        }
        if let c = current { covered += c.1 - c.0 }
        let bits = Double(samples.reduce(0) { $0 + $1.bytes }) * 8
        return covered > 0 ? bits / covered : 0
    }
}
