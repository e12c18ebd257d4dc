/// Which decoded frame to show at a display refresh: ffplay's pacing rules (``AVSync``, `video_refresh` in
/// `fftools/ffplay.c`) turned around for a window that *pulls* a frame every refresh instead of sleeping until
/// the next one is due.
///
/// At a refresh with master clock `c` (the audio clock) and `lead` (half the refresh interval, so a frame is
/// shown at the refresh nearest its time), the frames waiting in the queue (presentation times in order) are:
///
/// | frame | when | what happens |
/// |---|---|---|
/// | due: `pts ≤ c + lead` and a later frame is due too | its whole display interval has passed (ffplay drops a frame when `time > frame_timer + duration`, its successor's time) | dropped, counted |
/// | the last due frame | | shown |
/// | early: `pts > c + lead` | | waits; the frame on screen stays (ffplay's "duplicate": it repeats the current frame) |
/// | any, with `|pts − c| ≥ AV_NOSYNC_THRESHOLD` (10 s) | a timestamp jump, not lateness | the first one is shown at once, nothing dropped |
///
/// A frame is late beyond ffplay's threshold (`clamp(duration, 0.04, 0.1)`, ``AVSync/threshold(frameDuration:)``)
/// only if it is also past its successor, so a single late frame is still shown; only frames whose turn has
/// completely passed are dropped — as ffplay with `framedrop` on and audio as master.
public enum FramePacer {
    /// What to do with the queue at one refresh.
    public struct Decision: Equatable, Sendable {
        /// Frames to drop from the head of the queue (late).
        public var drop: Int
        /// Whether the next frame (after the drops) is to be shown now.
        public var show: Bool

        /// A decision.
        public init(drop: Int, show: Bool) {
            self.drop = drop
            self.show = show
        }

        /// Nothing to do: keep the frame on screen.
        public static let wait = Decision(drop: 0, show: false)
    }

    /// The decision for `queue` (presentation times, in display order) at master clock `clock`.
    public static func decide(queue: [Double], clock: Double, lead: Double = 0) -> Decision {
        guard let first = queue.first else { return .wait }
        if !first.isFinite || !clock.isFinite || abs(first - clock) >= AVSync.noSyncThreshold {
            return Decision(drop: 0, show: true)
        }
        let dueLimit = clock + max(0, lead)
        guard first <= dueLimit else { return .wait }
        var last = 0
        for index in 1 ..< queue.count {
            guard queue[index] <= dueLimit, abs(queue[index] - clock) < AVSync.noSyncThreshold else { break }
            last = index
        }
        return Decision(drop: last, show: true)
    }
}
