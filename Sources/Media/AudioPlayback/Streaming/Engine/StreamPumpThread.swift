import Foundation

/// Pumps a ``StreamAudioEngine`` with the real (monotonic) clock on a thread of its own, for hosts without a
/// frame loop: the headless player, benchmarks, tests. A window pumps from its frame loop instead.
///
/// ```swift
/// let pump = StreamPumpThread(engine: engine, interval: 0.01)
/// … play …
/// pump.stop()      // returns once the thread has left its loop
/// ```
public final class StreamPumpThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var running = true
    private var exited = false

    /// Starts pumping `engine` every `interval` seconds (at least 1 ms).
    public init(engine: StreamAudioEngine, interval: Double = 0.01) {
        let step = max(interval, 0.001)
        let thread = Thread { [self] in
            let start = ContinuousClock.now
            condition.lock()
            while running {
                condition.unlock()
                let elapsed = ContinuousClock.now - start
                engine.pump(now: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                condition.lock()
                if running { _ = condition.wait(until: Date(timeIntervalSinceNow: step)) }
            }
            exited = true
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "StreamPumpThread"
        thread.start()
    }

    /// Stops the loop and waits until the thread has left it; later calls return at once.
    public func stop() {
        condition.lock()
        running = false
        condition.broadcast()
        while !exited { condition.wait() }
        condition.unlock()
    }

    deinit {
        condition.lock()
        running = false
        condition.broadcast()
        condition.unlock()
    }
}
