import Foundation
import Logging

/// Downloads the segments of one media playlist into a partial file, at most `concurrency` at a time,
/// appending each in playlist order as soon as it and its predecessors are complete (see
/// ``SegmentScheduler`` for the memory bound), and checkpointing the position for resuming at most every
/// ``checkpointInterval``.
struct SegmentPipeline: Sendable {
    let plan: SegmentPlan
    let fetcher: HTTPFetcher
    let keys: KeyStore
    let meter: BufferMeter
    let configuration: DownloadConfiguration
    let logger: Logger
    /// Shortest time between two checkpoints while segments keep arriving. Persisting after every segment
    /// (an open, write and rename each) cost about a quarter of the CPU time on streams of many small segments.
    var checkpointInterval: Duration = .milliseconds(250)

    /// Where a run starts and what it has written so far.
    struct Position: Sendable, Equatable {
        var segmentsWritten: Int
        var bytesWritten: Int64
    }

    /// What a child task of the pipeline delivers.
    private enum Event: Sendable {
        /// Segment `index` fetched: the bytes to append.
        case segment(Int, [UInt8])
        /// The checkpoint interval has passed since the last checkpoint.
        case checkpointDue
    }

    /// Fetches segments `start.segmentsWritten...` and appends them to `output`.
    ///
    /// `written` is called after each append (in order, from this task) with the new position, e.g. for
    /// progress. `checkpoint` is called with the latest position when it should be persisted for resuming:
    /// at most every ``checkpointInterval`` while segments arrive, within that interval of the last append
    /// when they stop (a stalled request), and once more when the run fails or is cancelled. A position is
    /// passed only after its bytes were appended, so a recorded position never claims more than the file
    /// holds (it may lag behind it; resuming truncates to it). Not called after the last segment: the caller
    /// finishes the file then.
    func run(output: any OutputFile, start: Position, hasher: inout SHA256Hasher,
             written: (Position) throws(DownloadError) -> Void,
             checkpoint: (Position) throws(DownloadError) -> Void) async throws {
        var scheduler = SegmentScheduler(segmentCount: plan.segments.count,
                                         concurrency: configuration.effectiveConcurrency,
                                         firstSegment: start.segmentsWritten)
        var position = start
        var checkpointed = start
        let clock = ContinuousClock()
        var lastCheckpoint = clock.now
        var timerArmed = false
        var finished: [Int: [UInt8]] = [:]
        do {
            try await withThrowingTaskGroup(of: Event.self) { group in
                while let index = scheduler.startNext() {
                    startFetching(index, in: &group)
                }
                while !scheduler.isComplete {
                    // Every decision the last event caused has been made (and traced) by now.
                    logger.trace("segments waiting")
                    guard let event = try await group.next() else { break }
                    switch event {
                    case .checkpointDue:
                        timerArmed = false
                    case .segment(let index, let bytes):
                        logger.trace("segment fetched", metadata: ["segment": "\(index)"])
                        scheduler.finished(index)
                        finished[index] = bytes
                        while let next = scheduler.nextWritable() {
                            guard let payload = finished.removeValue(forKey: next) else { continue }
                            try output.append(payload)
                            hasher.update(data: payload)
                            meter.remove(payload.count)
                            position.segmentsWritten = next + 1
                            position.bytesWritten += Int64(payload.count)
                            try written(position)
                        }
                        while let index = scheduler.startNext() {
                            startFetching(index, in: &group)
                        }
                    }
                    guard position != checkpointed, !scheduler.isComplete else { continue }
                    let now = clock.now
                    if now - lastCheckpoint >= checkpointInterval {
                        try checkpoint(position)
                        checkpointed = position
                        lastCheckpoint = now
                    } else if !timerArmed {
                        // Persist even if no further segment arrives (e.g. the next one stalls).
                        timerArmed = true
                        let due = lastCheckpoint + checkpointInterval
                        group.addTask {
                            try? await Task.sleep(until: due, clock: clock)
                            return .checkpointDue
                        }
                    }
                }
                // Stop a pending timer instead of waiting for it.
                group.cancelAll()
            }
        } catch {
            // Record what is on disk so a resume continues from there; the run's error matters more than
            // a failure to record it.
            if position != checkpointed { try? checkpoint(position) }
            throw error
        }
        guard scheduler.isComplete else {
            if position != checkpointed { try? checkpoint(position) }
            throw DownloadError(.network, .download, "download stopped before all segments were written")
        }
    }

    /// Starts fetching segment `index` in `group`. The trace line is written here, where the scheduler decides,
    /// so the log's order of "segment requested" and "segment fetched" is the pipeline's own (tests count the
    /// segments in flight from it).
    private func startFetching(_ index: Int, in group: inout ThrowingTaskGroup<Event, any Error>) {
        logger.trace("segment requested", metadata: ["segment": "\(index)"])
        group.addTask { .segment(index, try await fetchSegment(index)) }
    }

    /// The bytes to append for segment `index`: its init section when it starts a new one, then the
    /// (decrypted) segment.
    func fetchSegment(_ index: Int) async throws -> [UInt8] {
        try await SegmentFetcher(fetcher: fetcher, keys: keys, meter: meter, configuration: configuration)
            .payload(for: plan.segments[index], label: index, withInitSection: plan.needsInitSection(before: index))
    }
}
