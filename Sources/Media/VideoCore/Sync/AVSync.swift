/// ffplay's audio/video synchronisation constants and delay rule (`fftools/ffplay.c`, FFmpeg), the anchor of the
/// player's frame pacing (``FramePacer``).
public enum AVSync {
    /// `AV_SYNC_THRESHOLD_MIN` 0.04 s: "no AV sync correction is done if below the minimum AV sync threshold".
    public static let thresholdMin = 0.04
    /// `AV_SYNC_THRESHOLD_MAX` 0.1 s: "AV sync correction is done if above the maximum AV sync threshold".
    public static let thresholdMax = 0.1
    /// `AV_SYNC_FRAMEDUP_THRESHOLD` 0.1 s: "if a frame duration is longer than this, it will not be duplicated to
    /// compensate AV sync".
    public static let frameDupThreshold = 0.1
    /// `AV_NOSYNC_THRESHOLD` 10 s: "no AV correction is done if too big error".
    public static let noSyncThreshold = 10.0

    /// ffplay's sync threshold for a frame of `duration` seconds: `FFMAX(AV_SYNC_THRESHOLD_MIN,
    /// FFMIN(AV_SYNC_THRESHOLD_MAX, delay))`.
    public static func threshold(frameDuration duration: Double) -> Double {
        max(thresholdMin, min(thresholdMax, duration))
    }

    /// ffplay's `compute_target_delay`: how long to show the current frame (nominally `delay`, its duration) when
    /// the video clock is `diff` seconds ahead of the master clock (negative: behind). Behind by more than the
    /// threshold: shorten (to 0 at most); ahead: lengthen by `diff` for long frames, else double; beyond
    /// ``noSyncThreshold`` (a timestamp jump): unchanged.
    public static func targetDelay(_ delay: Double, diff: Double) -> Double {
        let threshold = threshold(frameDuration: delay)
        guard diff.isFinite, abs(diff) < noSyncThreshold else { return delay }
        if diff <= -threshold { return max(0, delay + diff) }
        if diff >= threshold && delay > frameDupThreshold { return delay + diff }
        if diff >= threshold { return 2 * delay }
        return delay
    }
}
