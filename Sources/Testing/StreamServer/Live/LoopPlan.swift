import MPEGTS

/// The served form of a ``LiveSource``: which source segments one pass plays, their durations, and how the
/// bytes of pass `n` are made from the source's.
struct LoopPlan: Sendable {
    /// Source segments played in one pass.
    let segments: [[UInt8]]
    /// Served duration of each, in seconds.
    let durations: [Double]
    /// Sum of ``durations``.
    let passDuration: Double
    /// `prefix[k]`: sum of the first `k` durations.
    private let prefix: [Double]
    /// Shift for one pass (continuous looping), or `nil` (discontinuity looping).
    let shift: TransportStreamRetimer.Shift?
    /// `EXT-X-TARGETDURATION`: the largest duration rounded to the nearest integer (RFC 8216 §4.3.3.1), at least 1.
    let targetDuration: Int

    init(source: LiveSource, looping: LiveLooping) throws(LiveSourceError) {
        guard !source.segments.isEmpty else { throw .invalidConfiguration("the source has no segments") }
        switch looping {
        case .discontinuity:
            segments = source.segments.map(\.data)
            durations = source.segments.map(\.duration)
            shift = nil
        case .continuousTimestamps:
            let all = source.segments.map(\.data)
            guard all.count >= 2 else {
                throw .cannotRetime(reason: "one segment cannot measure its own length (need two or more)")
            }
            guard all.allSatisfy(TransportStreamDemuxer.isTransportStream) else {
                throw .cannotRetime(reason: "the segments are not MPEG transport streams")
            }
            var starts: [UInt64] = []
            for (index, bytes) in all.enumerated() {
                guard let pts = TransportStreamRetimer.firstPresentationTime(in: bytes) else {
                    throw .cannotRetime(reason: "segment \(index) does not start a time-stamped PES packet")
                }
                starts.append(pts)
            }
            let mask = (UInt64(1) << 33) - 1
            var lengths: [UInt64] = []
            for index in 0 ..< all.count - 1 {
                let ticks = (starts[index + 1] &- starts[index]) & mask
                guard ticks > 0, ticks < 90_000 * 3600 else {
                    throw .cannotRetime(reason: "segments \(index) and \(index + 1) do not follow each other in time")
                }
                lengths.append(ticks)
            }
            segments = Array(all.dropLast())
            durations = lengths.map { Double($0) / 90_000 }
            let passTicks = lengths.reduce(0, +)
            shift = TransportStreamRetimer.Shift(ticks: passTicks,
                                                 continuity: TransportStreamRetimer.payloadPacketCounts(segments.flatMap { $0 }))
        }
        var sums = [0.0]
        for duration in durations { sums.append((sums.last ?? 0) + duration) }
        prefix = sums
        passDuration = sums.last ?? 0
        guard passDuration > 0 else { throw .invalidConfiguration("the source's segments last 0 s in total") }
        targetDuration = max(1, durations.map { Int($0.rounded()) }.max() ?? 1)
    }

    /// Segments per pass.
    var count: Int { segments.count }

    /// The bytes of the `position`-th segment since the stream began (pass `position / count`).
    func bytes(at position: Int) -> [UInt8] {
        let pass = position / count
        var bytes = segments[position % count]
        if let shift, pass > 0 {
            TransportStreamRetimer.apply(shift.repeated(pass), to: &bytes)
        }
        return bytes
    }

    /// Duration of the `position`-th segment.
    func duration(at position: Int) -> Double {
        durations[position % count]
    }

    /// Seconds from the start of segment 0 to the start of segment `position`.
    func start(of position: Int) -> Double {
        let pass = position / count
        return Double(pass) * passDuration + prefix[position % count]
    }

    /// Whether the `position`-th segment begins a pass after the first and so carries `EXT-X-DISCONTINUITY`.
    func startsDiscontinuity(at position: Int) -> Bool {
        shift == nil && position > 0 && position % count == 0
    }
}
