import Crypto
import Foundation
import Logging

/// Downloads the segments of one media playlist into a partial file, at most `concurrency` at a time,
/// appending each in playlist order as soon as it and its predecessors are complete (see
/// ``SegmentScheduler`` for the memory bound), and recording resume state after each append.
struct SegmentPipeline: Sendable {
    let plan: SegmentPlan
    let fetcher: HTTPFetcher
    let keys: KeyStore
    let meter: BufferMeter
    let configuration: DownloadConfiguration
    let logger: Logger

    /// Where a run starts and what it has written so far.
    struct Position: Sendable {
        var segmentsWritten: Int
        var bytesWritten: Int64
    }

    /// Fetches segments `start.segmentsWritten...` and appends them to `output`. `written` is called after
    /// each append (in order, from this task) with the new position and may persist it.
    func run(output: any OutputFile, start: Position, hasher: inout SHA256,
             written: (Position) throws(DownloadError) -> Void) async throws {
        var scheduler = SegmentScheduler(segmentCount: plan.segments.count,
                                         concurrency: configuration.effectiveConcurrency,
                                         firstSegment: start.segmentsWritten)
        var position = start
        var finished: [Int: [UInt8]] = [:]
        try await withThrowingTaskGroup(of: (Int, [UInt8]).self) { group in
            while let index = scheduler.startNext() {
                group.addTask { (index, try await fetchSegment(index)) }
            }
            while !scheduler.isComplete {
                guard let (index, bytes) = try await group.next() else { break }
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
                    group.addTask { (index, try await fetchSegment(index)) }
                }
            }
        }
        guard scheduler.isComplete else {
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
