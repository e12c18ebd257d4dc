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
/// ``HLSDownloader/record(_:to:options:)``).
///
/// One task runs the loop; child tasks fetch segments (at most `concurrency` in flight, ``SegmentScheduler``'s
/// memory rule), wait on the injected ``LiveClock`` for the next reload, reload the playlist, and wait for
/// ``LiveRecording/stop()``. The loop alone touches the file and the state:
///
/// - snapshot loaded → ``LiveSegmentTracker`` gives the new entries (segments, gaps) → appended to the
///   scheduler's queue; the next reload is due per ``LiveReloadPolicy``, measured from when this load began;
/// - segment fetched → appended in order with every finished predecessor; a gap entry is reported in its
///   place; a segment that failed after its retries becomes a gap (too many in a row stop the recording);
/// - it stops when the duration is planned and written, when `EXT-X-ENDLIST` was seen and everything is
///   written, on stop (abandoning requests in flight), or on an error retrying cannot fix (after writing what
///   is queued).
struct LiveRecorder: Sendable {
    let path: String?
    let options: LiveRecordingOptions
    let configuration: DownloadConfiguration
    let logger: Logger
    let client: HTTPClient
    let makeOutputFile: @Sendable (String) throws(DownloadError) -> any OutputFile
    let events: LiveEvents
    let stopSignal: LiveStopSignal

    /// What fills one position of the recording.
    private enum Slot: Sendable {
        case segment(MediaSegment, discontinuity: Bool, withInitSection: Bool)
        case gap(LiveGap)
    }

    /// What a position came to.
    private enum Outcome: Sendable {
        case bytes([UInt8])
        case failed(DownloadError)
        case gap
    }

    /// What a child task reports.
    private enum Event: Sendable {
        case fetched(Int, [UInt8])
        case fetchFailed(Int, DownloadError)
        case reloadDue
        case reloaded(LoadedPlaylist, began: Duration)
        case reloadFailed(DownloadError, began: Duration)
        case stop
        case stopCancelled
    }

    /// Everything the loop changes.
    private struct Progress {
        var bytes: Int64 = 0
        var segments = 0
        var duration = 0.0
        var firstSequence: Int?
        var lastSequence: Int?
        var gaps: [LiveGap] = []
        var gapCount = 0
        var missed = 0
        var afterGap = false
        var consecutiveFailures = 0
        var playlistLoads = 1

        mutating func record(_ gap: LiveGap) {
            if gaps.count < 1000 { gaps.append(gap) }
            gapCount += 1
            missed += gap.missedSegments
            afterGap = true
        }
    }

    func run(_ stream: ResolvedStream, fetcher: HTTPFetcher) async throws -> LiveRecordingResult {
        let started = ContinuousClock.now
        let clock = options.clock
        let partialPath = path.map { $0 + ".part" }
        let output = try partialPath.map { path throws(DownloadError) in try makeOutputFile(path) }
        if let output, output.size > 0 { try output.truncate(to: 0) }
        let meter = BufferMeter()
        let segmentFetcher = SegmentFetcher(fetcher: fetcher, keys: KeyStore(fetcher: fetcher), meter: meter,
                                            configuration: configuration)
        let loader = PlaylistLoader(fetcher: fetcher, configuration: configuration)
        let reloadURL = stream.mediaPlaylistURL
        logger.info("recording", metadata: [
            "playlist": "\(stream.mediaPlaylist.url.redactedString)", "live": "\(stream.isLive)",
            "output": "\(path ?? "-")",
        ])

        var tracker = LiveSegmentTracker(start: options.start, durationLimit: options.duration)
        var scheduler = SegmentScheduler(segmentCount: 0, concurrency: configuration.effectiveConcurrency)
        var slots: [Int: Slot] = [:]
        var outcomes: [Int: Outcome] = [:]
        var lastQueuedInitSection: InitSection?
        var policy = LiveReloadPolicy(targetDuration: .seconds(max(1, stream.mediaPlaylist.targetDuration)))
        var lastLoadBegan = clock.now
        var lastBytes = stream.loaded.bytes
        // The first load logged its warnings; reloads log a kind of warning only the first time it appears.
        var warnedKinds = Set(stream.mediaPlaylist.warnings.map(\.kind))
        var lastOutcome = LiveReloadPolicy.Outcome.changed
        var reloadFailures = 0
        var reloadPending = false
        var fatal: DownloadError?
        var stopReason: LiveStopReason?
        var hasher = SHA256()
        var progress = Progress()

        /// Queues the entries of a snapshot; refuses encryption it cannot decrypt before fetching anything.
        func enqueue(_ entries: [LiveSegmentTracker.Entry], playlistURL: URL) throws(DownloadError) {
            let newSegments = entries.compactMap { entry -> MediaSegment? in
                if case .segment(let segment, _) = entry { return segment }
                return nil
            }
            if let error = SegmentPlan(segments: newSegments).unsupportedEncryption(playlistURL: playlistURL) {
                throw error
            }
            for entry in entries {
                let position = scheduler.segmentCount
                switch entry {
                case .segment(let segment, let discontinuity):
                    let withInit = segment.initSection != nil && segment.initSection != lastQueuedInitSection
                    lastQueuedInitSection = segment.initSection
                    slots[position] = .segment(segment, discontinuity: discontinuity, withInitSection: withInit)
                case .gap(let gap):
                    slots[position] = .gap(gap)
                }
                scheduler.append(1)
            }
        }

        /// Appends every position whose turn has come: segment bytes to the file and the events, gaps to the events.
        func writeReady() throws(DownloadError) {
            while let position = scheduler.nextWritable() {
                guard let slot = slots.removeValue(forKey: position) else { continue }
                let outcome = outcomes.removeValue(forKey: position) ?? .gap
                switch (slot, outcome) {
                case (.gap(let gap), _):
                    progress.record(gap)
                    events.yield(.gap(gap))
                case (.segment(let segment, _, _), .failed(let error)):
                    let gap = LiveGap(sequences: segment.sequenceNumber ... segment.sequenceNumber,
                                      reason: .fetchFailed(error), estimatedDuration: segment.duration)
                    progress.record(gap)
                    events.yield(.gap(gap))
                case (.segment(let segment, let discontinuity, _), .bytes(let bytes)):
                    let offset = progress.bytes
                    if let output {
                        try output.append(bytes)
                    }
                    hasher.update(data: bytes)
                    meter.remove(bytes.count)
                    progress.bytes += Int64(bytes.count)
                    progress.segments += 1
                    progress.duration += segment.duration
                    progress.firstSequence = progress.firstSequence ?? segment.sequenceNumber
                    progress.lastSequence = segment.sequenceNumber
                    let region = partialPath.map { LiveFileRegion(path: $0, offset: offset, length: bytes.count) }
                    events.yield(.segment(LiveSegment(
                        sequenceNumber: segment.sequenceNumber, discontinuitySequence: segment.discontinuitySequence,
                        duration: segment.duration, discontinuity: discontinuity || progress.afterGap,
                        uri: segment.uri.redactedString, file: region,
                        bytes: output == nil || options.deliversBytes ? bytes : nil,
                        recordedDuration: progress.duration)))
                    progress.afterGap = false
                case (.segment, .gap):
                    continue
                }
            }
        }

        do {
            try await withThrowingTaskGroup(of: Event.self) { group in
                let signal = stopSignal
                group.addTask { await signal.wait() ? .stop : .stopCancelled }

                /// Starts fetches while the scheduler allows; gap positions finish at once.
                func startFetches() throws(DownloadError) {
                    try writeReady()
                    while let position = scheduler.startNext() {
                        switch slots[position] {
                        case .segment(let segment, _, let withInit)?:
                            // Written where the scheduler decides, so tests count the segments in flight from the log.
                            logger.trace("segment requested", metadata: ["segment": "\(segment.sequenceNumber)"])
                            group.addTask {
                                do {
                                    let bytes = try await segmentFetcher.payload(for: segment, label: segment.sequenceNumber,
                                                                                 withInitSection: withInit)
                                    return .fetched(position, bytes)
                                } catch let error as DownloadError where error.kind != .cancelled {
                                    return .fetchFailed(position, error)
                                }
                            }
                        case .gap?, nil:
                            scheduler.finished(position)
                            outcomes[position] = .gap
                            try writeReady()
                        }
                    }
                }

                /// Arms the reload timer unless the playlist ended, the duration is planned, an error stopped
                /// reloading, or a reload is already pending.
                func scheduleReload() {
                    guard !tracker.ended, !tracker.limitReached, fatal == nil, !reloadPending else { return }
                    reloadPending = true
                    let due = lastLoadBegan + policy.delay(after: lastOutcome)
                    group.addTask {
                        try await clock.sleep(until: due)
                        return .reloadDue
                    }
                }

                try enqueue(tracker.accept(stream.mediaPlaylist), playlistURL: stream.mediaPlaylist.url)
                try startFetches()
                scheduleReload()

                /// Why to stop now that everything queued is written, if anything says so.
                func finishedReason() -> LiveStopReason? {
                    guard scheduler.isComplete else { return nil }
                    if tracker.limitReached { return .duration }
                    if let fatal { return .failed(fatal) }
                    if tracker.ended { return .endList }
                    return nil
                }

                while stopReason == nil {
                    if let reason = finishedReason() {
                        stopReason = reason
                        break
                    }
                    guard let event = try await group.next() else { break }
                    switch event {
                    case .stop:
                        stopReason = .stopped
                    case .stopCancelled:
                        continue
                    case .fetched(let position, let bytes):
                        logger.trace("segment fetched", metadata: ["position": "\(position)"])
                        scheduler.finished(position)
                        outcomes[position] = .bytes(bytes)
                        progress.consecutiveFailures = 0
                        try startFetches()
                    case .fetchFailed(let position, let error):
                        logger.trace("segment fetched", metadata: ["position": "\(position)", "failed": "true"])
                        scheduler.finished(position)
                        outcomes[position] = .failed(error)
                        if case .segment(let segment, _, _)? = slots[position] {
                            tracker.segmentFailed(duration: segment.duration)
                        }
                        logger.warning("segment failed; recorded as a gap", metadata: ["error": "\(error)"])
                        progress.consecutiveFailures += 1
                        if progress.consecutiveFailures >= max(1, options.maxConsecutiveSegmentFailures) {
                            // The rest would fail alike (e.g. an expired token): stop with what is written.
                            try writeReady()
                            fatal = error
                            stopReason = .failed(error)
                            continue
                        }
                        try startFetches()
                        scheduleReload()
                    case .reloadDue:
                        let began = clock.now
                        group.addTask {
                            do {
                                // One attempt: the reload policy does the retrying (§6.3.4 timing).
                                return .reloaded(try await loader.load(reloadURL, masterVariables: stream.masterVariables, maxAttempts: 1,
                                                                       logsWarnings: false), began: began)
                            } catch let error as DownloadError where error.kind != .cancelled {
                                return .reloadFailed(error, began: began)
                            }
                        }
                    case .reloaded(let loaded, let began):
                        progress.playlistLoads += 1
                        reloadPending = false
                        lastLoadBegan = began
                        reloadFailures = 0
                        guard case .media(let media) = loaded.playlist else {
                            fatal = DownloadError(.invalidPlaylist, .playlist(url: loaded.finalURL.redactedString, line: nil),
                                                  "a reload returned a master playlist instead of the media playlist")
                            continue
                        }
                        for warning in media.warnings where warnedKinds.insert(warning.kind).inserted {
                            logger.warning("playlist: \(warning) (logged once per recording)")
                        }
                        policy.targetDuration = .seconds(max(1, media.targetDuration))
                        let changed = loaded.bytes != lastBytes
                        lastBytes = loaded.bytes
                        lastOutcome = changed ? .changed : .unchanged
                        if changed {
                            try enqueue(tracker.accept(media), playlistURL: media.url)
                            try startFetches()
                        }
                        scheduleReload()
                    case .reloadFailed(let error, let began):
                        progress.playlistLoads += 1
                        reloadPending = false
                        lastLoadBegan = began
                        reloadFailures += 1
                        if FailureClass.of(error) == .never || reloadFailures >= options.maxReloadFailures {
                            logger.error("playlist reload failed; stopping", metadata: ["error": "\(error)"])
                            fatal = error.with(attempts: reloadFailures)
                            continue
                        }
                        lastOutcome = .failed(reloadFailures)
                        let delay = max(.zero, lastLoadBegan + policy.delay(after: lastOutcome) - clock.now)
                        configuration.retryObserver?(RetryNotice(error: error, attempt: reloadFailures,
                                                                 maxAttempts: options.maxReloadFailures, delay: delay))
                        fetcher.counter.countRetry()
                        scheduleReload()
                    }
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

        // Into place (whole segments only), unless nothing at all was recorded because of an error.
        if case .failed(let error) = stopReason, progress.segments == 0 {
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
        let reason = stopReason ?? .stopped
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
