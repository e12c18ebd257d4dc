/// The master clock: the playlist time of the sample the audio device is playing now, derived from what the
/// device has consumed — ffplay's audio clock (`fftools/ffplay.c`, `sdl_audio_callback`: the time of the end of
/// the data written minus what is still buffered, `audio_clock − (2 × audio_hw_buf_size + audio_write_buf_size) /
/// bytes_per_sec`, stamped with the callback time and extrapolated with the wall clock in `get_clock`).
///
/// We push audio (SDL's queue) rather than being called back, so the device's progress is seen as what it has
/// consumed (written minus queued) growing, in steps of one device buffer. Between updates the clock runs with the
/// wall clock, never past the end of what was written. Where the device and the extrapolation disagree, the clock
/// *slews*: it runs up to ``slewRate`` (10 %) faster or slower than the wall clock until they agree, instead of
/// jumping — a forward jump of a frame's length would make two frames due at one refresh, and the pacer would drop
/// one. Only a disagreement past ``maxStep`` (an underrun, a device that stopped) is jumped over at once.
///
/// Why the two disagree at all: the device's sample clock is not the system clock (a sound card's crystal drifts
/// by parts per million; SDL 2.26's `dummy` and `disk` drivers sleep whole milliseconds per buffer, `SDL_Delay(1024
/// × 1000 / 44100)` = 23 for 23.2 ms of audio, so they consume about 1 % fast). The earlier clock re-anchored with
/// a 40 ms jump whenever the drift passed 40 ms: every 10 s with the dummy driver, each jump dropping a frame at
/// 720p30 (logged 2026-11-26 in bench/video-play.py's runs; BENCHMARKS.md).
///
/// ```swift
/// var clock = AudioClock()
/// clock.update(now: 10.00, writtenEnd: 5.30, queuedSeconds: 0.20, latency: 0.02, playing: true)  // raw 5.08
/// clock.time(at: 10.01)   // 5.09: extrapolated
/// ```
public struct AudioClock: Equatable, Sendable {
    /// Largest disagreement, seconds, between the device and the extrapolation that is slewed over rather than
    /// jumped: past it, something happened (an underrun, a device that stalled or skipped) and the clock takes the
    /// device's value at once (dropping the frames it skips). 0.1 s: four device buffers (1024 frames at 44.1 kHz
    /// is 23 ms), and between the A/V errors ITU-R BT.1359 finds detectable (sound 45 ms early, 125 ms late), so a
    /// slew (at ``slewRate``, at most a second for 0.1 s) never holds a larger error than that.
    public static let maxStep = 0.1

    /// How much faster or slower than the wall clock the clock may run while it catches up with the device (a
    /// fraction of the wall time elapsed). 10 %: a pump every 8 ms moves the clock at most 0.8 ms more than the wall
    /// clock, far below a frame's 33 ms, and a 1 % drift is absorbed at once.
    public static let slewRate = 0.1

    /// How far behind the extrapolation the device's value may be before the clock slows down: the device's value
    /// steps once per buffer, so between its steps it lags the sample being heard by up to a buffer (23 ms) and
    /// scheduling jitter; 40 ms.
    public static let lagTolerance = 0.04

    private var anchorNow: Double?
    private var anchorValue = 0.0
    private var writtenEnd = 0.0
    private var playing = false
    private var lastRaw: Double?

    /// A clock with no time yet.
    public init() {}

    /// Whether the clock has a value.
    public var isSet: Bool { anchorNow != nil }

    /// Feeds the device's state at wall time `now`: the playlist time at the end of all audio written
    /// (`writtenEnd`), the seconds of it still queued in the device, the device's own latency, and whether it plays.
    ///
    /// The device's value `raw = writtenEnd − queued − latency` is the time of the sample it is playing, known
    /// to within an update's interval just after it pulls a buffer (`raw` grew since the last update), and lagging
    /// by up to a buffer until its next pull. So the clock aims at `raw` when the device just pulled, or when `raw`
    /// has fallen more than ``lagTolerance`` behind the clock (the device is slow or stalled); otherwise it keeps
    /// its own time.
    public mutating func update(now: Double, writtenEnd: Double, queuedSeconds: Double, latency: Double, playing: Bool) {
        let raw = writtenEnd - max(0, queuedSeconds) - max(0, latency)
        let pulled = lastRaw.map { raw > $0 + 1e-9 } ?? true
        defer {
            self.writtenEnd = writtenEnd
            self.playing = playing
            lastRaw = raw
        }
        guard let anchorNow, let predicted = time(at: now), playing, self.playing else {
            anchor(now: now, value: raw)
            return
        }
        let target = pulled || raw < predicted - Self.lagTolerance ? raw : predicted
        let error = target - predicted
        if abs(error) > Self.maxStep {
            anchor(now: now, value: raw)
        } else {
            let limit = Self.slewRate * max(0, now - anchorNow)
            anchor(now: now, value: predicted + min(max(error, -limit), limit))
        }
    }

    /// Forgets the time (a seek or a new session).
    public mutating func reset() {
        self = AudioClock()
    }

    /// The playlist time being heard at `now`, or nil before the first update.
    public func time(at now: Double) -> Double? {
        guard let anchorNow else { return nil }
        guard playing else { return anchorValue }
        return min(anchorValue + max(0, now - anchorNow), max(anchorValue, writtenEnd))
    }

    private mutating func anchor(now: Double, value: Double) {
        anchorNow = now
        anchorValue = value
    }
}
