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

    @Test("the audio clock: raw value at the first update, extrapolated between device steps, slewed toward a pull, capped by what was written")
    func audioClock() {
        var clock = AudioClock()
        #expect(clock.time(at: 0) == nil)
        clock.update(now: 10, writtenEnd: 5.3, queuedSeconds: 0.2, latency: 0.02, playing: true)
        #expect(abs((clock.time(at: 10) ?? 0) - 5.08) < 1e-9)
        #expect(abs((clock.time(at: 10.01) ?? 0) - 5.09) < 1e-9)
        // The device has not pulled (nothing more consumed): the clock runs on, it does not fall back to the raw value.
        clock.update(now: 10.016, writtenEnd: 5.3, queuedSeconds: 0.2, latency: 0.02, playing: true)
        #expect(abs((clock.time(at: 10.016) ?? 0) - 5.096) < 1e-9)
        // A pull of 23 ms: raw 5.103 is 7 ms ahead of 5.096 + 0.004; the clock moves toward it by at most 10 % of
        // the 4 ms elapsed, not in one jump.
        clock.update(now: 10.02, writtenEnd: 5.3, queuedSeconds: 0.177, latency: 0.02, playing: true)
        #expect(abs((clock.time(at: 10.02) ?? 0) - (5.1 + 0.0004)) < 1e-9)
        // Never past the end of what was written.
        #expect(clock.time(at: 20) == 5.3)
        // Paused: the clock stands still.
        clock.update(now: 10.03, writtenEnd: 5.3, queuedSeconds: 0.17, latency: 0.02, playing: false)
        #expect(clock.time(at: 11) == clock.time(at: 10.03))
        // A disagreement past maxStep (a seek, an underrun) re-anchors at once.
        clock.update(now: 11, writtenEnd: 9.0, queuedSeconds: 0.1, latency: 0, playing: true)
        clock.update(now: 11.01, writtenEnd: 9.0, queuedSeconds: 0.1, latency: 0, playing: true)
        #expect(abs((clock.time(at: 11.01) ?? 0) - 8.91) < 1e-9)
        clock.update(now: 11.02, writtenEnd: 9.5, queuedSeconds: 0.1, latency: 0, playing: true)
        #expect(abs((clock.time(at: 11.02) ?? 0) - 9.4) < 1e-9)
        clock.reset()
        #expect(!clock.isSet)
    }

    /// A device whose sample clock runs `rate` times the wall clock (SDL 2.26's dummy driver: 1024 frames at
    /// 44.1 kHz per `SDL_Delay(23)`, about 1 % fast), pulling whole buffers, and a window pumping every 8.4 ms with
    /// jitter that keeps 0.1 s queued. 60 s of 30 fps video paced by the clock.
    private func playThrough(rate: Double) -> (drops: Int, worstError: Double, worstStep: Double) {
        let buffer = 1024.0 / 44_100, latency = 2 * buffer
        var clock = AudioClock()
        var consumed = 0.0, written = 0.0, nextPull = 0.0
        var queue = (0 ..< 1800).map { Double($0) / 30 }
        var drops = 0, worstError = 0.0, worstStep = 0.0
        var previous: (now: Double, time: Double)?
        var now = 0.0, step = 0
        while now < 60, !queue.isEmpty {
            while nextPull <= now, written - consumed >= buffer {
                consumed += buffer
                nextPull += buffer / rate
            }
            written = max(written, consumed + 0.1)
            clock.update(now: now, writtenEnd: written, queuedSeconds: written - consumed, latency: latency, playing: true)
            let time = clock.time(at: now) ?? 0
            // The device's own value just after a pull is exact to within a pump.
            worstError = max(worstError, abs(time - (consumed - latency)) - (now - (nextPull - buffer / rate)) * rate)
            if let previous { worstStep = max(worstStep, (time - previous.time) - (now - previous.now)) }
            previous = (now, time)
            let decision = FramePacer.decide(queue: queue, clock: time, lead: 0.0042)
            drops += decision.drop
            queue.removeFirst(min(queue.count, decision.drop + (decision.show ? 1 : 0)))
            step += 1
            now += 0.0084 + (step % 7 == 0 ? 0.003 : 0) - (step % 11 == 0 ? 0.002 : 0)
        }
        return (drops, worstError, worstStep)
    }

    @Test("a device 1 % fast or 1 % slow against the wall clock: the clock slews, no frame of 30 fps video is dropped, and it stays with the device", arguments: [1.01, 0.99, 1.0])
    func driftingDevice(rate: Double) {
        let run = playThrough(rate: rate)
        #expect(run.drops == 0)
        // Never more than 10 % faster than the wall clock between two pumps (≈ 1 ms at these pumps).
        #expect(run.worstStep <= 0.0012)
        // Within a device buffer and a pump of the device's own value.
        #expect(run.worstError < 0.035)
    }
}
