import AudioPlayback
import Foundation
import MediaCore

/// The host's one queue: every input from any thread, taken out in order by the loop. Posting wakes the
/// loop's thread if it sleeps.
final class Inbox: @unchecked Sendable {
    /// One input.
    enum Input: Sendable {
        /// An event for the player (the owner's, a report of the host's own I/O).
        case event(MediaEvent)
        /// The file player's end (it does not know which flow it plays; the host does).
        case file(AudioPlayerEvent)
        /// Nothing to hand over: run a step (the video engine has a frame or a report).
        case wake
    }

    private let condition = NSCondition()
    private var inputs: [Input] = []

    /// Adds `input` and wakes the loop.
    func post(_ input: Input) {
        condition.lock()
        inputs.append(input)
        condition.signal()
        condition.unlock()
    }

    /// Everything posted so far, in order, leaving the inbox empty.
    func takeAll() -> [Input] {
        condition.lock()
        defer { condition.unlock() }
        let taken = inputs
        inputs.removeAll(keepingCapacity: true)
        return taken
    }

    /// Blocks until something is posted, `deadline` passes or `isStopping()` turns true (checked under the lock).
    func wait(until deadline: Date?, isStopping: () -> Bool) {
        condition.lock()
        defer { condition.unlock() }
        while inputs.isEmpty, !isStopping() {
            if let deadline {
                if !condition.wait(until: deadline) { return }
            } else {
                condition.wait()
            }
        }
    }

    /// Wakes a waiting loop without an input (to stop it).
    func wake() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }
}

/// The real-time loop's thread: runs `step` with the monotonic clock (seconds since start), then sleeps until
/// the next input or the time `step` asked to be run again.
final class LoopThread: @unchecked Sendable {
    private let inbox: Inbox
    private let lock = NSLock()
    private var running = true
    private let done = DispatchSemaphore(value: 0)

    init(inbox: Inbox, step: @escaping @Sendable (Double) -> Double?) {
        self.inbox = inbox
        let thread = Thread { [self] in
            let start = ContinuousClock.now
            func seconds() -> Double {
                let elapsed = ContinuousClock.now - start
                return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            }
            while isRunning {
                let now = seconds()
                let wake = step(now)
                let deadline = wake.map { Date(timeIntervalSinceNow: max(0, $0 - now)) }
                inbox.wait(until: deadline) { !self.isRunning }
            }
            done.signal()
        }
        thread.name = "MediaHost"
        thread.start()
    }

    private var isRunning: Bool { lock.withLock { running } }

    /// Ends the loop and waits until its thread has left it.
    func stop() {
        lock.withLock { running = false }
        inbox.wake()
        done.wait()
    }
}
