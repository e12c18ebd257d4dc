import Foundation

/// Work handed to the main loop from any thread, run at the next frame with the frame's time.
///
/// The audio player is pumped on the main thread every frame and is not thread-safe, while the player
/// driver may call the audio plug-in from a download thread; this queue moves those calls onto the main
/// thread. Thread-safe; ``tick(at:)`` must be called on the main thread.
final class MainThreadQueue: FrameTicker, @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [(Double) -> Void] = []
    private let waker: Waker?

    /// `waker` (if any) is signalled on every enqueue so a sleeping loop picks the work up promptly.
    init(waker: Waker?) {
        self.waker = waker
    }

    /// Runs `work` on the main thread at the next frame, with that frame's time.
    func async(_ work: @escaping (Double) -> Void) {
        lock.withLock { pending.append(work) }
        waker?.signal()
    }

    /// Called at the start of every tick with the frame's time (main thread).
    var onTick: ((Double) -> Void)?

    /// Runs everything queued so far (and anything that work queues meanwhile), in order.
    func tick(at t: Double) {
        onTick?(t)
        while true {
            let batch = lock.withLock { () -> [(Double) -> Void] in
                defer { pending.removeAll() }
                return pending
            }
            if batch.isEmpty { return }
            for work in batch { work(t) }
        }
    }
}
