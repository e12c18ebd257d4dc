import Downloader
import Foundation
import VideoCore

/// One segment download in flight: its job, the request's progress (for the meter and the abandonment rule),
/// and, once done, the bytes or the error.
final class SegmentFetch: @unchecked Sendable {
    /// What is being fetched.
    let job: SegmentJob
    /// The meter's request id.
    let id: Int
    /// When the request started (feeder clock).
    let started: Double
    /// Whether this fetch replaces an abandoned or failed one (it is not replaced again).
    let isRetry: Bool
    private let lock = NSLock()
    private var received = 0
    private var firstByte: Double?
    private var outcome: Result<[UInt8], any Error>?
    private var task: Task<Void, Never>?
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0

    init(job: SegmentJob, id: Int, started: Double, isRetry: Bool) {
        self.job = job
        self.id = id
        self.started = started
        self.isRetry = isRetry
    }

    /// Starts the download: the init section (from `initCache` when already fetched) and the segment.
    func start(loader: HLSMediaLoader, initCache: InitSectionCache, abr: ABRController, clock: @escaping @Sendable () -> Double,
               onDone: @escaping @Sendable () -> Void) {
        let job = job
        let id = id
        abr.begin(id, at: started)
        task = Task { [self] in
            do {
                var initBytes: [UInt8]?
                if let section = job.initSection {
                    initBytes = try await initCache.bytes(for: section, sequenceNumber: job.segment.sequenceNumber, loader: loader)
                }
                let body = try await loader.segment(job.segment, label: job.index, maxAttempts: 2) { count in
                    let now = clock()
                    self.progress(count, at: now)
                    abr.received(id, bytes: count, at: now)
                }
                abr.end(id, at: clock())
                finish(.success(SegmentPlan.demuxerInput(initBytes: initBytes, segmentBytes: body)))
            } catch {
                abr.cancel(id, at: clock())
                finish(.failure(error))
            }
            onDone()
        }
    }

    private func progress(_ count: Int, at time: Double) {
        lock.lock()
        received += count
        if firstByte == nil { firstByte = time }
        lock.unlock()
    }

    private func finish(_ result: Result<[UInt8], any Error>) {
        lock.lock()
        outcome = result
        let waiting = waiters.values
        waiters = [:]
        lock.unlock()
        for waiter in waiting { waiter.resume() }
    }

    /// Returns once the download is done, or after `limit` (whichever comes first), or when cancelled.
    func wait(upTo limit: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.done() }
            group.addTask { try? await Task.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Suspends until the download is done (or the waiting task is cancelled).
    private func done() async {
        let id: Int = {
            lock.lock()
            defer { lock.unlock() }
            nextWaiter += 1
            return nextWaiter
        }()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                lock.lock()
                if outcome != nil || Task.isCancelled {
                    lock.unlock()
                    continuation.resume()
                    return
                }
                waiters[id] = continuation
                lock.unlock()
            }
        } onCancel: {
            lock.lock()
            let waiter = waiters.removeValue(forKey: id)
            lock.unlock()
            waiter?.resume()
        }
    }

    /// Stops the download (its request is cancelled).
    func cancel() { task?.cancel() }

    /// The outcome, once done.
    var result: Result<[UInt8], any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return outcome
    }

    /// Bytes received so far and the time of the first one.
    var progress: (received: Int, firstByte: Double?) {
        lock.lock()
        defer { lock.unlock() }
        return (received, firstByte)
    }
}
