/// A network's bandwidth over time for the ABR simulator: constant steps, held or looped past the end.
///
/// ```swift
/// let trace = BandwidthTrace(name: "step down", steps: [.init(seconds: 60, bitsPerSecond: 5e6),
///                                                       .init(seconds: 60, bitsPerSecond: 1e6)])
/// trace.finish(bytes: 1_000_000, from: 59)   // 1 s at 5 Mbit/s, then 3 s at 1 Mbit/s: 63.0
/// ```
public struct BandwidthTrace: Equatable, Sendable {
    /// One step: `bitsPerSecond` for `seconds`.
    public struct Step: Equatable, Sendable {
        /// How long the step lasts.
        public var seconds: Double
        /// The bandwidth during it.
        public var bitsPerSecond: Double

        /// A step.
        public init(seconds: Double, bitsPerSecond: Double) {
            self.seconds = seconds
            self.bitsPerSecond = bitsPerSecond
        }
    }

    /// The trace's label in tables.
    public var name: String
    /// The steps, from time 0.
    public private(set) var steps: [Step]
    /// Whether the trace starts again after its last step (else the last step lasts forever).
    public var loops: Bool
    /// Where the trace comes from, for tables (e.g. "synthetic: …").
    public var note: String
    private let starts: [Double]
    /// Total length of the steps, seconds.
    public let length: Double

    /// A trace; steps of zero or negative length are dropped, negative rates count as 0.
    public init(name: String, steps: [Step], loops: Bool = false, note: String = "") {
        self.name = name
        self.steps = steps.filter { $0.seconds > 0 }.map { Step(seconds: $0.seconds, bitsPerSecond: max(0, $0.bitsPerSecond)) }
        self.loops = loops
        self.note = note
        var t = 0.0
        var starts: [Double] = []
        for step in self.steps {
            starts.append(t)
            t += step.seconds
        }
        self.starts = starts
        length = t
    }

    /// The bandwidth at `time` (bits per second).
    public func bandwidth(at time: Double) -> Double {
        guard !steps.isEmpty else { return 0 }
        let (index, _) = locate(time)
        return steps[index].bitsPerSecond
    }

    /// Step index at `time` and the time at which that step ends.
    private func locate(_ time: Double) -> (Int, Double) {
        let now = max(0, time)
        var t = now
        var base = 0.0
        if t >= length {
            if loops && length > 0 {
                let passes = (t / length).rounded(.down)
                base = passes * length
                t -= base
            } else {
                return (steps.count - 1, .infinity)
            }
        }
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= t { low = mid } else { high = mid - 1 }
        }
        // With fractional steps, `time − base` can round to just under a boundary that `time` has reached: the
        // step found would end at `time` itself, and a transfer would make no progress. Move on to the next step.
        var index = low
        var end = base + starts[index] + steps[index].seconds
        var moves = 0
        while end <= now {
            // At times so large that a step's length no longer changes them, end at the next representable instant.
            moves += 1
            if moves > steps.count { return (index, now.nextUp) }
            index += 1
            if index == steps.count {
                guard loops else { return (steps.count - 1, .infinity) }
                index = 0
                base += length
            }
            end = base + starts[index] + steps[index].seconds
        }
        return (index, end)
    }

    /// When a transfer of `bytes` starting at `start` ends (∞ if the bandwidth stays 0 forever).
    public func finish(bytes: Int, from start: Double) -> Double {
        var remaining = Double(max(0, bytes)) * 8
        var t = max(0, start)
        var guardSteps = 0
        while remaining > 0 {
            guard !steps.isEmpty, guardSteps < 10_000_000 else { return .infinity }
            guardSteps += 1
            let (index, end) = locate(t)
            let rate = steps[index].bitsPerSecond
            if end == .infinity {
                return rate > 0 ? t + remaining / rate : .infinity
            }
            let capacity = rate * (end - t)
            if capacity >= remaining {
                return t + remaining / rate
            }
            remaining -= capacity
            t = end
        }
        return t
    }

    /// Bytes a transfer starting at `start` has received by `time`.
    public func bytes(from start: Double, to time: Double) -> Int {
        var bits = 0.0
        var t = max(0, start)
        while t < time, !steps.isEmpty {
            let (index, end) = locate(t)
            let until = min(end, time)
            bits += steps[index].bitsPerSecond * (until - t)
            t = until
        }
        return Int(bits / 8)
    }

    /// Mean bandwidth over the first `seconds` (bits per second).
    public func mean(over seconds: Double) -> Double {
        seconds > 0 ? Double(bytes(from: 0, to: seconds)) * 8 / seconds : 0
    }
}
