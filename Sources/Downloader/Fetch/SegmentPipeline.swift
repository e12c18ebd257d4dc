import Crypto
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
    func run(output: any OutputFile, start: Position, hasher: inout SHA256,
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
                    group.addTask { .segment(index, try await fetchSegment(index)) }
                }
                while !scheduler.isComplete {
                    guard let event = try await group.next() else { break }
                    switch event {
                    case .checkpointDue:
                        timerArmed = false
                    case .segment(let index, let bytes):
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
                            group.addTask { .segment(index, try await fetchSegment(index)) }
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

    /// The bytes to append for segment `index`: its init section when it starts a new one, then the
    /// (decrypted) segment.
    func fetchSegment(_ index: Int) async throws -> [UInt8] {
        let segment = plan.segments[index]
        var payload: [UInt8] = []
        if plan.needsInitSection(before: index), let section = segment.initSection {
            let request = FetchRequest(url: section.uri, range: section.byteRange,
                                       maxBytes: configuration.maxSegmentBytes) {
                .initSection(url: $0, byteRange: section.byteRange)
            }
            payload = try await fetcher.fetch(request, meter: meter).bytes
            if let key = section.key {
                // Encrypted with the key in effect at its EXT-X-MAP tag, whose IV is explicit (§4.3.2.5).
                let subject = DownloadError.Subject.initSection(url: section.uri.redactedString,
                                                                byteRange: section.byteRange)
                payload = try await decrypt(payload, key: key,
                                            iv: key.initializationVector(forSequenceNumber: segment.sequenceNumber),
                                            subject: subject)
            }
        }
        let request = FetchRequest(url: segment.uri, range: segment.byteRange,
                                   maxBytes: configuration.maxSegmentBytes) {
            .segment(index: index, url: $0, byteRange: segment.byteRange)
        }
        var body: [UInt8]
        do {
            body = try await fetcher.fetch(request, meter: meter).bytes
        } catch {
            meter.remove(payload.count)
            throw error
        }
        if let key = segment.key {
            let subject = DownloadError.Subject.segment(index: index, url: segment.uri.redactedString,
                                                        byteRange: segment.byteRange)
            do {
                body = try await decrypt(body, key: key,
                                         iv: key.initializationVector(forSequenceNumber: segment.sequenceNumber),
                                         subject: subject)
            } catch {
                meter.remove(payload.count)
                throw error
            }
        }
        if payload.isEmpty { return body }
        payload.append(contentsOf: body)
        return payload
    }

    /// Decrypts `ciphertext` (already counted by the meter) with the AES-128 key at `key.uri`, replacing its
    /// count by the plaintext's; on failure the ciphertext's count is removed.
    private func decrypt(_ ciphertext: [UInt8], key: SegmentKey, iv: [UInt8],
                         subject: DownloadError.Subject) async throws -> [UInt8] {
        do {
            let keyBytes = try await keys.key(at: key.uri)
            let plain = try SegmentDecryptor.decrypt(ciphertext, key: keyBytes, iv: iv, subject: subject)
            meter.remove(ciphertext.count)
            meter.add(plain.count)
            return plain
        } catch {
            meter.remove(ciphertext.count)
            throw error
        }
    }
}
