import Foundation

/// Counts frames and their drawing times, reported on exit (`--stats`) to measure frame time.
struct FrameStats {
    private(set) var frames = 0
    private(set) var totalDrawSeconds = 0.0
    private(set) var maxDrawSeconds = 0.0
    private(set) var firstFrameTime: Double?
    private(set) var lastFrameTime = 0.0

    /// Records a frame drawn at `time` that took `drawSeconds` to build, draw and present.
    mutating func record(time: Double, drawSeconds: Double) {
        frames += 1
        totalDrawSeconds += drawSeconds
        maxDrawSeconds = max(maxDrawSeconds, drawSeconds)
        if firstFrameTime == nil { firstFrameTime = time }
        lastFrameTime = time
    }

    /// One line: frames, mean and max draw time, mean interval between frames.
    var summary: String {
        guard frames > 0 else { return "frames: 0" }
        let mean = totalDrawSeconds / Double(frames) * 1000
        let span = lastFrameTime - (firstFrameTime ?? lastFrameTime)
        let interval = frames > 1 ? span / Double(frames - 1) * 1000 : 0
        return "frames: \(frames), draw time mean \(fmt(mean)) ms, max \(fmt(maxDrawSeconds * 1000)) ms, mean frame interval \(fmt(interval)) ms"
    }

    private func fmt(_ value: Double) -> String { String(format: "%.2f", value) }
}
