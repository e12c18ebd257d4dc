import Testing
import VideoCore

@Suite("A/V sync: ffplay's rules, frame pacing, the audio clock")
struct SyncTests {
    @Test("ffplay's constants")
    func constants() {
        #expect(AVSync.thresholdMin == 0.04)
        #expect(AVSync.thresholdMax == 0.1)
        #expect(AVSync.frameDupThreshold == 0.1)
        #expect(AVSync.noSyncThreshold == 10)
    }

    /// compute_target_delay as a table: (frame delay, video − master) → delay.
    @Test("compute_target_delay", arguments: [
        (0.040, 0.0, 0.040),      // in sync
        (0.040, -0.039, 0.040),   // behind, within the 0.04 threshold
        (0.040, -0.050, 0.0),     // behind beyond it: show at once (max(0, 0.04 − 0.05))
        (0.040, -0.020 - 0.04, 0.0),
        (0.033, -0.045, 0.0),     // 30 fps: threshold is the 0.04 minimum
        (0.066, -0.070, 0.0),     // 15 fps: threshold 0.066
        (0.066, -0.060, 0.066),   // within 0.066
        (0.040, 0.050, 0.080),    // ahead: short frames are doubled
        (0.200, 0.150, 0.350),    // ahead, long frame (> 0.1): lengthened by the difference
        (0.040, 12.0, 0.040),     // a jump beyond AV_NOSYNC_THRESHOLD: untouched
        (0.040, -12.0, 0.040),
    ])
    func targetDelay(delay: Double, diff: Double, expected: Double) {
        #expect(abs(AVSync.targetDelay(delay, diff: diff) - expected) < 1e-12)
    }

    @Test("the sync threshold is the frame duration clamped to [0.04, 0.1]")
    func threshold() {
        #expect(AVSync.threshold(frameDuration: 0.02) == 0.04)
        #expect(AVSync.threshold(frameDuration: 0.066) == 0.066)
        #expect(AVSync.threshold(frameDuration: 0.5) == 0.1)
    }

    /// Frame pacing as a table: (queued pts, clock, lead) → (drop, show).
    @Test("frame pacing at a refresh", arguments: [
        ([Double](), 1.0, 0.0, 0, false),                 // nothing queued
        ([1.10, 1.133], 1.0, 0.008, 0, false),            // early: keep the frame on screen
        ([1.005, 1.038], 1.0, 0.008, 0, true),            // due within half a refresh: show
        ([1.0, 1.033, 1.066], 1.05, 0.0, 1, true),        // the first one's turn passed: drop it, show the second
        ([0.5, 0.533, 0.566, 0.6, 1.0], 0.61, 0.0, 3, true),  // three late frames dropped
        ([1.0, 1.033], 1.0, 0.0, 0, true),                // exactly due
        ([25.0, 25.033], 1.0, 0.0, 0, true),              // a jump beyond 10 s: show at once, drop nothing
        ([0.9, 20.0], 1.0, 0.0, 0, true),                 // a late frame before a jump: shown, the jump waits
    ])
    func pacing(queue: [Double], clock: Double, lead: Double, drop: Int, show: Bool) {
        #expect(FramePacer.decide(queue: queue, clock: clock, lead: lead) == FramePacer.Decision(drop: drop, show: show))
    }

    @Test("the audio clock: raw value at the first update, extrapolated between device steps, capped by what was written")
    func audioClock() {
        var clock = AudioClock()
        #expect(clock.time(at: 0) == nil)
        clock.update(now: 10, writtenEnd: 5.3, queuedSeconds: 0.2, latency: 0.02, playing: true)
        #expect(abs((clock.time(at: 10) ?? 0) - 5.08) < 1e-9)
        #expect(abs((clock.time(at: 10.01) ?? 0) - 5.09) < 1e-9)
        // The device has not pulled (queue unchanged): the clock runs on, it does not fall back to the raw value.
        clock.update(now: 10.016, writtenEnd: 5.3, queuedSeconds: 0.2, latency: 0.02, playing: true)
        #expect(abs((clock.time(at: 10.016) ?? 0) - 5.096) < 1e-9)
        // A pull of 23 ms: raw jumps to 5.103 > 5.096: re-anchored there.
        clock.update(now: 10.02, writtenEnd: 5.3, queuedSeconds: 0.177, latency: 0.02, playing: true)
        #expect(abs((clock.time(at: 10.02) ?? 0) - 5.103) < 1e-9)
        // Never past the end of what was written.
        #expect(clock.time(at: 20) == 5.3)
        // Paused: the clock stands still.
        clock.update(now: 10.03, writtenEnd: 5.3, queuedSeconds: 0.17, latency: 0.02, playing: false)
        #expect(clock.time(at: 11) == clock.time(at: 10.03))
        // A big disagreement (a seek, an underrun) re-anchors at once.
        clock.update(now: 11, writtenEnd: 9.0, queuedSeconds: 0.1, latency: 0, playing: true)
        clock.update(now: 11.01, writtenEnd: 9.0, queuedSeconds: 0.1, latency: 0, playing: true)
        #expect(abs((clock.time(at: 11.01) ?? 0) - 8.91) < 1e-9)
        clock.reset()
        #expect(!clock.isSet)
    }
}
