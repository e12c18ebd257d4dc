import AudioPlayback
import Foundation
import StreamServer
import TestSupport
import VideoCore
import VideoPlayback

/// Drives a ``VideoEngine`` headlessly on a silent output with a virtual clock: time advances only while the
/// engine has the media to play it (decoded audio and frames ahead), so a slow machine slows the test down instead
/// of stalling the player. Waits for the engine's own wake-ups (`onChange`), never for a fixed time; the only
/// wall-clock bound is the generous anti-hang `limit` (300 s: the whole suite in parallel on 2 cores can hold a
/// test's task back for a minute).
final class EngineHarness {
    let engine: VideoEngine
    /// The output the engine plays into (silent unless the test gave its own).
    let output: any AudioOutput
    /// Audio frames the output accepted (a silent output counts them; others report 0 here).
    var acceptedFrames: Int { (output as? SilentAudioOutput)?.acceptedFrames ?? 0 }
    /// The virtual clock, seconds.
    private(set) var now = 100.0
    /// Every frame shown, in order: its time and the variant.
    private(set) var shown: [(time: Double, variant: Int?, clock: Double)] = []
    /// Every status seen, in order.
    private(set) var statuses: [VideoStatus] = []
    /// The last frame shown.
    private(set) var lastFrame: VideoFrame?
    private let wake = WakeSignal()

    /// A harness over a new engine playing into `output` (its clock paced by the harness's virtual time).
    init(configuration: VideoEngine.Configuration = VideoEngine.Configuration(), output: any AudioOutput = SilentAudioOutput()) {
        var configuration = configuration
        configuration.audioClock = .paced
        self.output = output
        let wake = self.wake
        engine = VideoEngine(configuration: configuration, audioOutput: output) { wake.signal() }
    }

    /// One pump at the current virtual time.
    @discardableResult
    func pump() -> VideoStatus {
        let result = engine.pump(now: now)
        if let frame = result.frame {
            shown.append((frame.time, frame.variantID, now))
            lastFrame = frame
        }
        statuses.append(result.status)
        return result.status
    }

    /// Pumps, advancing the virtual clock by `step` whenever the engine has media for it (or is not playing),
    /// until `done` holds. Fails after `limit` of wall-clock time (a hang, not a slow machine).
    @discardableResult
    func run(step: Double = 1.0 / 30, limit: Duration = .seconds(300), until done: (VideoStatus) -> Bool) async throws -> VideoStatus {
        let deadline = ContinuousClock.now + limit
        while true {
            let status = pump()
            if done(status) { return status }
            guard ContinuousClock.now < deadline else {
                throw HarnessError.timedOut("still \(status.state) at \(status.position) s after \(limit): \(status)")
            }
            let canAdvance: Bool = switch status.state {
            case .playing: status.decodedAhead > step * 1.5 || status.decodedToEnd
            case .paused, .ended, .failed, .idle: true
            case .loading, .buffering: false
            }
            if canAdvance {
                now += step
                // Let the engine's tasks (fetching, demuxing) run: they share Swift's small cooperative pool with
                // this loop, which would otherwise spin without a suspension point while paused.
                await Task.yield()
            } else {
                await wake.wait(upTo: .milliseconds(20))
                if status.state == .loading || status.state == .buffering { now += step / 4 }
            }
        }
    }

    /// Pumps in step with the wall clock (for tests of the network's pace: the ABR on a throttled link).
    @discardableResult
    func runRealTime(limit: Duration = .seconds(300), until done: (VideoStatus) -> Bool) async throws -> VideoStatus {
        let start = ContinuousClock.now
        let base = now
        while true {
            let elapsed = ContinuousClock.now - start
            now = base + Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let status = pump()
            if done(status) { return status }
            guard elapsed < limit else { throw HarnessError.timedOut("still \(status.state) at \(status.position) s: \(status)") }
            try await Task.sleep(for: .milliseconds(15))
        }
    }

    enum HarnessError: Error, CustomStringConvertible {
        case timedOut(String)
        var description: String { if case .timedOut(let s) = self { s } else { "" } }
    }
}

/// A wake-up from the engine's threads to the test's task.
final class WakeSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = false

    func signal() {
        lock.withLock { pending = true }
    }

    private func take() -> Bool {
        lock.withLock {
            defer { pending = false }
            return pending
        }
    }

    /// Returns when signalled since the last wait, or after `limit`.
    func wait(upTo limit: Duration) async {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if take() { return }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// The sample served on 127.0.0.1.
func startSampleServer() async throws -> StreamServer {
    try await StreamServer.start(content: .directory(PackagePaths.videoSample.path))
}
