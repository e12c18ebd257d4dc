import Foundation

/// Decoded PCM waiting to be played, bounded in frames: a writer that finds it full waits until the reader has
/// taken enough (back-pressure), so a stream never buffers without bound however long it plays.
///
/// One writer task and one reader thread; ``write(_:)`` is async (it suspends while full), ``read(maxFrames:)``
/// never blocks. ``close()`` wakes a waiting writer and makes every later write fail.
///
/// ```swift
/// let buffer = PCMBuffer(capacityFrames: 44_100 * 8, channels: 2)
/// // decoding task:
/// guard await buffer.write(pcm) else { return }   // false once closed or cancelled
/// // output thread:
/// let samples = buffer.read(maxFrames: 2048)
/// ```
public final class PCMBuffer: @unchecked Sendable {
    /// The most frames held before writers wait (a single write larger than this is accepted when empty).
    public let capacityFrames: Int
    /// Interleaved channels per frame.
    public let channels: Int
    private let lock = NSLock()
    private var samples: [Int16] = []
    private var readIndex = 0
    private var closed = false
    private var waiter: CheckedContinuation<Bool, Never>?
    private var waitingFor = 0
    /// The largest number of frames ever held (for tests of the memory bound).
    public private(set) var peakFrames = 0

    /// Creates an empty buffer.
    public init(capacityFrames: Int, channels: Int) {
        self.capacityFrames = max(capacityFrames, 1)
        self.channels = max(channels, 1)
    }

    /// Frames held.
    public var frames: Int {
        lock.withLock { (samples.count - readIndex) / channels }
    }

    /// Appends `pcm` (interleaved), waiting while it would not fit. Returns false if the buffer was closed (or
    /// the task cancelled) before it fit; the samples are then dropped.
    public func write(_ pcm: [Int16]) async -> Bool {
        let needed = pcm.count / channels
        while true {
            let ready: Bool? = lock.withLock {
                if closed { return false }
                let held = (samples.count - readIndex) / channels
                guard held == 0 || held + needed <= capacityFrames else { return nil }
                samples += pcm
                peakFrames = max(peakFrames, held + needed)
                return true
            }
            if let ready { return ready }
            if Task.isCancelled { return false }
            let woken = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                    let resumeNow: Bool? = lock.withLock {
                        // Checked under the lock: cancellation is flagged before `onCancel` runs, so either
                        // this sees it or `onCancel` finds the stored continuation.
                        if closed || Task.isCancelled { return false }
                        let held = (samples.count - readIndex) / channels
                        if held == 0 || held + needed <= capacityFrames { return true }
                        waiter = continuation
                        waitingFor = needed
                        return nil
                    }
                    if let resumeNow { continuation.resume(returning: resumeNow) }
                }
            } onCancel: {
                let continuation: CheckedContinuation<Bool, Never>? = lock.withLock {
                    defer { waiter = nil }
                    return waiter
                }
                continuation?.resume(returning: false)
            }
            if !woken { return false }
        }
    }

    /// Takes up to `maxFrames` frames, oldest first; empty when nothing is held. Wakes a waiting writer once its
    /// samples fit.
    public func read(maxFrames: Int) -> [Int16] {
        let (taken, wake): ([Int16], CheckedContinuation<Bool, Never>?) = lock.withLock {
            let available = (samples.count - readIndex) / channels
            let count = min(max(maxFrames, 0), available) * channels
            let taken = Array(samples[readIndex..<(readIndex + count)])
            readIndex += count
            if readIndex == samples.count {
                samples.removeAll(keepingCapacity: true)
                readIndex = 0
            } else if readIndex > samples.count / 2 {
                samples.removeFirst(readIndex)
                readIndex = 0
            }
            let held = (samples.count - readIndex) / channels
            guard let waiter, held == 0 || held + waitingFor <= capacityFrames else { return (taken, nil) }
            self.waiter = nil
            return (taken, waiter)
        }
        wake?.resume(returning: true)
        return taken
    }

    /// Drops everything held (a waiting writer is woken).
    public func removeAll() {
        let wake: CheckedContinuation<Bool, Never>? = lock.withLock {
            samples.removeAll(keepingCapacity: true)
            readIndex = 0
            defer { waiter = nil }
            return waiter
        }
        wake?.resume(returning: true)
    }

    /// Closes the buffer: a waiting writer is woken with `false`, later writes fail, what is held stays readable.
    public func close() {
        let wake: CheckedContinuation<Bool, Never>? = lock.withLock {
            closed = true
            defer { waiter = nil }
            return waiter
        }
        wake?.resume(returning: false)
    }
}
