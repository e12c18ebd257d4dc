/// The player the simulator and the offline optimum share: segments downloaded one at a time, in order, as soon
/// as the buffer has room for one more (`maxBuffer`, hls.js `maxBufferLength` 30 s); playback starts when the
/// first segment has arrived and stalls whenever the buffer is empty; a stall ends when the next segment arrives.
public struct PlaybackModel: Equatable, Sendable {
    /// The stream.
    public var stream: SimulatedStream
    /// The network.
    public var trace: BandwidthTrace
    /// Largest buffer, seconds (hls.js `maxBufferLength` = 30).
    public var maxBuffer: Double
    /// The QoE weights.
    public var qoe: QoEModel

    /// A model; `qoe` defaults to ``QoEModel/linear(for:)``.
    public init(stream: SimulatedStream, trace: BandwidthTrace, maxBuffer: Double = 30, qoe: QoEModel? = nil) {
        self.stream = stream
        self.trace = trace
        self.maxBuffer = maxBuffer
        self.qoe = qoe ?? .linear(for: stream)
    }

    /// A fixed sequence of choices played through the model.
    public func play(_ choices: [Int], rule: String = "fixed") -> SimulationResult {
        var clock = PlaybackClock(segmentDuration: stream.segmentDuration, maxBuffer: maxBuffer)
        for (k, v) in choices.enumerated() {
            let start = clock.nextStart()
            clock.arrive(at: trace.finish(bytes: stream.sizes[v][k], from: start))
        }
        return result(rule: rule, choices: choices, clock: clock, abandoned: 0)
    }

    /// The result of `choices` played with `clock`'s stalls and start-up.
    func result(rule: String, choices: [Int], clock: PlaybackClock, abandoned: Int) -> SimulationResult {
        let qualities = choices.map { qoe.quality(stream.variants[$0]) }
        let switches = zip(choices, choices.dropFirst()).filter { $0 != $1 }.count
        let mean = qualities.isEmpty ? 0 : qualities.reduce(0, +) / Double(qualities.count)
        return SimulationResult(
            rule: rule, trace: trace.name, choices: choices, meanBitrate: mean, rebufferSeconds: clock.rebuffer,
            rebufferEvents: clock.rebufferEvents, startupSeconds: clock.startup ?? 0, switches: switches,
            abandoned: abandoned,
            qoe: qoe.score(qualities: qualities, rebuffer: clock.rebuffer, startup: clock.startup ?? 0))
    }
}

/// Time, buffer and stalls of ``PlaybackModel``'s player, advanced one arrival at a time.
struct PlaybackClock: Equatable, Sendable {
    let segmentDuration: Double
    let maxBuffer: Double
    /// Wall time of the last event.
    private(set) var now = 0.0
    /// Wall time at which the buffer runs dry (meaningful once playing).
    private(set) var deadline = 0.0
    /// When playback started (the first arrival).
    private(set) var startup: Double?
    private(set) var rebuffer = 0.0
    private(set) var rebufferEvents = 0

    init(segmentDuration: Double, maxBuffer: Double) {
        self.segmentDuration = segmentDuration
        self.maxBuffer = maxBuffer
    }

    /// Seconds of media buffered at `time` (≥ `now`).
    func buffer(at time: Double) -> Double {
        guard startup != nil else { return 0 }
        return max(0, deadline - time)
    }

    /// When the next download may start: now, or later once the buffer has room for one more segment.
    mutating func nextStart() -> Double {
        if startup != nil {
            now = max(now, deadline + segmentDuration - maxBuffer)
        }
        return now
    }

    /// Time passes to `time` with nothing arriving (an abandoned download).
    mutating func pass(to time: Double) {
        now = max(now, time)
    }

    /// A segment arrives at `time`.
    mutating func arrive(at time: Double) {
        now = max(now, time)
        if startup == nil {
            startup = now
            deadline = now + segmentDuration
            return
        }
        if now > deadline {
            rebuffer += now - deadline
            rebufferEvents += 1
            deadline = now
        }
        deadline += segmentDuration
    }
}
