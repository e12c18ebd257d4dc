import Testing
import VideoCore

@Suite("Throughput: the union of busy intervals, the EWMA estimator")
struct ThroughputTests {
    @Test("two requests sharing a link: per-request figures read half, the union reads the link")
    func overlappingRequests() {
        // A 1 Mbit/s link shared by two requests for 1 s each: 62 500 bytes each.
        var meter = ThroughputMeter()
        meter.begin(1, at: 0)
        meter.begin(2, at: 0)
        meter.received(1, bytes: 62_500, at: 1)
        meter.received(2, bytes: 62_500, at: 1)
        let sample = meter.end(1, at: 1)
        #expect(sample?.bitsPerSecond == 1_000_000)
        #expect(sample?.busySeconds == 1)
        let perRequest = ThroughputSample(bytes: 62_500, start: 0, end: 1)
        #expect(perRequest.bitsPerSecond == 500_000, "what a per-request estimate would say")
        #expect(meter.end(2, at: 1) == nil, "nothing arrived after the first window closed")
        #expect(ThroughputMeter.unionThroughput([perRequest, perRequest]) == 1_000_000)
    }

    @Test("staggered requests: idle time between them is not counted, overlapping time counted once")
    func staggered() {
        var meter = ThroughputMeter()
        meter.begin(1, at: 0)
        meter.received(1, bytes: 50_000, at: 1)
        meter.begin(2, at: 1)
        meter.received(1, bytes: 50_000, at: 2)
        meter.received(2, bytes: 50_000, at: 2)
        let first = meter.end(1, at: 2)
        #expect(first == ThroughputSample(bytes: 150_000, start: 0, end: 2, busySeconds: 2))
        meter.received(2, bytes: 25_000, at: 2.5)
        let second = meter.end(2, at: 2.5)
        #expect(second == ThroughputSample(bytes: 25_000, start: 2, end: 2.5, busySeconds: 0.5))
        // Idle from 2.5 to 10: the next window starts at 10.
        meter.begin(3, at: 10)
        let third = meter.end(3, at: 11, unreportedBytes: 125_000)
        #expect(third == ThroughputSample(bytes: 125_000, start: 10, end: 11, busySeconds: 1))
        #expect(meter.inFlight == 0)
    }

    @Test("union throughput offline: gaps excluded, overlaps counted once")
    func unionOffline() {
        let samples = [ThroughputSample(bytes: 1000, start: 0, end: 2), ThroughputSample(bytes: 1000, start: 1, end: 3),
                       ThroughputSample(bytes: 1000, start: 10, end: 11)]
        #expect(ThroughputMeter.unionThroughput(samples) == 3000 * 8 / 4)
        #expect(ThroughputMeter.unionThroughput([]) == 0)
    }

    @Test("a cancelled request leaves; its bytes count in the next window")
    func cancelled() {
        var meter = ThroughputMeter()
        meter.begin(1, at: 0)
        meter.begin(2, at: 0)
        meter.received(1, bytes: 10_000, at: 1)
        meter.cancel(1, at: 1)
        meter.received(2, bytes: 10_000, at: 2)
        #expect(meter.end(2, at: 2) == ThroughputSample(bytes: 20_000, start: 0, end: 2, busySeconds: 2))
    }

    @Test("EWMA: half-life in seconds of weight, zero-bias corrected")
    func ewma() {
        var average = EWMA(halfLife: 3)
        average.add(100, weight: 1)
        #expect(abs(average.estimate - 100) < 1e-9, "a single sample is its own average")
        average.add(200, weight: 3)
        // After one half-life of new samples, about half of the new value: bias-corrected mix.
        #expect(average.estimate > 150 && average.estimate < 200)
        average.add(1_000, weight: 0)
        #expect(average.totalWeight == 4)
    }

    @Test("estimator: 500 kbit/s until measured, then min(fast, slow): quick down, slow up")
    func estimator() {
        var estimator = BandwidthEstimator()
        #expect(!estimator.canEstimate)
        #expect(estimator.estimate == 500_000)
        for i in 0 ..< 20 {
            estimator.add(ThroughputSample(bytes: 500_000, start: Double(i), end: Double(i) + 1))  // 4 Mbit/s
        }
        #expect(abs(estimator.estimate - 4e6) < 1e4)
        estimator.add(ThroughputSample(bytes: 125_000, start: 20, end: 21))   // 1 Mbit/s for 1 s
        let afterDrop = estimator.estimate
        #expect(afterDrop < 3.5e6, "the fast average drags the minimum down at once: \(afterDrop)")
        var rising = BandwidthEstimator()
        for i in 0 ..< 20 { rising.add(ThroughputSample(bytes: 125_000, start: Double(i), end: Double(i) + 1)) }
        rising.add(ThroughputSample(bytes: 500_000, start: 20, end: 21))
        #expect(rising.estimate < 1.5e6, "the slow average holds the minimum back going up: \(rising.estimate)")
        #expect(rising.fast.estimate > rising.slow.estimate)
    }

    @Test("estimator: tiny samples weigh at least min(50 ms, bytes / 100 000 ms), as hls.js")
    func minimumWeight() {
        var estimator = BandwidthEstimator()
        estimator.add(ThroughputSample(bytes: 10_000_000, start: 0, end: 0))   // 0 s: weight 50 ms
        #expect(abs(estimator.estimate - 10_000_000 * 8 / 0.05) < 1)
        var small = BandwidthEstimator()
        small.add(ThroughputSample(bytes: 1_000, start: 0, end: 0))            // min(50, 0.01) ms
        #expect(small.fast.totalWeight == 0.00001)
        #expect(small.estimate == 500_000, "under minWeight (1 ms) of samples: still the default")
        small.add(ThroughputSample(bytes: 0, start: 1, end: 2))
        #expect(small.fast.totalWeight == 0.00001, "an empty sample adds nothing")
    }
}
