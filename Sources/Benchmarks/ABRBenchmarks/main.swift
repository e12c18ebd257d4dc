// ABRBenchmarks: the ABR rules on every trace of VideoCore's TraceLibrary against the offline optimum.
// `swift run -c release ABRBenchmarks [SECONDS]` prints the markdown table of BENCHMARKS.md's "Adaptive bitrate"
// section (default 300 s of trace per row: 75 segments of 4 s on SimulatedStream.standard()), then the same rules
// on TraceLibrary.heldOut(), traces no rule was tuned on, as shares of each trace's offline optimum, and a
// clairvoyant check (RobustMPC told the next 20 or 60 s of the trace) bounding what better prediction could add.
// `ABRBenchmarks 300 --traces DIR [--each] [--explain FILE]` instead runs the rules on every recorded trace in DIR
// (BandwidthTrace.recorded: Pensieve's two-column format) and prints each rule's share of each trace's optimum:
// mean, median, 10th percentile, worst, how many reach 90 %, and the stalls the optimum avoided; `--each` adds a
// line per trace, `--explain FILE` every decision on that trace.
import Foundation
import VideoCore

let arguments = CommandLine.arguments.dropFirst()
let seconds = arguments.first.flatMap(Double.init) ?? 300
let showChoices = arguments.contains("--choices")
let labels = arguments.firstIndex(of: "--labels").flatMap { i in arguments.dropFirst(i - arguments.startIndex + 1).first.flatMap { Int($0) } } ?? 256
let explain = arguments.firstIndex(of: "--explain").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
let stream = SimulatedStream.standard(segmentCount: Int(seconds / 4))
let ladder = stream.variants.map { String(format: "%.2g", $0.meanBandwidth / 1e6) }.joined(separator: " / ")
/// The rules every table compares, in column order.
let rules: [any ABRRule] = [AdaptiveRule(), PredictiveRule(), HlsJsRule(), BolaRule()]

/// Every decision of `result` on `trace`: the buffer, the variant and the rule's reason (`--explain`).
func printDecisions(_ result: SimulationResult, on trace: String) {
    for (k, d) in result.decisions.enumerated() {
        print(String(format: "  %@ %@ segment %d: buffer %.1f → %d (%@)", trace, result.rule, k, d.buffer, result.choices[k], d.note))
    }
}

if let index = arguments.firstIndex(of: "--traces"), arguments.index(after: index) < arguments.endIndex {
    let folder = URL(fileURLWithPath: arguments[arguments.index(after: index)])
    let files = ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
    var traces: [BandwidthTrace] = []
    for file in files {
        do {
            let text = try String(contentsOf: file, encoding: .utf8)
            traces.append(try BandwidthTrace.recorded(text, name: file.lastPathComponent))
        } catch {
            print("  skipped \(file.lastPathComponent): \(error)")
        }
    }
    var shares: [String: [Double]] = [:]
    var needless: [String: Int] = [:]
    var groups: [String: [String: [Double]]] = [:]
    for trace in traces {
        let model = PlaybackModel(stream: stream, trace: trace)
        let simulator = ABRSimulator(model: model)
        let optimum = OfflineOptimum(model: model, maxLabels: labels).solve()
        guard optimum.qoe > 0 else {
            // A link too slow for the lowest variant: no share of a QoE at or under 0 means anything, so show the
            // QoE and the stall seconds side by side instead.
            let results = rules.map { simulator.run($0) }
            print(String(format: "  not in the shares, %@: QoE (stall s) optimum %.3f (%.1f), ", trace.name, optimum.qoe,
                         optimum.rebufferSeconds)
                  + results.map { String(format: "%@ %.3f (%.1f)", $0.rule, $0.qoe, $0.rebufferSeconds) }.joined(separator: ", "))
            continue
        }
        // The kind of trace: the name up to its first all-digit part (`norway_bus_1` → `norway_bus`).
        let parts = trace.name.split(separator: "_")
        let group = parts.prefix { !$0.allSatisfy(\.isNumber) }.joined(separator: "_")
        var cells: [String] = []
        if let explain, trace.name == explain { print("  optimum: " + optimum.choices.map(String.init).joined()) }
        for rule in rules {
            let result = simulator.run(rule)
            let share = 100 * result.qoe / optimum.qoe
            if let explain, trace.name == explain { printDecisions(result, on: trace.name) }
            shares[rule.name, default: []].append(share)
            groups[group, default: [:]][rule.name, default: []].append(share)
            if result.rebufferSeconds > 0 && optimum.rebufferSeconds == 0 { needless[rule.name, default: 0] += 1 }
            cells.append(result.rebufferSeconds > 0 ? String(format: "%.0f(%.1f)", share, result.rebufferSeconds)
                                                    : String(format: "%.0f", share))
        }
        if arguments.contains("--each") {
            print(trace.name + " " + cells.joined(separator: " ")
                  + String(format: " optimum %.3f (%.1f) mean %.2f Mbit/s", optimum.qoe, optimum.rebufferSeconds,
                           trace.mean(over: trace.length) / 1e6))
        }
    }
    func describe(_ list: [Double]) -> String {
        let sorted = list.sorted()
        guard !sorted.isEmpty else { return "none" }
        let mean = sorted.reduce(0, +) / Double(sorted.count)
        return String(format: "mean %.0f %%, median %.0f %%, 10th pct %.0f %%, worst %.0f %%, ≥ 90 %% on %d", mean,
                      sorted[sorted.count / 2], sorted[sorted.count / 10], sorted[0], sorted.filter { $0 >= 90 }.count)
    }
    print("Recorded traces: \(shares.values.first?.count ?? 0) of \(files.count) files in \(folder.lastPathComponent); "
          + "% of each trace's offline optimum")
    for rule in rules {
        print("  \(rule.name): " + describe(shares[rule.name] ?? []) + ", needless stalls on \(needless[rule.name] ?? 0)")
    }
    for (group, byRule) in groups.sorted(by: { $0.key < $1.key }) {
        print("  \(group) (\(byRule.values.first?.count ?? 0)): " + rules.map { rule in
            let list = byRule[rule.name] ?? []
            return String(format: "%@ %.0f %%", rule.name, list.reduce(0, +) / Double(max(1, list.count)))
        }.joined(separator: ", "))
    }
    exit(0)
}

print("Ladder: \(ladder) Mbit/s (mean; peak = largest segment), \(Int(stream.segmentDuration)) s segments, "
      + "\(stream.segmentCount) segments; player: one download at a time, 30 s buffer, abandonment checked every 100 ms. "
      + "QoE_lin per segment (Yin et al. 2015; Pensieve's weights: λ = 1, μ = μs = \(String(format: "%.1f", QoEModel.linear(for: stream).rebufferPenalty))).")
print("")
print("| trace | rule | mean Mbit/s | rebuffer s (events) | switches | start s | abandoned | QoE | % of optimum |")
print("|---|---|---|---|---|---|---|---|---|")
var worst: [String: Double] = [:]
for trace in TraceLibrary.all(seconds: seconds) {
    let model = PlaybackModel(stream: stream, trace: trace)
    let simulator = ABRSimulator(model: model)
    let (optimum, capped) = OfflineOptimum(model: model, maxLabels: labels).solveReportingCap()
    let results = rules.map { simulator.run($0) } + [optimum]
    for result in results {
        let share = optimum.qoe != 0 ? 100 * result.qoe / optimum.qoe : 0
        if result.rule != optimum.rule { worst[result.rule] = min(worst[result.rule] ?? .infinity, share) }
        let name = result.rule == optimum.rule && capped ? "\(result.rule) (front capped)" : result.rule
        if let explain, trace.name.hasPrefix(explain) { printDecisions(result, on: trace.name) }
        if showChoices {
            print("<!-- \(trace.name) \(result.rule): \(result.choices.map(String.init).joined()) -->")
        }
        print(String(format: "| %@ | %@ | %.2f | %.1f (%d) | %d | %.1f | %d | %.3f | %.0f %% |",
                     trace.name, name, result.meanBitrate, result.rebufferSeconds, result.rebufferEvents,
                     result.switches, result.startupSeconds, result.abandoned, result.qoe, share))
    }
}
print("")
print("Traces: " + TraceLibrary.all(seconds: seconds).map { "\($0.name): \($0.note)" }.joined(separator: "; ") + ".")
print("Worst share of the optimum: " + worst.sorted { $0.key < $1.key }
    .map { String(format: "%@ %.0f %%", $0.key, $0.value) }.joined(separator: ", ") + ".")

// Held-out traces: share of the optimum's QoE, and stall seconds where the optimum had none.
let heldOut = TraceLibrary.heldOut(seconds: seconds)
print("")
print("Held-out traces (no rule was tuned on them): % of the offline optimum's QoE; stall seconds in brackets.")
print("")
print("| trace | " + rules.map(\.name).joined(separator: " | ") + " | optimum QoE (stall s) |")
print("|---|" + String(repeating: "---:|", count: rules.count + 1))
var shares: [String: [Double]] = [:]
var needless: [String: Int] = [:]
for trace in heldOut {
    let model = PlaybackModel(stream: stream, trace: trace)
    let simulator = ABRSimulator(model: model)
    let optimum = OfflineOptimum(model: model, maxLabels: labels).solve()
    var cells: [String] = []
    for rule in rules {
        let result = simulator.run(rule)
        let share = optimum.qoe != 0 ? 100 * result.qoe / optimum.qoe : 0
        shares[rule.name, default: []].append(share)
        if result.rebufferSeconds > 0 && optimum.rebufferSeconds == 0 { needless[rule.name, default: 0] += 1 }
        cells.append(result.rebufferSeconds > 0 ? String(format: "%.0f %% (%.1f)", share, result.rebufferSeconds)
                                                : String(format: "%.0f %%", share))
    }
    print("| \(trace.name) | " + cells.joined(separator: " | ")
          + String(format: " | %.3f (%.1f) |", optimum.qoe, optimum.rebufferSeconds))
}
print("")
print("Held out, per rule: " + rules.map { rule in
    let list = shares[rule.name] ?? []
    let mean = list.isEmpty ? 0 : list.reduce(0, +) / Double(list.count)
    return String(format: "%@ mean %.0f %%, worst %.0f %%, stalls the optimum avoided on %d of %d", rule.name, mean,
                  list.min() ?? 0, needless[rule.name] ?? 0, heldOut.count)
}.joined(separator: "; ") + ".")

// How much a better prediction could buy: RobustMPC's search told the true mean bandwidth of the next `window`
// seconds (read from the trace: no online rule can have it), with a horizon covering that window.
/// RobustMPC fed the future instead of the past: a bound on what prediction alone can add, not a rule.
struct ClairvoyantMPC: ABRRule {
    let name = "MPC, next seconds known"
    /// hls.js's margins, which abandon least: the bound is on what prediction buys, not on abandonment.
    var abandonMargins: AbandonRule.Margins { .hlsJs }
    let trace: BandwidthTrace
    let window: Double
    var inner: PredictiveRule

    mutating func choose(_ context: ABRContext) -> Int? {
        var known = context
        known.recentThroughputs = [Double(trace.bytes(from: context.now, to: context.now + window)) * 8 / window]
        return inner.choose(known)
    }
}

print("")
print("Clairvoyant check (not a rule): % of the optimum for RobustMPC told the true mean bandwidth of the next 20 s")
print("(horizon 5 segments) or 60 s (horizon 15, at most two switches); stall seconds in brackets.")
print("")
print("| trace | next 20 s known | next 60 s known |")
print("|---|---:|---:|")
for trace in TraceLibrary.all(seconds: seconds) + heldOut {
    let model = PlaybackModel(stream: stream, trace: trace)
    let optimum = OfflineOptimum(model: model, maxLabels: labels).solve()
    var cells: [String] = []
    for (window, horizon, switches) in [(20.0, 5, Int?.none), (60.0, 15, Int?(2))] {
        var configuration = PredictiveRule.Configuration()
        configuration.horizon = horizon
        configuration.maxSwitches = switches
        configuration.maxSequences = 50_000
        let result = ABRSimulator(model: model).run(ClairvoyantMPC(trace: trace, window: window,
                                                                   inner: PredictiveRule(configuration: configuration)))
        let share = optimum.qoe != 0 ? 100 * result.qoe / optimum.qoe : 0
        cells.append(result.rebufferSeconds > 0 ? String(format: "%.0f %% (%.2f)", share, result.rebufferSeconds)
                                                : String(format: "%.0f %%", share))
    }
    print("| \(trace.name) | " + cells.joined(separator: " | ") + " |")
}
