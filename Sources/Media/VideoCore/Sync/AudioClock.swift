/// The master clock: the playlist time of the sample the audio device is playing now, derived from what the
/// device has consumed — ffplay's audio clock (`fftools/ffplay.c`, `sdl_audio_callback`: the time of the end of
/// the data written minus what is still buffered, `audio_clock − (2 × audio_hw_buf_size + audio_write_buf_size) /
/// bytes_per_sec`, stamped with the callback time and extrapolated with the wall clock in `get_clock`).
///
/// We push audio (SDL's queue) rather than being called back, so the device's progress is seen as its queue
/// shrinking, in steps of one device buffer. The clock is re-anchored whenever the queue changes and the raw
/// value disagrees with the extrapolation by more than ``maxDrift``; between steps it runs with the wall clock,
/// never past the end of what was written and never backwards while playing.
///
/// ```swift
/// var clock = AudioClock()
/// clock.update(now: 10.00, writtenEnd: 5.30, queuedSeconds: 0.20, latency: 0.02, playing: true)  // raw 5.08
/// clock.time(at: 10.01)   // 5.09: extrapolated
/// ```
public struct AudioClock: Equatable, Sendable {
    /// Largest disagreement, seconds, between the raw value and the extrapolation that is smoothed over rather
    /// than jumped to: about one SDL device buffer (1024 frames at 44.1 kHz is 23 ms) plus a refresh.
    public static let maxDrift = 0.04

    private var anchorNow: Double?
    private var anchorValue = 0.0
    private var writtenEnd = 0.0
    private var playing = false
    private var lastQueued: Double?

    /// A clock with no time yet.
    public init() {}

    /// Whether the clock has a value.
    public var isSet: Bool { anchorNow != nil }

    /// Feeds the device's state at wall time `now`: the playlist time at the end of all audio written
    /// (`writtenEnd`), the seconds of it still queued in the device, the device's own latency, and whether it plays.
    public mutating func update(now: Double, writtenEnd: Double, queuedSeconds: Double, latency: Double, playing: Bool) {
        let raw = writtenEnd - max(0, queuedSeconds) - max(0, latency)
        defer {
            self.writtenEnd = writtenEnd
            self.playing = playing
            lastQueued = queuedSeconds
        }
        guard let predicted = time(at: now) else {
            anchor(now: now, value: raw)
            return
        }
        if !playing || !self.playing {
            anchor(now: now, value: raw)
            return
        }
        let consumed = lastQueued.map { queuedSeconds < $0 - 1e-9 } ?? true
        if abs(raw - predicted) > Self.maxDrift || (consumed && raw > predicted) {
            anchor(now: now, value: max(raw, predicted - Self.maxDrift))
        } else {
            anchor(now: now, value: predicted)
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
