import AsyncHTTPClient
import Crypto
import Foundation
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Records a media playlist, live or not, into one file and an event sequence (see
/// ``HLSDownloader/record(_:to:options:)``): the driver of ``LiveRecordingMachine``, which makes every decision.
///
/// One task feeds the machine its events and runs its commands: child tasks fetch segments (``SegmentFetcher``),
/// sleep on the injected ``LiveClock`` until a reload is due, reload the playlist once (``PlaylistLoader``), and
/// wait for ``LiveRecording/stop()``; the loop alone appends to the file, hashes what it writes and yields the
/// events. On ``LiveRecordingMachine/Command/finish(_:)`` it abandons what is in flight, renames `FILE.part` to
/// `FILE` and reports the result; on ``LiveRecordingMachine/Command/abort(_:)`` (or an I/O error) it removes
/// `FILE.part` and throws.
struct LiveRecorder: Sendable {
    let path: String?
    let options: LiveRecordingOptions
    let configuration: DownloadConfiguration
    let logger: Logger
    let client: HTTPClient
    let makeOutputFile: @Sendable (String) throws(DownloadError) -> any OutputFile
    let events: LiveEvents
    let stopSignal: LiveStopSignal

    func run(_ stream: ResolvedStream, fetcher: HTTPFetcher) async throws -> LiveRecordingResult {
        let started = ContinuousClock.now
        let clock = options.clock
        let partialPath = path.map { $0 + ".part" }
        // Made anew (O_EXCL: never a file someone placed there, POSIXOutputFile).
        if let partialPath { unlink(partialPath) }
        let output = try partialPath.map { path throws(DownloadError) in try makeOutputFile(path) }
        if let output, output.size > 0 { try output.truncate(to: 0) }
        let meter = BufferMeter()
        let segmentFetcher = SegmentFetcher(fetcher: fetcher, keys: KeyStore(fetcher: fetcher), meter: meter,
                                            configuration: configuration)
        let loader = PlaylistLoader(fetcher: fetcher, configuration: configuration)
        logger.info("recording", metadata: [
            "playlist": "\(stream.mediaPlaylist.url.redactedString)", "live": "\(stream.isLive)",
            "output": "\(path ?? "-")",
        ])

        let settings = LiveRecordingMachine.Settings(
            start: options.start, duration: options.duration, concurrency: configuration.effectiveConcurrency,
            maxConsecutiveSegmentFailures: options.maxConsecutiveSegmentFailures,
            maxReloadFailures: options.maxReloadFailures, partialPath: partialPath, deliversBytes: options.deliversBytes)
        var machine = LiveRecordingMachine(playlist: stream.mediaPlaylist, bytes: stream.loaded.bytes,
                                           settings: settings, now: clock.now)
        var hasher = SHA256()

        do {
            try await withThrowingTaskGroup(of: LiveRecordingMachine.Event?.self) { group in
                let signal = stopSignal
                group.addTask { await signal.wait() ? .stopRequested : nil }

                /// Runs the machine's commands in order; returns false once it finished.
                func perform(_ commands: [LiveRecordingMachine.Command]) throws -> Bool {
                    for command in commands {
                        switch command {
                        case .fetch(let position, let segment, let withInit):
                            // Logged where the machine decides, so tests count the segments in flight from the log.
                            logger.trace("segment requested", metadata: ["segment": "\(segment.sequenceNumber)"])
                            group.addTask {
                                do {
                                    let bytes = try await segmentFetcher.payload(for: segment, label: segment.sequenceNumber,
                                                                                 withInitSection: withInit)
                                    return .segmentFetched(position: position, bytes: bytes)
                                } catch let error as DownloadError where error.kind != .cancelled {
                                    return .segmentFailed(position: position, error)
                                }
                            }
                        case .scheduleReload(let due):
                            group.addTask {
                                try await clock.sleep(until: due)
                                return .reloadDue
                            }
                        case .reload:
                            group.addTask {
                                do {
                                    // One attempt: the machine's reload policy does the retrying (§6.3.4 timing).
                                    return .reloaded(try await loader.load(stream.mediaPlaylistURL, masterVariables: stream.masterVariables,
                                                                           maxAttempts: 1, logsWarnings: false))
                                } catch let error as DownloadError where error.kind != .cancelled {
                                    return .reloadFailed(error)
                                }
                            }
                        case .write(let bytes, let segment):
                            if let output { try output.append(bytes) }
                            hasher.update(data: bytes)
                            meter.remove(bytes.count)
                            events.yield(.segment(segment))
                        case .reportGap(let gap):
                            events.yield(.gap(gap))
                        case .retryReload(let notice):
                            configuration.retryObserver?(notice)
                            fetcher.counter.countRetry()
                        case .warn(let message, let error):
                            logger.warning("\(message)", metadata: error.map { ["error": "\($0)"] })
                        case .logError(let message, let error):
                            logger.error("\(message)", metadata: ["error": "\(error)"])
                        case .finish:
                            return false
                        case .abort(let error):
                            throw error
                        }
                    }
                    return true
                }

                var running = try perform(machine.start())
                while running {
                    // `nil` from the group: nothing left to wait for (the stop signal's task was cancelled).
                    guard let event = try await group.next() else { break }
                    guard let event else { continue }  // the stop signal was cancelled, not fired
                    switch event {
                    case .segmentFetched(let position, _):
                        logger.trace("segment fetched", metadata: ["position": "\(position)"])
                    case .segmentFailed(let position, _):
                        logger.trace("segment fetched", metadata: ["position": "\(position)", "failed": "true"])
                    default:
                        break
                    }
                    running = try perform(machine.handle(event, now: clock.now))
                }
                group.cancelAll()
            }
        } catch {
            events.finish()
            try? output?.close()
            if let partialPath { unlink(partialPath) }
            throw error
        }
        events.finish()

        let progress = machine.progress
        // Into place (whole segments only), unless nothing at all was recorded because of an error.
        if case .failed(let error) = machine.stopReason, progress.segments == 0 {
            try? output?.close()
            if let partialPath { unlink(partialPath) }
            throw error
        }
        try output?.close()
        if let partialPath, let path {
            guard rename(partialPath, path) == 0 else {
                throw POSIXOutputFile.error("cannot rename \(partialPath) to \(path)", path: path)
            }
        }
        let digest = hasher.finalize().map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        let reason = machine.stopReason ?? .stopped
        logger.info("recorded", metadata: [
            "output": "\(path ?? "-")", "seconds": "\(progress.duration)", "gaps": "\(progress.gapCount)",
            "reason": "\(reason)",
        ])
        return LiveRecordingResult(
            path: path, bytes: progress.bytes, segments: progress.segments, recordedDuration: progress.duration,
            sequences: progress.firstSequence.flatMap { first in progress.lastSequence.map { first ... $0 } },
            gaps: progress.gaps, gapCount: progress.gapCount, missedSegments: progress.missed, stopReason: reason,
            track: stream.track, mediaPlaylistURL: stream.loaded.finalURL.redactedString, sha256: digest,
            playlistLoads: progress.playlistLoads, requests: fetcher.counter.requests, retries: fetcher.counter.retries,
            peakBufferedBytes: meter.peak, elapsed: ContinuousClock.now - started)
    }
}
