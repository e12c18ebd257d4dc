import Testing
import VideoCore

@Suite("ABR rules: candidates, the adaptive rule, hls.js-like, BOLA, abandonment, dropped frames")
struct ABRRuleTests {
    typealias L = Ladders

    @Test("candidates: undecodable never, failing ones while others remain, caps by bandwidth and picture size")
    func candidates() {
        var variants = L.four
        variants[3].isDecodable = false
        #expect(ABRLadder.candidates(L.context(buffer: 0, estimate: 1e9, variants: variants)).map(\.id) == [0, 1, 2])
        #expect(ABRLadder.candidates(L.context(buffer: 0, estimate: 1e6, excluded: [0, 2])).map(\.id) == [1, 3])
        #expect(ABRLadder.candidates(L.context(buffer: 0, estimate: 1e6, excluded: [0, 1, 2, 3])).map(\.id) == [0, 1, 2, 3],
                "every variant failing: try them all again rather than nothing")
        #expect(ABRLadder.candidates(L.context(buffer: 0, estimate: 1e6, caps: ABRCaps(maxBandwidth: 1e6))).map(\.id) == [0, 1])
        #expect(ABRLadder.candidates(L.context(buffer: 0, estimate: 1e6, caps: ABRCaps(maxBandwidth: 1))).map(\.id) == [0],
                "a cap below everything still leaves the lowest")
        // 640x360 fills a 640x360 box exactly; 960x540 is the first to fill 800x450.
        #expect(ABRLadder.candidates(L.context(buffer: 0, estimate: 1e6, caps: ABRCaps(maxWidth: 640, maxHeight: 360))).map(\.id) == [0, 1])
        #expect(ABRLadder.candidates(L.context(buffer: 0, estimate: 1e6, caps: ABRCaps(maxWidth: 800, maxHeight: 450))).map(\.id) == [0, 1, 2])
        #expect(ABRLadder.candidates(L.context(buffer: 0, estimate: 1e6, caps: ABRCaps(maxWidth: 4000, maxHeight: 3000))).map(\.id) == [0, 1, 2, 3])
        // A tall, narrow box: the picture is letterboxed by width.
        #expect(ABRLadder.candidates(L.context(buffer: 0, estimate: 1e6, caps: ABRCaps(maxWidth: 416, maxHeight: 2000))).map(\.id) == [0])
        #expect(ABRLadder.candidates(L.context(buffer: 0, estimate: 1e6, caps: ABRCaps(droppedFramesCap: 1))).map(\.id) == [0, 1])
        let none = L.four.map { v -> ABRVariant in var v = v; v.isDecodable = false; return v }
        #expect(ABRLadder.candidates(L.context(buffer: 0, estimate: 1e6, variants: none)).isEmpty)
    }

    @Test("adaptive: the first choice from the default 500 kbit/s estimate")
    func adaptiveStart() {
        var rule = AdaptiveRule()
        #expect(rule.choose(L.context(current: nil, buffer: 0, estimate: 500_000, measured: false)) == 0)
        #expect(rule.lastReason == .start)
        #expect(rule.choose(L.context(current: nil, buffer: 0, estimate: 5_000_000, measured: true)) == 3,
                "a measured 5 Mbit/s: 0.95 × 5 covers the 3.75 Mbit/s peak, fetched in 3.2 s < 4 s")
        #expect(rule.choose(L.context(current: nil, buffer: 0, estimate: 3_000_000, measured: true)) == 2,
                "3 Mbit/s: 3.75 M is not covered; 1.875 M is, in 2.6 s")
    }

    /// One row of ``startChoice``: the estimate, segment duration, bits in flight and liveness, and the id wanted.
    struct StartRow: Sendable, CustomTestStringConvertible {
        var estimate: Double
        var segment: Double = 4
        var pendingBits: Double = 0
        var isLive = false
        var expected: Int?
        var why: String
        var testDescription: String { why }
    }

    @Test("the first choice (AdaptiveRule and PredictiveRule): covered at 0.95, fetched within 4 s, bits in flight first",
          arguments: [
              StartRow(estimate: 500_000, expected: 0, why: "0.95 × 500k covers 375k, not 937.5k"),
              StartRow(estimate: 5e6, expected: 3, why: "4.75M covers 3.75M; 15 Mbit in 3.2 s"),
              StartRow(estimate: 5e6, segment: 8, expected: 2, why: "8 s segments: 30 Mbit take 6.3 s; 1.5M's 15 Mbit 3.2 s"),
              StartRow(estimate: 5e6, segment: 8, isLive: true, expected: 3, why: "live: the fetch budget is not checked"),
              StartRow(estimate: 5e6, pendingBits: 10e6, expected: 2, why: "10 Mbit in flight: 3M's would take 5.3 s, 1.5M's 3.7 s"),
              StartRow(estimate: 300_000, expected: nil, why: "285k covers nothing: nil (callers take the lowest)"),
              StartRow(estimate: 0, expected: nil, why: "no estimate: nil"),
          ])
    func startChoice(_ row: StartRow) {
        var context = L.context(current: nil, buffer: 0, estimate: row.estimate, segment: row.segment, measured: false)
        context.pendingBits = row.pendingBits
        context.isLive = row.isLive
        let ladder = ABRLadder.candidates(context)
        #expect(ABRLadder.startChoice(ladder, context, factor: 0.95, maxFetchSeconds: 4)?.id == row.expected, "\(row.why)")
        var adaptive = AdaptiveRule()
        var predictive = PredictiveRule()
        #expect(adaptive.choose(context) == (row.expected ?? 0), "\(row.why)")
        #expect(predictive.choose(context) == (row.expected ?? 0), "\(row.why)")
    }

    @Test("adaptive: up only when 0.7 × the estimate covers the variant; stay while 0.95 × does")
    func adaptiveFactors() {
        var rule = AdaptiveRule()
        #expect(rule.choose(L.context(current: 1, buffer: 12, estimate: 2_100_000)) == 1, "0.7 × 2.1 M = 1.47 M < 1.5 M")
        #expect(rule.choose(L.context(current: 1, buffer: 12, estimate: 2_200_000)) == 2, "0.7 × 2.2 M = 1.54 M ≥ 1.5 M")
        #expect(rule.lastReason == .throughput)
        #expect(rule.choose(L.context(current: 2, buffer: 12, estimate: 1_600_000)) == 2, "0.95 × 1.6 M = 1.52 M ≥ 1.5 M")
        #expect(rule.choose(L.context(current: 2, buffer: 12, estimate: 1_550_000)) == 1, "0.95 × 1.55 M = 1.47 M < 1.5 M")
    }

    @Test("adaptive: no step up under 10 s of buffer (ExoPlayer), less near the end of what exists; never with none")
    func adaptiveHold() {
        var rule = AdaptiveRule()
        #expect(rule.choose(L.context(current: 1, buffer: 5, estimate: 10e6)) == 1)
        #expect(rule.lastReason == .heldForBuffer)
        #expect(rule.choose(L.context(current: 1, buffer: 5, estimate: 10e6, available: 6)) == 3,
                "6 s left: 0.75 × (6 − 4) = 1.5 s of buffer is enough")
        #expect(rule.choose(L.context(current: 1, buffer: 0, estimate: 100e6, available: 6)) == 1,
                "an empty buffer never steps up")
    }

    @Test("adaptive: a deep buffer (≥ 25 s) does not step down on a throughput dip")
    func adaptiveDeepBuffer() {
        var rule = AdaptiveRule()
        #expect(rule.choose(L.context(current: 3, buffer: 26, estimate: 1e6)) == 3)
        #expect(rule.usingBola)
        var shallow = AdaptiveRule()
        #expect(shallow.choose(L.context(current: 3, buffer: 6, estimate: 1e6)) == 1,
                "6 s of buffer: down to what 0.95 × 1 M sustains (937.5 k peak, 3.9 s per segment)")
    }

    @Test("adaptive: BOLA from 18 s of buffer until under 9 s (dash.js DYNAMIC)")
    func adaptiveBolaHysteresis() {
        var rule = AdaptiveRule()
        _ = rule.choose(L.context(current: 1, buffer: 17.9, estimate: 2e6))
        #expect(!rule.usingBola)
        _ = rule.choose(L.context(current: 1, buffer: 18, estimate: 2e6))
        #expect(rule.usingBola)
        _ = rule.choose(L.context(current: 1, buffer: 9.5, estimate: 2e6))
        #expect(rule.usingBola, "hysteresis: still BOLA above 9 s")
        _ = rule.choose(L.context(current: 1, buffer: 8.9, estimate: 2e6))
        #expect(!rule.usingBola)
    }

    @Test("adaptive: a full buffer buys a variant above the sustainable one until 12 s remain")
    func adaptiveSpending() {
        var rule = AdaptiveRule()
        // 2.5 Mbit/s sustains 1.5 M; 3 M segments (12 Mbit) take 12/2.375 = 5.05 s ≤ 6 s.
        #expect(rule.choose(L.context(current: 2, buffer: 25, estimate: 2.5e6)) == 3)
        #expect(rule.lastReason == .spendingBuffer)
        #expect(rule.choose(L.context(current: 3, buffer: 16, estimate: 2.5e6)) == 3, "still paying from the buffer")
        #expect(rule.choose(L.context(current: 3, buffer: 12.5, estimate: 2.5e6)) == 2,
                "12.5 − 5.05 + 4 < 12: the buffer cannot pay for another")
        #expect(!rule.spending)
        #expect(rule.choose(L.context(current: 2, buffer: 20, estimate: 2.5e6)) == 2, "refill to 24 s before spending again")
    }

    @Test("adaptive: a current variant that left the candidates gives way to the best one not above it")
    func adaptiveCurrentGone() {
        var rule = AdaptiveRule()
        #expect(rule.choose(L.context(current: 3, buffer: 0, estimate: 1e9, excluded: [3])) == 2)
        #expect(rule.lastReason == .currentUnavailable)
        #expect(rule.choose(L.context(current: 3, buffer: 20, estimate: 1e9, caps: ABRCaps(maxBandwidth: 1e6))) == 1)
    }

    @Test("hls.js-like: findBestLevel with 0.95 / 0.7 and the buffer as time budget")
    func hlsJs() {
        var rule = HlsJsRule()
        #expect(rule.choose(L.context(current: nil, buffer: 0, estimate: 500_000, measured: false)) == 0)
        #expect(rule.choose(L.context(current: 1, buffer: 6, estimate: 2.2e6)) == 1,
                "buffer < 2 segments: peak 1.875 M > 0.7 × 2.2 M")
        #expect(rule.choose(L.context(current: 1, buffer: 8, estimate: 2.2e6)) == 2,
                "buffer ≥ 2 segments: average 1.5 M ≤ 1.54 M")
        #expect(rule.choose(L.context(current: 1, buffer: 2, estimate: 10e6)) == 2,
                "hls.js has no buffer hold: two steps up at once, as far as a fetch within the 2 s of buffer allows")
        #expect(rule.choose(L.context(current: 3, buffer: 1, estimate: 100_000)) == 0,
                "nothing fits even with maxStarvationDelay: the lowest, lower than the current")
    }

    @Test("BOLA: lowest near 10 s of buffer, highest near the 18 s target; BOLA-O caps steps up by throughput")
    func bola() {
        var rule = BolaRule()
        #expect(rule.choose(L.context(current: 0, buffer: 5, estimate: 100e6)) == 0)
        #expect(rule.choose(L.context(current: 3, buffer: 30, estimate: 100e6)) == 3)
        #expect(rule.choose(L.context(current: 0, buffer: 30, estimate: 1.5e6)) == 1,
                "buffer says the top, 0.9 × 1.5 M sustains only 937.5 k: BOLA-O stops there")
        var picks: [Int] = []
        for buffer in stride(from: 8.0, through: 22, by: 2) {
            picks.append(rule.choose(L.context(current: 3, buffer: buffer, estimate: 100e6)) ?? -1)
        }
        #expect(picks == picks.sorted(), "quality grows with the buffer: \(picks)")
    }

    @Test("abandonment: a segment that would drain the buffer is dropped for the highest one that arrives in time")
    func abandonment() {
        let context = L.context(current: 3, buffer: 5, estimate: 2e6)
        let slow = AbandonRule.Download(variantID: 3, segmentDuration: 4, elapsed: 3, timeToFirstByte: 0,
                                        loadedBytes: 100_000, expectedBytes: 1_875_000)
        #expect(AbandonRule.check(slow, context: context) == 0, "33 kB/s: 0.3 M × 4 s takes 4.5 s, v1 would take 11")
        var early = slow
        early.elapsed = 1.9
        #expect(AbandonRule.check(early, context: context) == nil, "not before half the segment's duration")
        var nearlyDone = slow
        nearlyDone.loadedBytes = 1_800_000
        #expect(AbandonRule.check(nearlyDone, context: context) == nil, "the rest arrives within the buffer")
        let lowest = AbandonRule.Download(variantID: 0, segmentDuration: 4, elapsed: 30, loadedBytes: 10)
        #expect(AbandonRule.check(lowest, context: context) == nil, "nothing lower to go to")
        var moderate = slow
        moderate.loadedBytes = 700_000   // 233 kB/s = 1.87 Mbit/s: v1 (0.94 M × 4 s) takes 2.0 s < 4
        #expect(AbandonRule.check(moderate, context: L.context(current: 3, buffer: 5, estimate: 2e6)) == 1)
    }

    @Test("abandonment's margins: the rest must leave one segment of buffer; the lower variant may use all but two")
    func abandonmentMargins() {
        // 150 kB/s = 1.2 Mbit/s with 10 s buffered: the rest of v3 (1,275,000 B) takes 8.5 s, which hls.js would
        // wait for (8.5 < 10) and which would leave 1.5 s, under one 4 s segment.
        let falling = AbandonRule.Download(variantID: 3, segmentDuration: 4, elapsed: 4, timeToFirstByte: 0,
                                           loadedBytes: 600_000, expectedBytes: 1_875_000)
        #expect(AbandonRule.check(falling, context: L.context(current: 3, buffer: 10, estimate: 2e6)) == 1,
                "budget max(min(10, 4), 10 − 8) = 4 s: v2 takes 6.25 s, v1 3.1 s")
        var arriving = falling
        arriving.elapsed = 7
        arriving.loadedBytes = 1_050_000   // the rest: 5.5 s, leaving 4.5 s
        #expect(AbandonRule.check(arriving, context: L.context(current: 3, buffer: 10, estimate: 2e6)) == nil)
        // 50 kB/s = 0.4 Mbit/s with 20 s buffered: the rest takes 33.5 s. v1's segment (9.4 s) leaves 10.6 s, more
        // than two segments: no need to fall to v0, and back up again once the link recovers.
        let collapsed = AbandonRule.Download(variantID: 3, segmentDuration: 4, elapsed: 4, timeToFirstByte: 0,
                                             loadedBytes: 200_000, expectedBytes: 1_875_000)
        #expect(AbandonRule.check(collapsed, context: L.context(current: 3, buffer: 20, estimate: 2e6)) == 1,
                "budget 20 − 8 = 12 s: v2 takes 18.75 s, v1 9.4 s")
        #expect(AbandonRule.check(collapsed, context: L.context(current: 3, buffer: 11, estimate: 2e6)) == 0,
                "budget max(4, 3) = 4 s: only v0 (3.75 s) fits")
        // hls.js's margins: wait while the rest still arrives before the buffer is empty; then one segment's budget.
        let hls = L.context(current: 3, buffer: 10, estimate: 2e6)
        #expect(AbandonRule.check(falling, context: hls, margins: .hlsJs) == nil, "8.5 s < 10 s")
        #expect(AbandonRule.check(collapsed, context: L.context(current: 3, buffer: 20, estimate: 2e6), margins: .hlsJs) == 0)
        #expect(HlsJsRule().abandonMargins == .hlsJs && AdaptiveRule().abandonMargins == .standard)
    }

    @Test("dropped frames: over 20 % of a 5 s period caps at the variant below, and only ever lower")
    func droppedFrames() {
        var monitor = DroppedFrameMonitor()
        #expect(monitor.update(now: 0, decoded: 0, dropped: 0, playing: 3, variants: L.four) == nil)
        #expect(monitor.update(now: 4, decoded: 120, dropped: 60, playing: 3, variants: L.four) == nil, "period not over")
        #expect(monitor.update(now: 5, decoded: 150, dropped: 30, playing: 3, variants: L.four) == nil, "30 of 150: 20 %, not over")
        #expect(monitor.update(now: 10, decoded: 300, dropped: 70, playing: 3, variants: L.four) == 2)
        #expect(monitor.update(now: 15, decoded: 450, dropped: 71, playing: 2, variants: L.four) == 2)
        #expect(monitor.update(now: 20, decoded: 600, dropped: 150, playing: 2, variants: L.four) == 1)
        #expect(monitor.cap == 1)
    }

    @Test("BOLA's one-level step down is taken only when that level still leaves the 12 s reserve")
    func gentleStepDownNeedsTheBuffer() {
        // At 12.5 s BOLA (four levels, target 18 s) asks for 1.5M, one level under the current 3M.
        func choice(fastEstimate: Double) -> Int? {
            var rule = AdaptiveRule()
            var full = Ladders.context(current: 3, buffer: 26, estimate: 6e6)
            full.fastEstimate = 6e6
            _ = rule.choose(full)
            var context = Ladders.context(current: 3, buffer: 12.5, estimate: fastEstimate)
            context.fastEstimate = fastEstimate
            let choice = rule.choose(context)
            #expect(rule.usingBola)
            return choice
        }
        // 1.5 Mbit/s sustains only 750k, but 1.5M's 6 Mbit take 4.2 s and leave 12.5 − 4.2 + 4 = 12.3 s: one level.
        #expect(choice(fastEstimate: 1.5e6) == 2)
        // 0.6 Mbit/s (the last segment crawled in): 1.5M would take 10.5 s and leave 6 s, so straight to 300k.
        // (Before the check, 1.5M: on a held-out mobile trace the next download ran the buffer dry.)
        #expect(choice(fastEstimate: 0.6e6) == 0)
        #expect(choice(fastEstimate: 2.5e6) == 2, "a healthy link: BOLA's level")
    }
}
