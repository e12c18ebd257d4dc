/// The best any rule could do on a trace known in advance: the sequence of variants that maximises the QoE
/// (``QoEModel``) under ``PlaybackModel``'s player, found by dynamic programming over the segments.
///
/// After segment k with variant v the future depends only on the time t it arrived, the time d at which the
/// buffer will run dry, and v (for the switch penalty). A state (t, d, score) **dominates** another of the same
/// (k, v) when it arrived no later, runs dry no sooner and scored no less: from it the player can do anything the
/// other can, no later (downloads end no later when they start no later, and a full buffer only delays a start
/// until the other's buffer would be as full). So each (k, v) keeps only its non-dominated states — a Pareto front
/// — and extends each with every variant for k + 1. The front is capped at ``maxLabels`` states per (k, v), the
/// highest scores kept; ``wasCapped`` says whether that ever cut one (then the answer is a lower bound of the
/// optimum). Tests compare it with brute force over every sequence on small cases.
public struct OfflineOptimum: Sendable {
    /// The player, stream and trace.
    public var model: PlaybackModel
    /// Most states kept per (segment, variant).
    public var maxLabels: Int
    /// Time grid, seconds, on which states are compared (arrival rounded up, dry time down: pessimistic).
    public var resolution: Double

    /// An optimiser.
    public init(model: PlaybackModel, maxLabels: Int = 1024, resolution: Double = 0.05) {
        self.model = model
        self.maxLabels = maxLabels
        self.resolution = resolution
    }

    private struct Label {
        var arrived: Double
        var dry: Double
        var score: Double
        var parent: Int   // index into all labels, -1 for none
        var variant: Int
    }

    /// The optimal sequence played through the model, named `offline optimum`, and whether a front was capped.
    public func solveReportingCap() -> (result: SimulationResult, wasCapped: Bool) {
        let stream = model.stream
        let trace = model.trace
        let qoe = model.qoe
        let count = stream.segmentCount
        let variants = stream.variants.count
        guard count > 0, variants > 0 else { return (model.play([], rule: "offline optimum"), false) }
        let duration = stream.segmentDuration
        var all: [Label] = []
        var capped = false
        var front: [[Int]] = Array(repeating: [], count: variants)   // label indices per variant
        for v in 0 ..< variants {
            let arrival = trace.finish(bytes: stream.sizes[v][0], from: 0)
            guard arrival.isFinite else { continue }
            all.append(Label(arrived: arrival, dry: arrival + duration,
                             score: qoe.quality(stream.variants[v]) - qoe.startupPenalty * arrival, parent: -1, variant: v))
            front[v] = [all.count - 1]
        }
        for k in 1 ..< max(1, count) where k < count {
            var next: [[Label]] = Array(repeating: [], count: variants)
            for previous in 0 ..< variants {
                for index in front[previous] {
                    let label = all[index]
                    let start = max(label.arrived, label.dry + duration - model.maxBuffer)
                    for v in 0 ..< variants {
                        let arrival = trace.finish(bytes: stream.sizes[v][k], from: start)
                        guard arrival.isFinite else { continue }
                        let stall = max(0, arrival - label.dry)
                        let q = qoe.quality(stream.variants[v])
                        let score = label.score + q - qoe.switchPenalty * abs(q - qoe.quality(stream.variants[previous]))
                            - qoe.rebufferPenalty * stall
                        next[v].append(Label(arrived: arrival, dry: max(arrival, label.dry) + duration, score: score,
                                             parent: index, variant: v))
                    }
                }
            }
            for v in 0 ..< variants {
                var kept = paretoFront(next[v])
                if kept.count > maxLabels {
                    capped = true
                    kept.sort { $0.score > $1.score }
                    kept.removeLast(kept.count - maxLabels)
                }
                front[v] = kept.map { label in
                    all.append(label)
                    return all.count - 1
                }
            }
        }
        guard let best = front.flatMap({ $0 }).max(by: { all[$0].score < all[$1].score }) else {
            return (model.play([], rule: "offline optimum"), capped)
        }
        var choices: [Int] = []
        var index = best
        while index >= 0 {
            choices.append(all[index].variant)
            index = all[index].parent
        }
        return (model.play(Array(choices.reversed()), rule: "offline optimum"), capped)
    }

    /// The optimal sequence played through the model (see ``solveReportingCap()``).
    public func solve() -> SimulationResult { solveReportingCap().result }

    /// Whether the last ``solveReportingCap()`` would cut a front; computed by solving again.
    public var wasCapped: Bool { solveReportingCap().wasCapped }

    /// The labels no other label dominates (earlier or equal arrival, later or equal dry time, higher or equal score),
    /// after merging labels whose arrival and dry times fall in the same ``resolution`` cell (the best score kept,
    /// its times rounded towards the worse side so that the merged label promises nothing it cannot keep).
    private func paretoFront(_ labels: [Label]) -> [Label] {
        var cells: [Int64: Label] = [:]
        for var label in labels {
            let arrivedCell = (label.arrived / resolution).rounded(.up)
            let dryCell = (label.dry / resolution).rounded(.down)
            label.arrived = arrivedCell * resolution
            label.dry = dryCell * resolution
            let key = Int64(arrivedCell) &* 1_000_003 &+ Int64(dryCell)
            if let existing = cells[key], existing.score >= label.score { continue }
            cells[key] = label
        }
        let sorted = cells.values.sorted {
            $0.arrived != $1.arrived ? $0.arrived < $1.arrived : ($0.dry != $1.dry ? $0.dry > $1.dry : $0.score > $1.score)
        }
        // Taken in order of arrival, a label is dominated iff an earlier one has dry ≥ and score ≥: a 2-D query
        // on the staircase of the labels kept so far (dry descending, score ascending).
        var kept: [Label] = []
        var stairs: [(dry: Double, score: Double)] = []
        for label in sorted {
            // Last stair with dry ≥ label.dry: its score is the best among all of them.
            var low = 0
            var high = stairs.count
            while low < high {
                let mid = (low + high) / 2
                if stairs[mid].dry >= label.dry { low = mid + 1 } else { high = mid }
            }
            if low > 0 && stairs[low - 1].score >= label.score { continue }
            kept.append(label)
            // Insert at `low`, then drop the stairs after it that it dominates (dry ≤, score ≤).
            var end = low
            while end < stairs.count && stairs[end].score <= label.score { end += 1 }
            stairs.replaceSubrange(low ..< end, with: [(label.dry, label.score)])
        }
        return kept
    }
}
