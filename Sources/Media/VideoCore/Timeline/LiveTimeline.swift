/// Start times of a live playlist's segments across reloads, by media sequence number (RFC 8216 §6.3.5): the
/// first segment of the first load starts at 0; a later segment starts where the one before it ended; a
/// playlist that slid past segments never seen continues from the last one known, counting the missing ones at
/// the target duration.
///
/// Memory stays bounded: only the starts of the last ``capacity`` sequence numbers are kept. No input traps:
/// sequence arithmetic saturates (a playlist's numbers are a server's choice; issue 28).
public struct LiveTimeline: Equatable, Sendable {
    private var known: [Int: Double] = [:]   // sequence → start
    private var ends: [Int: Double] = [:]    // sequence → end
    private var order: [Int] = []
    /// How many sequence numbers are remembered.
    public static let capacity = 512

    /// An empty time line.
    public init() {}

    /// Records a playlist snapshot: the first segment's sequence number, every segment's duration, and the target
    /// duration (for segments skipped between snapshots). Returns the start of each segment of the snapshot.
    @discardableResult
    public mutating func update(firstSequence: Int, durations: [Double], targetDuration: Double) -> [Double] {
        guard !durations.isEmpty else { return [] }
        var start: Double
        if let s = known[firstSequence] {
            start = s
        } else if let (sequence, end) = latestEnd(before: firstSequence) {
            start = end + Double(firstSequence.saturatingSubtracting(sequence).saturatingSubtracting(1)) * max(0, targetDuration)
        } else if let (sequence, s) = earliestStart(after: firstSequence) {
            // A snapshot older than what we know (a stale cache): count back.
            start = s - durations.prefix(max(0, min(durations.count, sequence.saturatingSubtracting(firstSequence)))).reduce(0, +)
        } else {
            start = 0
        }
        var starts: [Double] = []
        for (offset, duration) in durations.enumerated() {
            let sequence = firstSequence.saturatingAdding(offset)
            if let s = known[sequence] { start = s }
            starts.append(start)
            remember(sequence, start: start, end: start + max(0, duration))
            start += max(0, duration)
        }
        return starts
    }

    /// The start of `sequence`, if known.
    public func start(of sequence: Int) -> Double? { known[sequence] }

    private mutating func remember(_ sequence: Int, start: Double, end: Double) {
        if known[sequence] == nil { order.append(sequence) }
        known[sequence] = start
        ends[sequence] = end
        while order.count > Self.capacity {
            let old = order.removeFirst()
            known[old] = nil
            ends[old] = nil
        }
    }

    private func latestEnd(before sequence: Int) -> (Int, Double)? {
        ends.filter { $0.key < sequence }.max { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private func earliestStart(after sequence: Int) -> (Int, Double)? {
        known.filter { $0.key > sequence }.min { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
