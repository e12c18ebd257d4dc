/// Exact seeking: after decoding from the key frame before the target, what is shown and heard starts at the
/// target, never before it.
///
/// Video: a frame is discarded while it *ends* at or before the target (`pts + duration ≤ target`), so the
/// first frame shown is the one on screen at the target time (`pts ≤ target < pts + duration`) — for a target on
/// a frame boundary, that frame itself. Audio: samples before the target are cut from the first block that
/// reaches it. Discarded frames are not "dropped" frames: they were never due.
public struct SeekGate: Equatable, Sendable {
    /// The seek target, seconds on the playlist's time line.
    public let target: Double
    /// Half a microsecond of slack for timestamps rounded to a time base.
    public static let epsilon = 1e-6
    /// Whether a video frame passed (after which every frame passes).
    public private(set) var videoOpen = false
    /// Whether an audio sample passed.
    public private(set) var audioOpen = false

    /// A gate for `target`.
    public init(target: Double) {
        self.target = target
    }

    /// Whether to keep a video frame at `pts` lasting `duration` (0 when unknown: then only frames before the
    /// target by more than epsilon are discarded).
    public mutating func keepVideo(pts: Double, duration: Double) -> Bool {
        if videoOpen { return true }
        let end = pts + max(0, duration)
        let keep = duration > 0 ? end > target + Self.epsilon : pts >= target - Self.epsilon
        if keep { videoOpen = true }
        return keep
    }

    /// How many leading samples of an audio block at `pts` with `samples` samples at `sampleRate` to cut (all of
    /// them when the block ends before the target).
    public mutating func audioSamplesToCut(pts: Double, samples: Int, sampleRate: Int) -> Int {
        if audioOpen || sampleRate <= 0 { return 0 }
        let before = (target - pts) * Double(sampleRate)
        guard before > 0.5 else {
            audioOpen = true
            return 0
        }
        let cut = Int(saturating: before.rounded())
        if cut < samples { audioOpen = true }
        return min(samples, cut)
    }
}
