import Testing
import VideoCore

@Suite("Time lines, live start, seek arithmetic, timestamp mapping")
struct TimelineTests {
    let timeline = MediaTimeline(durations: [1, 1, 1, 0.5, 2])

    @Test("segment starts are sums of EXTINF durations; lookup by time")
    func lookup() {
        #expect(timeline.starts == [0, 1, 2, 3, 3.5])
        #expect(timeline.end == 5.5)
        #expect(timeline.segment(containing: 0) == 0)
        #expect(timeline.segment(containing: 0.999) == 0)
        #expect(timeline.segment(containing: 1) == 1)
        #expect(timeline.segment(containing: 3.6) == 4)
        #expect(timeline.segment(containing: -4) == 0)
        #expect(timeline.segment(containing: 99) == 4)
        #expect(MediaTimeline(durations: []).segment(containing: 0) == nil)
        #expect(MediaTimeline(durations: [2, -1, .nan, 2], origin: 10).starts == [10, 12, 12, 12])
    }

    @Test("seek targets are clamped to the stream; past the end shows the last frame")
    func clamp() {
        #expect(timeline.clampedSeek(2.5) == 2.5)
        #expect(timeline.clampedSeek(-1) == 0)
        #expect(timeline.clampedSeek(10, frameDuration: 1.0 / 30) == 5.5 - 1.0 / 30)
        #expect(timeline.clampedSeek(.nan) == 0)
    }

    @Test("live start: the last segment starting at least 3 target durations before the end (RFC 8216 §6.3.3)")
    func liveStart() {
        let live = MediaTimeline(durations: Array(repeating: 2, count: 10), origin: 100)
        #expect(live.liveStartSegment(targetDuration: 2) == 7, "ends at 120; latest start 114 = segment 7")
        #expect(MediaTimeline(durations: [2, 2]).liveStartSegment(targetDuration: 2) == 0, "too short: the first")
        #expect(MediaTimeline(durations: [1.5, 1.5, 1.5, 1.5, 1.5]).liveStartSegment(targetDuration: 2) == 1,
                "ends at 7.5: the latest start is 1.5")
        #expect(live.clampedLiveSeek(119, targetDuration: 2) == 114)
        #expect(live.clampedLiveSeek(50, targetDuration: 2) == 100)
    }

    @Test("live time line: continues by media sequence number across reloads, bounded memory")
    func liveTimeline() {
        var live = LiveTimeline()
        #expect(live.update(firstSequence: 100, durations: [2, 2, 2], targetDuration: 2) == [0, 2, 4])
        #expect(live.update(firstSequence: 101, durations: [2, 2, 2.5], targetDuration: 2) == [2, 4, 6])
        // Slid past segments never seen (104, 105): counted at the target duration.
        #expect(live.update(firstSequence: 106, durations: [2], targetDuration: 2) == [12.5])
        #expect(live.start(of: 103) == 6)
        for k in 0 ..< 2000 { live.update(firstSequence: 107 + k, durations: [1], targetDuration: 1) }
        #expect(live.start(of: 100) == nil, "old sequence numbers are forgotten")
        #expect(live.start(of: 2106) != nil)
    }

    @Test("seek gate: frames ending before the target are discarded; the frame covering it is the first shown")
    func seekGateVideo() {
        var gate = SeekGate(target: 5.0)
        #expect(gate.keepVideo(pts: 4.0, duration: 1.0 / 30) == false)
        #expect(gate.keepVideo(pts: 4.9666667, duration: 1.0 / 30 - 1e-7) == false)
        #expect(gate.keepVideo(pts: 5.0, duration: 1.0 / 30) == true, "a target on a frame boundary shows that frame")
        #expect(gate.keepVideo(pts: 5.0333, duration: 1.0 / 30) == true)
        var between = SeekGate(target: 5.01)
        #expect(between.keepVideo(pts: 5.0, duration: 1.0 / 30) == true, "the frame on screen at 5.01 is the one at 5.0")
        var unknown = SeekGate(target: 5.0)
        #expect(unknown.keepVideo(pts: 4.99, duration: 0) == false)
        #expect(unknown.keepVideo(pts: 5.0, duration: 0) == true)
    }

    @Test("seek gate: audio is cut at the target sample")
    func seekGateAudio() {
        var gate = SeekGate(target: 5.0)
        #expect(gate.audioSamplesToCut(pts: 4.0, samples: 1024, sampleRate: 48_000) == 1024, "all before the target")
        #expect(gate.audioSamplesToCut(pts: 4.99, samples: 1024, sampleRate: 48_000) == 480)
        #expect(gate.audioOpen)
        #expect(gate.audioSamplesToCut(pts: 4.5, samples: 1024, sampleRate: 48_000) == 0, "once open, nothing more is cut")
        var exact = SeekGate(target: 5.0)
        #expect(exact.audioSamplesToCut(pts: 5.0, samples: 1024, sampleRate: 48_000) == 0)
    }

    @Test("timestamps: one anchor per discontinuity domain; a segment far off re-anchors (wrap, untagged jump)")
    func mapper() {
        var mapper = TimestampMapper()
        #expect(mapper.anchor(domain: 0, firstTimestamp: 1.4667, segmentStart: 0) == 1.4667)
        #expect(mapper.anchor(domain: 0, firstTimestamp: 4.4667, segmentStart: 2.9995) == 1.4667, "EXTINF rounding is not followed")
        #expect(mapper.anchor(domain: 1, firstTimestamp: 1.4667, segmentStart: 10) == 1.4667 - 10)
        #expect(mapper.anchor(domain: 0, firstTimestamp: 95_443.0, segmentStart: 5) == 95_438.0, "far off: re-anchored")
        #expect(mapper.anchor(of: 1) == 1.4667 - 10)
        mapper.reset()
        #expect(mapper.anchor(of: 0) == nil)
    }
}
