import Testing
import VideoCore

/// Issue 28: numbers a server chose (durations, sequence numbers, bandwidths, timestamps) never trap the pure models.
@Suite("Hostile numbers: saturating conversions, live time lines and ABR rules at the extremes")
struct HostileNumberTests {
    @Test("Double to integer conversions saturate; NaN is 0")
    func saturatingConversions() {
        #expect(Int(saturating: 1e300) == .max)
        #expect(Int(saturating: -1e300) == .min)
        #expect(Int(saturating: .infinity) == .max && Int(saturating: -.infinity) == .min)
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: 2.9) == 2 && Int(saturating: -2.9) == -2)
        #expect(Int64(saturating: Double(Int64.max)) == .max, "2^63, one past Int64.max")
        #expect(Int64(saturating: Double(Int64.min)) == .min)
        #expect(Int32(saturating: 3e9) == .max && UInt8(saturating: -1) == 0)
        #expect(Int.max.saturatingAdding(1) == .max && Int.min.saturatingAdding(-1) == .min)
        #expect(Int.min.saturatingSubtracting(1) == .min && Int.max.saturatingSubtracting(-1) == .max)
        #expect(5.saturatingAdding(3) == 8 && 5.saturatingSubtracting(8) == -3)
    }

    @Test("a live time line takes any sequence numbers and durations")
    func liveTimelineExtremes() {
        var timeline = LiveTimeline()
        let starts = timeline.update(firstSequence: Int.max - 1, durations: [1, 1, 1], targetDuration: 1)
        #expect(starts == [0, 1, 1], "the third sequence number saturates at Int.max and takes the second's place")
        _ = timeline.update(firstSequence: Int.min, durations: [.nan, .infinity, -1, 1e300], targetDuration: .infinity)
        _ = timeline.update(firstSequence: 0, durations: [1e-320, 1e-320], targetDuration: -5)
        let far = timeline.update(firstSequence: Int.max - 1, durations: [2], targetDuration: 1e300)
        #expect(far.count == 1)
    }

    @Test("ABR rules and abandonment at absurd bandwidths, zero durations and tiny measurements")
    func abrExtremes() {
        let variants = [ABRVariant(id: 0, bandwidth: 1), ABRVariant(id: 1, bandwidth: 9.223372036854775807e18)]
        for duration in [0, 1e-320, 86_400] {
            let context = ABRContext(variants: variants, current: 1, bufferSeconds: 1, segmentDuration: duration,
                                     estimate: 1e300, nextSegmentBytes: [0: .max], availableSeconds: 1e300)
            var adaptive = AdaptiveRule()
            var predictive = PredictiveRule()
            #expect([0, 1].contains(adaptive.choose(context)))
            #expect([0, 1].contains(predictive.choose(context)))
            let download = AbandonRule.Download(variantID: 1, segmentDuration: duration, elapsed: 1e9, timeToFirstByte: 1,
                                                loadedBytes: 1, expectedBytes: nil)
            #expect(AbandonRule.check(download, context: context).map { [0, 1].contains($0) } ?? true)
        }
        var gate = SeekGate(target: 10)
        #expect(gate.audioSamplesToCut(pts: -1e300, samples: 1024, sampleRate: 48_000) == 1024)
    }
}
