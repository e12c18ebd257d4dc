import Foundation

/// The bandwidth traces the ABR is judged on (``ABRSimulator``): five shapes and one synthetic mobile trace.
/// Rates are chosen around ``SimulatedStream/standard``'s ladder (0.3 … 4.5 Mbit/s).
public enum TraceLibrary {
    /// Every trace, in table order.
    public static func all(seconds: Double = 300) -> [BandwidthTrace] {
        [steady(seconds: seconds), stepDown(seconds: seconds), stepUp(seconds: seconds), dip(seconds: seconds),
         sawtooth(seconds: seconds), mobile(seconds: seconds)]
    }

    /// Traces kept out of every tuning of the rules, to check that what the table shows carries over: the synthetic
    /// mobile chain with seeds 1 … 8, ramps of other periods and ranges, and two other steady rates.
    public static func heldOut(seconds: Double = 300) -> [BandwidthTrace] {
        let mobiles = (1 ... 8).map { (seed: UInt64) -> BandwidthTrace in
            var trace = mobile(seconds: seconds, seed: seed)
            trace.name = "3G/4G seed \(seed)"
            return trace
        }
        let ramps = [20.0, 30, 60].map { ramp(period: $0, from: 0.4e6, to: 4.4e6) }
        let steadies = [1.2e6, 4e6].map { rate in
            BandwidthTrace(name: String(format: "steady %.1f", rate / 1e6),
                           steps: [.init(seconds: seconds, bitsPerSecond: rate)], note: String(format: "%.1f Mbit/s", rate / 1e6))
        }
        return mobiles + ramps + steadies
    }

    /// A ramp from `low` to `high` bits per second in 1 s steps over `period` seconds, then back to `low`, looped.
    public static func ramp(period: Double, from low: Double, to high: Double) -> BandwidthTrace {
        let count = max(2, Int(period))
        let steps = (0 ..< count).map { BandwidthTrace.Step(seconds: 1, bitsPerSecond: low + (high - low) * Double($0) / Double(count - 1)) }
        return BandwidthTrace(name: "ramp \(count) s", steps: steps, loops: true,
                              note: String(format: "%.1f → %.1f Mbit/s ramps, %d s period", low / 1e6, high / 1e6, count))
    }

    /// 2.5 Mbit/s throughout.
    public static func steady(seconds: Double = 300) -> BandwidthTrace {
        BandwidthTrace(name: "steady", steps: [.init(seconds: seconds, bitsPerSecond: 2.5e6)], note: "2.5 Mbit/s")
    }

    /// 5 Mbit/s, then 1 Mbit/s from a third of the way.
    public static func stepDown(seconds: Double = 300) -> BandwidthTrace {
        BandwidthTrace(name: "step down", steps: [.init(seconds: seconds / 3, bitsPerSecond: 5e6),
                                                  .init(seconds: seconds * 2 / 3, bitsPerSecond: 1e6)],
                       note: "5 → 1 Mbit/s")
    }

    /// 1 Mbit/s, then 5 Mbit/s from a third of the way.
    public static func stepUp(seconds: Double = 300) -> BandwidthTrace {
        BandwidthTrace(name: "step up", steps: [.init(seconds: seconds / 3, bitsPerSecond: 1e6),
                                                .init(seconds: seconds * 2 / 3, bitsPerSecond: 5e6)],
                       note: "1 → 5 Mbit/s")
    }

    /// 4 Mbit/s with a 20 s dip to 0.4 Mbit/s a third of the way.
    public static func dip(seconds: Double = 300) -> BandwidthTrace {
        BandwidthTrace(name: "dip", steps: [.init(seconds: seconds / 3, bitsPerSecond: 4e6),
                                            .init(seconds: 20, bitsPerSecond: 0.4e6),
                                            .init(seconds: seconds * 2 / 3 - 20, bitsPerSecond: 4e6)],
                       note: "4 Mbit/s, 20 s at 0.4")
    }

    /// A 40 s sawtooth from 0.5 to 5 Mbit/s in 1 s steps, then back to 0.5.
    public static func sawtooth(seconds: Double = 300) -> BandwidthTrace {
        let steps = (0 ..< 40).map { BandwidthTrace.Step(seconds: 1, bitsPerSecond: 0.5e6 + 4.5e6 * Double($0) / 39) }
        return BandwidthTrace(name: "sawtooth", steps: steps, loops: true, note: "0.5 → 5 Mbit/s ramps, 40 s period")
    }

    /// **Synthetic** 3G/4G-like trace (not a recording): a Markov chain over three radio conditions — 4G around
    /// 6 Mbit/s, 3G around 1.2 Mbit/s, a weak cell around 0.3 Mbit/s — held for a random time with the given mean
    /// (8, 10, 5 s; exponential), moving to 4G/3G/weak with probabilities that favour the neighbouring state, and
    /// 1 s steps multiplied by a log-normal jitter (σ = 0.3). Fixed seed, so every run gets the same trace. It
    /// imitates the shape of published mobile traces (long stretches at one level, sudden drops to near nothing,
    /// fast jitter) without claiming their statistics.
    public static func mobile(seconds: Double = 300, seed: UInt64 = 2024) -> BandwidthTrace {
        var random = SeededRandom(seed: seed)
        let levels = [6.0e6, 1.2e6, 0.3e6]
        let meanHold = [8.0, 10.0, 5.0]
        // Row: from state; columns: to 4G, 3G, weak.
        let moves = [[0.0, 0.8, 0.2], [0.6, 0.0, 0.4], [0.3, 0.7, 0.0]]
        var state = 1
        var steps: [BandwidthTrace.Step] = []
        var t = 0.0
        while t < seconds {
            let hold = max(1, (-meanHold[state] * log(1 - random.unit())).rounded())
            for _ in 0 ..< Int(hold) where t < seconds {
                // Box–Muller for a standard normal.
                let u1 = max(random.unit(), 1e-12)
                let u2 = random.unit()
                let normal = (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
                steps.append(.init(seconds: 1, bitsPerSecond: levels[state] * exp(0.3 * normal)))
                t += 1
            }
            let r = random.unit()
            let row = moves[state]
            state = r < row[0] ? 0 : (r < row[0] + row[1] ? 1 : 2)
        }
        return BandwidthTrace(name: "3G/4G (synthetic)", steps: steps, loops: true,
                              note: "synthetic Markov chain 6 / 1.2 / 0.3 Mbit/s, log-normal jitter, seed \(seed)")
    }
}
