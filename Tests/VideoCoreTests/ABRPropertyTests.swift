import Testing
import TestSupport
import VideoCore

/// Random contexts (seeded: a failure names its seed and can be replayed) against the rules' promises.
@Suite("ABR properties")
struct ABRPropertyTests {
    static func randomContext(_ rng: inout SplitMix64) -> ABRContext {
        let count = Int.random(in: 1 ... 6, using: &rng)
        var variants: [ABRVariant] = []
        var rate = Double.random(in: 100_000 ... 500_000, using: &rng)
        for id in 0 ..< count {
            let height = 180 * (id + 1)
            variants.append(ABRVariant(id: id, bandwidth: rate * 1.2, averageBandwidth: Bool.random(using: &rng) ? rate : nil,
                                       width: height * 16 / 9, height: height,
                                       isDecodable: Double.random(in: 0 ..< 1, using: &rng) > 0.25))
            rate *= Double.random(in: 1.3 ... 2.5, using: &rng)
        }
        variants.shuffle(using: &rng)
        let current = Bool.random(using: &rng) ? variants.randomElement(using: &rng)?.id : nil
        let buffer = [0, 0, Double.random(in: 0 ... 40, using: &rng)].randomElement(using: &rng) ?? 0
        var sizes: [Int: Int] = [:]
        for v in variants where Bool.random(using: &rng) { sizes[v.id] = Int(v.meanBandwidth * 4 / 8 * Double.random(in: 0.5 ... 1.5, using: &rng)) }
        let caps = ABRCaps(maxBandwidth: Bool.random(using: &rng) ? Double.random(in: 100_000 ... 5_000_000, using: &rng) : nil,
                           maxWidth: Bool.random(using: &rng) ? Int.random(in: 100 ... 2000, using: &rng) : nil,
                           maxHeight: Int.random(in: 100 ... 1200, using: &rng))
        let excluded = Set(variants.filter { _ in Double.random(in: 0 ..< 1, using: &rng) < 0.15 }.map(\.id))
        return ABRContext(variants: variants, current: current, bufferSeconds: buffer,
                          segmentDuration: [1, 2, 4, 6].randomElement(using: &rng) ?? 4,
                          estimate: Double.random(in: 10_000 ... 20_000_000, using: &rng),
                          fastEstimate: Double.random(in: 10_000 ... 20_000_000, using: &rng),
                          hasMeasurement: Double.random(in: 0 ..< 1, using: &rng) > 0.1, nextSegmentBytes: sizes,
                          pendingBits: Bool.random(using: &rng) ? Double.random(in: 0 ... 5e6, using: &rng) : 0,
                          availableSeconds: Bool.random(using: &rng) ? Double.random(in: 0 ... 100, using: &rng) : nil,
                          isLive: Double.random(in: 0 ..< 1, using: &rng) < 0.2, caps: caps, excluded: excluded)
    }

    static func rules() -> [any ABRRule] { [AdaptiveRule(), HlsJsRule(), BolaRule()] }

    @Test("never a variant that cannot be decoded; always a candidate; nil only when nothing is decodable",
          arguments: [UInt64(1), 2, 3])
    func alwaysACandidate(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for iteration in 0 ..< 3000 {
            let context = Self.randomContext(&rng)
            let candidates = ABRLadder.candidates(context).map(\.id)
            for var rule in Self.rules() {
                // Warm the rule's state with a few decisions first.
                for _ in 0 ..< Int.random(in: 0 ... 3, using: &rng) { _ = rule.choose(Self.randomContext(&rng)) }
                let choice = rule.choose(context)
                if candidates.isEmpty {
                    #expect(choice == nil, "seed \(seed) #\(iteration) \(rule.name)")
                } else {
                    #expect(choice.map(candidates.contains) == true, "seed \(seed) #\(iteration) \(rule.name): \(String(describing: choice)) ∉ \(candidates)")
                    #expect(context.variant(choice)?.isDecodable == true)
                }
            }
        }
    }

    @Test("the adaptive rule never steps up with an empty buffer", arguments: [UInt64(11), 12, 13])
    func neverUpWhenEmpty(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for iteration in 0 ..< 5000 {
            var context = Self.randomContext(&rng)
            context.bufferSeconds = 0
            guard let current = context.variant(context.current) else { continue }
            var rule = AdaptiveRule()
            for _ in 0 ..< Int.random(in: 0 ... 3, using: &rng) { _ = rule.choose(Self.randomContext(&rng)) }
            guard let choice = context.variant(rule.choose(context)) else { continue }
            let candidates = ABRLadder.candidates(context)
            if candidates.contains(current) {
                #expect(choice.bandwidth <= current.bandwidth, "seed \(seed) #\(iteration): \(current) → \(choice)")
            } else if let floor = candidates.first, floor.bandwidth <= current.bandwidth {
                #expect(choice.bandwidth <= current.bandwidth, "seed \(seed) #\(iteration): a lower candidate existed")
            }
        }
    }

    @Test("the rules respect the bandwidth cap whenever any candidate is under it", arguments: [UInt64(21), 22])
    func respectCap(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for iteration in 0 ..< 3000 {
            let context = Self.randomContext(&rng)
            guard let cap = context.caps.maxBandwidth,
                  context.variants.contains(where: { $0.isDecodable && $0.bandwidth <= cap && !context.excluded.contains($0.id) })
            else { continue }
            for var rule in Self.rules() {
                guard let choice = context.variant(rule.choose(context)) else { continue }
                #expect(choice.bandwidth <= cap, "seed \(seed) #\(iteration) \(rule.name)")
            }
        }
    }
}
