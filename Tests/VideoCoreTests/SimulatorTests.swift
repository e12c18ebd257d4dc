import Testing
import VideoCore

@Suite("ABR simulator: traces, the player model, every rule on every trace, the offline optimum")
struct SimulatorTests {
    @Test("a trace integrates bandwidth over its steps, holds or loops past the end")
    func traceArithmetic() {
        let trace = BandwidthTrace(name: "t", steps: [.init(seconds: 60, bitsPerSecond: 5e6), .init(seconds: 60, bitsPerSecond: 1e6)])
        #expect(abs(trace.finish(bytes: 1_000_000, from: 59) - 63) < 1e-9)
        #expect(trace.finish(bytes: 125_000, from: 200) == 201, "the last step holds")
        #expect(trace.bytes(from: 59, to: 63) == 1_000_000)
        let looped = BandwidthTrace(name: "l", steps: [.init(seconds: 1, bitsPerSecond: 8), .init(seconds: 1, bitsPerSecond: 0)], loops: true)
        #expect(looped.finish(bytes: 2, from: 0) == 3, "1 byte in [0,1), nothing in [1,2), 1 byte in [2,3)")
        #expect(looped.bandwidth(at: 5.5) == 0)
        let dead = BandwidthTrace(name: "d", steps: [.init(seconds: 1, bitsPerSecond: 0)])
        #expect(dead.finish(bytes: 1, from: 0) == .infinity)
        #expect(BandwidthTrace(name: "e", steps: []).finish(bytes: 1, from: 0) == .infinity)
    }

    @Test("a looped trace of fractional steps keeps moving on its boundaries (a transfer once stalled there)")
    func fractionalStepsLoop() {
        // Timestamps of recorded traces (e.g. 0.549999952316 s): after a few loops `time − whole loops` rounds to
        // just under a boundary already reached, and the step found ended at `time` itself.
        var random = SeededRandom(seed: 7)
        var times = [0.0]
        for _ in 0 ..< 300 { times.append(times[times.count - 1] + 0.2 + random.unit()) }
        let text = times.enumerated().map { "\($0.element)\t\(1 + Double($0.offset % 5))" }.joined(separator: "\n")
        guard let trace = try? BandwidthTrace.recorded(text, name: "fractional") else {
            Issue.record("the generated trace does not parse")
            return
        }
        var start = 0.0
        for _ in 0 ..< 2_000 {
            let end = trace.finish(bytes: 1_500_000, from: start)
            #expect(end > start && end.isFinite)
            guard end.isFinite else { break }
            #expect(abs(Double(trace.bytes(from: start, to: end)) - 1_500_000) <= 1)
            start = end
        }
        #expect(start > 5 * trace.length, "the transfers went round the loop several times")
        #expect(trace.finish(bytes: 1_000, from: 1e300) >= 1e300, "no step boundary stops it, however late")
    }

    @Test("recorded traces: Pensieve's two columns (seconds, Mbit/s); a malformed line is an error naming it")
    func recordedTraces() throws {
        let trace = try BandwidthTrace.recorded("0.0\t4.0\n0.5 1.0\r\n\n1.5\t2.0\n", name: "bus")
        #expect(trace.steps == [.init(seconds: 0.5, bitsPerSecond: 4e6), .init(seconds: 1, bitsPerSecond: 1e6)])
        #expect(trace.loops && trace.length == 1.5)
        #expect(trace.bandwidth(at: 1.6) == 4e6, "it loops")
        let faults: [(String, Int?, String)] = [
            ("0 1\nx 2\n", 2, "expected two numbers: seconds and Mbit/s"),
            ("0 1\n1 2 3\n", 2, "expected two numbers: seconds and Mbit/s"),
            ("0 1\n1 nan\n", 2, "expected two numbers: seconds and Mbit/s"),
            ("0 1\n1 -2\n", 2, "negative rate -2.0"),
            ("0 1\n1 2\n1 3\n", 3, "time 1.0 does not rise after 1.0"),
            ("0 1\n", nil, "fewer than two lines"),
            ("0 0\n1 0\n", nil, "no rate above zero"),
        ]
        for (text, line, reason) in faults {
            #expect(throws: BandwidthTrace.RecordedTraceError(name: "t", line: line, reason: reason)) {
                try BandwidthTrace.recorded(text, name: "t")
            }
        }
        let long = (0 ... BandwidthTrace.maxRecordedLines).map { "\($0) 1" }.joined(separator: "\n")
        #expect(throws: BandwidthTrace.RecordedTraceError(name: "t", line: BandwidthTrace.maxRecordedLines + 1,
                                                          reason: "more than \(BandwidthTrace.maxRecordedLines) lines")) {
            try BandwidthTrace.recorded(long, name: "t")
        }
        #expect(BandwidthTrace.RecordedTraceError(name: "t", line: 2, reason: "r").description == "t:2: r")
    }

    @Test("the synthetic mobile trace is the same every run and spans weak, 3G and 4G")
    func syntheticTrace() {
        let a = TraceLibrary.mobile()
        #expect(a == TraceLibrary.mobile())
        #expect(a != TraceLibrary.mobile(seed: 1))
        #expect(a.note.contains("synthetic"))
        let rates = a.steps.map(\.bitsPerSecond)
        #expect(rates.contains { $0 < 0.5e6 } && rates.contains { $0 > 4e6 } && rates.contains { $0 > 0.8e6 && $0 < 1.8e6 })
        #expect(a.length == 300)
    }

    @Test("the player model: start-up, stalls, a full buffer delays the next download")
    func playbackModel() {
        let stream = SimulatedStream(bitrates: [1e6], resolutions: [], segmentDuration: 4, segmentCount: 3, seed: 1)
        let sizes = stream.sizes[0]
        let fast = PlaybackModel(stream: stream, trace: BandwidthTrace(name: "f", steps: [.init(seconds: 1, bitsPerSecond: 100e6)]))
        let played = fast.play([0, 0, 0])
        #expect(played.rebufferSeconds == 0)
        #expect(abs(played.startupSeconds - Double(sizes[0]) * 8 / 100e6) < 1e-9)
        // 0.5 Mbit/s: every 4 s segment of ~1 Mbit/s takes ~8 s: stalls.
        let slow = PlaybackModel(stream: stream, trace: BandwidthTrace(name: "s", steps: [.init(seconds: 1, bitsPerSecond: 0.5e6)]))
        let stalled = slow.play([0, 0, 0])
        let expected = Double(sizes[1] + sizes[2]) * 16 / 1e6 - 8
        #expect(abs(stalled.rebufferSeconds - expected) < 1e-6)
        #expect(stalled.rebufferEvents == 2)
        // A 4 s buffer limit: the second download waits until the first segment has played.
        let tight = PlaybackModel(stream: stream, trace: fast.trace, maxBuffer: 4).play([0, 0, 0])
        #expect(tight.rebufferSeconds > 0, "with room for one segment only, every download happens on an empty buffer")
    }

    @Test("every rule on every trace: results are complete and no rule beats the offline optimum",
          arguments: TraceLibrary.all(seconds: 80))
    func everyTrace(trace: BandwidthTrace) {
        let model = PlaybackModel(stream: .standard(segmentCount: 20), trace: trace)
        let simulator = ABRSimulator(model: model)
        let optimum = OfflineOptimum(model: model).solve()
        #expect(optimum.choices.count == 20)
        for result in [simulator.run(AdaptiveRule()), simulator.run(PredictiveRule()), simulator.run(HlsJsRule()),
                       simulator.run(BolaRule())] {
            #expect(result.choices.count == 20, "\(trace.name) \(result.rule)")
            #expect(result.qoe <= optimum.qoe + 1e-6, "\(trace.name): \(result.rule) \(result.qoe) > optimum \(optimum.qoe)")
            #expect(result.decisions.count == 20)
        }
    }

    @Test("the adaptive rule: no stall on any trace of the library; at least the hls.js-like QoE on all but one")
    func adaptiveQuality() {
        var better = 0
        for trace in TraceLibrary.all(seconds: 300) {
            let simulator = ABRSimulator(model: PlaybackModel(stream: .standard(), trace: trace))
            let ours = simulator.run(AdaptiveRule())
            let hls = simulator.run(HlsJsRule())
            #expect(ours.rebufferSeconds < 0.5, "\(trace.name): \(ours.rebufferSeconds) s of stall")
            if ours.qoe >= hls.qoe { better += 1 }
        }
        #expect(better >= 5)
    }

    @Test("held-out traces: the adaptive rule never stalls on any of them (the optimum avoids every stall but 0.1 s)")
    func heldOutNoStall() {
        let traces = TraceLibrary.heldOut(seconds: 300)
        #expect(traces.count == 13 && Set(traces.map(\.name)).count == 13, "distinct names: the benchmark keys rows by them")
        for trace in traces {
            let result = ABRSimulator(model: PlaybackModel(stream: .standard(), trace: trace)).run(AdaptiveRule())
            // Seed 6 stalled 2.5 s before a one-level step down was checked against the buffer it leaves.
            #expect(result.rebufferSeconds == 0, "\(trace.name): \(result.rebufferSeconds) s of stall")
        }
    }

    @Test("step down: after the drop the adaptive rule settles on a variant the new bandwidth sustains")
    func stepDown() {
        let stream = SimulatedStream.standard()
        let result = ABRSimulator(model: PlaybackModel(stream: stream, trace: TraceLibrary.stepDown())).run(AdaptiveRule())
        let tail = result.choices.suffix(20)
        #expect(tail.allSatisfy { stream.variants[$0].meanBandwidth <= 1e6 }, "\(result.choices)")
        #expect(result.choices.prefix(20).contains { stream.variants[$0].meanBandwidth >= 3e6 }, "before the drop it was high")
    }

    @Test("step up: the adaptive rule climbs to the top variant after the rise")
    func stepUp() {
        let result = ABRSimulator(model: PlaybackModel(stream: .standard(), trace: TraceLibrary.stepUp())).run(AdaptiveRule())
        #expect(result.choices.suffix(20).allSatisfy { $0 >= 3 }, "\(result.choices)")
        #expect(result.choices.prefix(10).allSatisfy { $0 <= 1 })
    }

    @Test("the offline optimum equals brute force over every sequence on small cases", arguments: [UInt64(3), 4, 5, 6])
    func optimumIsOptimal(seed: UInt64) {
        let stream = SimulatedStream(bitrates: [0.4e6, 1e6, 2.5e6], resolutions: [], segmentDuration: 2, segmentCount: 6, seed: seed)
        var random = SeededRandom(seed: seed)
        let steps = (0 ..< 20).map { _ in BandwidthTrace.Step(seconds: 1, bitsPerSecond: 0.2e6 + 3e6 * random.unit()) }
        let model = PlaybackModel(stream: stream, trace: BandwidthTrace(name: "r\(seed)", steps: steps), maxBuffer: 6)
        var best = -Double.infinity
        var sequence = [Int](repeating: 0, count: 6)
        func search(_ k: Int) {
            if k == 6 {
                best = max(best, model.play(sequence).qoe)
                return
            }
            for v in 0 ..< 3 {
                sequence[k] = v
                search(k + 1)
            }
        }
        search(0)
        let (optimum, capped) = OfflineOptimum(model: model).solveReportingCap()
        #expect(!capped)
        // States are compared on a 50 ms grid (pessimistically): the optimum may miss by a hair, never exceed.
        #expect(optimum.qoe <= best + 1e-9)
        #expect(optimum.qoe >= best - 0.02 * abs(best), "DP \(optimum.qoe) vs brute force \(best)")
    }

    @Test("QoE_lin: bit rate minus switches minus stalls, per segment")
    func qoe() {
        let model = QoEModel(rebufferPenalty: 4.3)
        #expect(abs(model.score(qualities: [1, 1, 3], rebuffer: 1, startup: 0.5) - (5 - 2 - 4.3 - 2.15) / 3) < 1e-12)
        #expect(model.score(qualities: [], rebuffer: 9, startup: 9) == 0)
        #expect(QoEModel.linear(for: .standard()).rebufferPenalty == 4.5)
    }
}
