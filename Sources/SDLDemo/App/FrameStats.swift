import Foundation

/// Counts frames and their drawing times, reported on exit (`--stats`) to measure frame time and rate.
///
/// Intervals are measured only between consecutive frames that were both drawn while something
/// animated, so idle waits do not dilute the frame rate.
struct FrameStats {
    private(set) var frames = 0
    private(set) var totalDrawSeconds = 0.0
    private(set) var maxDrawSeconds = 0.0
    private(set) var animatedIntervals = 0
    private(set) var totalAnimatedInterval = 0.0
    private var previousAnimatedFrame: Double?

    /// Records a frame drawn at `time` that took `drawSeconds` to build, draw and present.
    mutating func record(time: Double, drawSeconds: Double, animating: Bool = false) {
        frames += 1
        totalDrawSeconds += drawSeconds
        maxDrawSeconds = max(maxDrawSeconds, drawSeconds)
        if animating, let previous = previousAnimatedFrame {
            animatedIntervals += 1
            totalAnimatedInterval += time - previous
        }
        previousAnimatedFrame = animating ? time : nil
    }

    /// One line: frames, mean and max draw time, mean interval between animated frames.
    var summary: String {
        guard frames > 0 else { return "frames: 0" }
        let mean = totalDrawSeconds / Double(frames) * 1000
        var text = "frames: \(frames), draw time mean \(fmt(mean)) ms, max \(fmt(maxDrawSeconds * 1000)) ms"
        if animatedIntervals > 0 {
            let interval = totalAnimatedInterval / Double(animatedIntervals)
            text += ", while animating: \(animatedIntervals) intervals, mean \(fmt(interval * 1000)) ms (\(fmt(1 / interval)) fps)"
        }
        return text
    }

    private func fmt(_ value: Double) -> String { String(format: "%.2f", value) }
}
