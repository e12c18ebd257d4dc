import Foundation

/// The live recording's decisions as a pure state machine: events in (a playlist reloaded or failed, a segment
/// fetched or failed, the reload timer due, a stop), state and commands out (fetch segment N, reload at time X,
/// write, report a gap, finish), time passed in as a value. ``LiveRecorder`` only runs the commands: HTTP through
/// the fetchers, the file, the clock.
///
/// - A loaded snapshot → ``LiveSegmentTracker`` gives the new entries (segments, gaps), queued in order behind the
///   ones before (``SegmentScheduler``: at most `concurrency` in flight, its memory rule); encryption it cannot
///   decrypt aborts the recording before anything of that snapshot is fetched.
/// - A segment fetched → written in order with every finished predecessor (a gap entry is reported in its place);
///   a segment that failed after its retries becomes a gap; `maxConsecutiveSegmentFailures` in a row stop the
///   recording with that error (the rest would fail alike, e.g. an expired token), after writing what is ready.
/// - Reloads (RFC 8216 §6.3.4, ``LiveReloadPolicy``): the next is due after the target duration (the first load,
///   or a reload that changed the playlist), half of it (a reload that did not), or a back-off after failures,
///   always measured from when the last load began. One reload is pending at a time; none is armed once the
///   playlist ended (`EXT-X-ENDLIST`), the duration is planned or an error stopped reloading. A failure retrying
///   cannot fix, or `maxReloadFailures` in a row, stops reloading with that error.
/// - It finishes when everything queued is written and the duration is planned (``LiveStopReason/duration``), an
///   error stopped it (``LiveStopReason/failed(_:)``) or the playlist ended (``LiveStopReason/endList``); at once
///   on a stop (``LiveStopReason/stopped``: requests in flight are abandoned).
///
/// ```swift
/// var machine = LiveRecordingMachine(playlist: media, bytes: loaded.bytes, settings: settings, now: clock.now)
/// run(machine.start())                                   // [.fetch(position: 0, …), .fetch(position: 1, …), .scheduleReload(at: 6 s)]
/// run(machine.handle(.segmentFetched(position: 0, bytes: data), now: clock.now))   // [.write(data, segment), .fetch(position: 2, …)]
/// ```
struct LiveRecordingMachine: Sendable, Equatable {
    /// What the recording was asked for.
    struct Settings: Sendable, Equatable {
        /// Where the recording starts (RFC 8216 §6.3.3).
        var start: LiveRecordingOptions.StartPosition = .liveEdge
        /// Seconds of media to record; nil: until the end or a stop.
        var duration: Double?
        /// Most segments in flight.
        var concurrency = 2
        /// Consecutive failed segments that stop the recording.
        var maxConsecutiveSegmentFailures = 3
        /// Consecutive failed reloads that stop reloading.
        var maxReloadFailures = 5
        /// The partial file segments are appended to (the events point into it); nil without a file.
        var partialPath: String?
        /// Segment events carry their bytes even with a file (without one they always do).
        var deliversBytes = false
    }

    /// What happened.
    enum Event: Sendable {
        /// The time of a ``Command/scheduleReload(at:)`` came.
        case reloadDue
        /// The reload asked for by ``Command/reload`` loaded.
        case reloaded(LoadedPlaylist)
        /// The reload asked for by ``Command/reload`` failed (after one attempt).
        case reloadFailed(DownloadError)
        /// The segment of `position` arrived whole.
        case segmentFetched(position: Int, bytes: [UInt8])
        /// The segment of `position` failed after its retries.
        case segmentFailed(position: Int, DownloadError)
        /// ``LiveRecording/stop()``.
        case stopRequested
    }

    /// What the driver does, in order.
    enum Command: Sendable, Equatable {
        /// Fetch `segment` (its init section first when `withInitSection`), then send ``Event/segmentFetched(position:bytes:)``
        /// or ``Event/segmentFailed(position:_:)``.
        case fetch(position: Int, segment: MediaSegment, withInitSection: Bool)
        /// Send ``Event/reloadDue`` when the clock reaches `at`.
        case scheduleReload(at: Duration)
        /// Load the media playlist once (the reload policy does the retrying), then send ``Event/reloaded(_:)`` or
        /// ``Event/reloadFailed(_:)``.
        case reload
        /// Append `bytes` to the file, then report `segment`.
        case write([UInt8], LiveSegment)
        /// Report a gap in the recording.
        case reportGap(LiveGap)
        /// A reload failed and is retried after `notice.delay`: tell the retry observer and count the retry.
        case retryReload(RetryNotice)
        /// Log a warning (`error` as metadata).
        case warn(String, error: DownloadError?)
        /// Log an error (`error` as metadata).
        case logError(String, error: DownloadError)
        /// Stop: abandon the work in flight and finish with `reason`; later events change nothing.
        case finish(LiveStopReason)
        /// Stop at once and throw `error`, keeping nothing.
        case abort(DownloadError)
    }

    /// What fills one position of the recording.
    enum Slot: Sendable, Equatable {
        case segment(MediaSegment, discontinuity: Bool, withInitSection: Bool)
        case gap(LiveGap)
    }

    /// What a position came to.
    enum Outcome: Sendable, Equatable {
        case bytes([UInt8])
        case failed(DownloadError)
        case gap
    }

    /// What is recorded so far (the result's figures).
    struct Progress: Sendable, Equatable {
        var bytes: Int64 = 0
        var segments = 0
        var duration = 0.0
        var firstSequence: Int?
        var lastSequence: Int?
        /// The first 1000 gaps.
        var gaps: [LiveGap] = []
        var gapCount = 0
        var missed = 0
        /// The next segment written follows a gap (it is marked as a discontinuity).
        var afterGap = false
        var consecutiveFailures = 0
        /// Playlist loads, the first included.
        var playlistLoads = 1

        mutating func record(_ gap: LiveGap) {
            if gaps.count < 1000 { gaps.append(gap) }
            gapCount += 1
            missed += gap.missedSegments
            afterGap = true
        }
    }

    let settings: Settings
    private(set) var tracker: LiveSegmentTracker
    private(set) var scheduler: SegmentScheduler
    private(set) var slots: [Int: Slot] = [:]
    private(set) var outcomes: [Int: Outcome] = [:]
    private var lastQueuedInitSection: InitSection?
    /// The initial playlist, queued by ``start()``.
    private var initial: MediaPlaylist?
    private(set) var policy: LiveReloadPolicy
    /// When the last load (the first, or the last reload) began.
    private(set) var lastLoadBegan: Duration
    /// When the reload in flight began.
    private(set) var reloadBegan: Duration?
    private var lastBytes: [UInt8]
    /// The kinds of playlist warning logged so far (each once per recording).
    private var warnedKinds: Set<PlaylistWarning.Kind>
    private(set) var lastOutcome = LiveReloadPolicy.Outcome.changed
    private(set) var reloadFailures = 0
    /// Whether a reload is scheduled or in flight.
    private(set) var reloadPending = false
    /// The error that stopped reloading or fetching; the recording finishes with it once everything queued is written.
    private(set) var fatal: DownloadError?
    /// Why it finished; nil while it runs.
    private(set) var stopReason: LiveStopReason?
    private(set) var progress = Progress()

    /// A recording of `playlist` (loaded at `now` as `bytes`, its warnings already logged).
    init(playlist: MediaPlaylist, bytes: [UInt8], settings: Settings, now: Duration) {
        self.settings = settings
        tracker = LiveSegmentTracker(start: settings.start, durationLimit: settings.duration)
        scheduler = SegmentScheduler(segmentCount: 0, concurrency: settings.concurrency)
        policy = LiveReloadPolicy(targetDuration: .seconds(max(1, playlist.targetDuration)))
        lastLoadBegan = now
        lastBytes = bytes
        warnedKinds = Set(playlist.warnings.map(\.kind))
        initial = playlist
    }

    /// Queues the first playlist's segments: the first fetches and the first reload.
    mutating func start() -> [Command] {
        guard let playlist = initial else { return [] }
        initial = nil
        var commands: [Command] = []
        if let error = enqueue(tracker.accept(playlist), playlistURL: playlist.url) { return [.abort(error)] }
        startFetches(&commands)
        scheduleReload(&commands)
        finishIfDone(&commands)
        return commands
    }

    /// Applies `event`, which happened at `now` on the recording's clock.
    mutating func handle(_ event: Event, now: Duration) -> [Command] {
        guard stopReason == nil, initial == nil else { return [] }
        var commands: [Command] = []
        switch event {
        case .stopRequested:
            stopReason = .stopped
            return [.finish(.stopped)]
        case .segmentFetched(let position, let bytes):
            guard scheduler.inFlight.contains(position) else { return [] }
            scheduler.finished(position)
            outcomes[position] = .bytes(bytes)
            progress.consecutiveFailures = 0
            startFetches(&commands)
        case .segmentFailed(let position, let error):
            guard scheduler.inFlight.contains(position) else { return [] }
            scheduler.finished(position)
            outcomes[position] = .failed(error)
            if case .segment(let segment, _, _)? = slots[position] {
                tracker.segmentFailed(duration: segment.duration)
            }
            commands.append(.warn("segment failed; recorded as a gap", error: error))
            progress.consecutiveFailures += 1
            if progress.consecutiveFailures >= max(1, settings.maxConsecutiveSegmentFailures) {
                // The rest would fail alike (e.g. an expired token): stop with what is written.
                writeReady(&commands)
                fatal = error
                stopReason = .failed(error)
                commands.append(.finish(.failed(error)))
                return commands
            }
            startFetches(&commands)
            scheduleReload(&commands)
        case .reloadDue:
            guard reloadPending, reloadBegan == nil else { return [] }
            reloadBegan = now
            commands.append(.reload)
        case .reloaded(let loaded):
            guard let began = reloadBegan else { return [] }
            reloadFinished(began: began)
            reloadFailures = 0
            guard case .media(let media) = loaded.playlist else {
                fatal = DownloadError(.invalidPlaylist, .playlist(url: loaded.finalURL.redactedString, line: nil),
                                      "a reload returned a master playlist instead of the media playlist")
                break
            }
            for warning in media.warnings where warnedKinds.insert(warning.kind).inserted {
                commands.append(.warn("playlist: \(warning) (logged once per recording)", error: nil))
            }
            policy.targetDuration = .seconds(max(1, media.targetDuration))
            let changed = loaded.bytes != lastBytes
            lastBytes = loaded.bytes
            lastOutcome = changed ? .changed : .unchanged
            if changed {
                if let error = enqueue(tracker.accept(media), playlistURL: media.url) { return commands + [.abort(error)] }
                startFetches(&commands)
            }
            scheduleReload(&commands)
        case .reloadFailed(let error):
            guard let began = reloadBegan else { return [] }
            reloadFinished(began: began)
            reloadFailures += 1
            if FailureClass.of(error) == .never || reloadFailures >= settings.maxReloadFailures {
                commands.append(.logError("playlist reload failed; stopping", error: error))
                fatal = error.with(attempts: reloadFailures)
                break
            }
            lastOutcome = .failed(reloadFailures)
            let delay = max(.zero, lastLoadBegan + policy.delay(after: lastOutcome) - now)
            commands.append(.retryReload(RetryNotice(error: error, attempt: reloadFailures,
                                                     maxAttempts: settings.maxReloadFailures, delay: delay)))
            scheduleReload(&commands)
        }
        finishIfDone(&commands)
        return commands
    }

    /// Why to stop now that everything queued is written, if anything says so.
    var finishedReason: LiveStopReason? {
        guard scheduler.isComplete else { return nil }
        if tracker.limitReached { return .duration }
        if let fatal { return .failed(fatal) }
        if tracker.ended { return .endList }
        return nil
    }

    private mutating func finishIfDone(_ commands: inout [Command]) {
        guard stopReason == nil, let reason = finishedReason else { return }
        stopReason = reason
        commands.append(.finish(reason))
    }

    /// A reload that began at `began` came back (loaded or failed).
    private mutating func reloadFinished(began: Duration) {
        progress.playlistLoads += 1
        reloadPending = false
        reloadBegan = nil
        lastLoadBegan = began
    }

    /// Queues the entries of a snapshot; returns the error for encryption it cannot decrypt, queueing nothing.
    private mutating func enqueue(_ entries: [LiveSegmentTracker.Entry], playlistURL: URL) -> DownloadError? {
        let newSegments = entries.compactMap { entry -> MediaSegment? in
            if case .segment(let segment, _) = entry { return segment }
            return nil
        }
        if let error = SegmentPlan(segments: newSegments).unsupportedEncryption(playlistURL: playlistURL) {
            return error
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
        return nil
    }

    /// Writes every position whose turn has come: segment bytes to the file and the events, gaps to the events.
    private mutating func writeReady(_ commands: inout [Command]) {
        while let position = scheduler.nextWritable() {
            guard let slot = slots.removeValue(forKey: position) else { continue }
            let outcome = outcomes.removeValue(forKey: position) ?? .gap
            switch (slot, outcome) {
            case (.gap(let gap), _):
                progress.record(gap)
                commands.append(.reportGap(gap))
            case (.segment(let segment, _, _), .failed(let error)):
                let gap = LiveGap(sequences: segment.sequenceNumber ... segment.sequenceNumber,
                                  reason: .fetchFailed(error), estimatedDuration: segment.duration)
                progress.record(gap)
                commands.append(.reportGap(gap))
            case (.segment(let segment, let discontinuity, _), .bytes(let bytes)):
                let offset = progress.bytes
                progress.bytes += Int64(bytes.count)
                progress.segments += 1
                progress.duration += segment.duration
                progress.firstSequence = progress.firstSequence ?? segment.sequenceNumber
                progress.lastSequence = segment.sequenceNumber
                let region = settings.partialPath.map { LiveFileRegion(path: $0, offset: offset, length: bytes.count) }
                commands.append(.write(bytes, LiveSegment(
                    sequenceNumber: segment.sequenceNumber, discontinuitySequence: segment.discontinuitySequence,
                    duration: segment.duration, discontinuity: discontinuity || progress.afterGap,
                    uri: segment.uri.redactedString, file: region,
                    bytes: settings.partialPath == nil || settings.deliversBytes ? bytes : nil,
                    recordedDuration: progress.duration)))
                progress.afterGap = false
            case (.segment, .gap):
                continue
            }
        }
    }

    /// Writes what is ready, then starts fetches while the scheduler allows; gap positions finish at once.
    private mutating func startFetches(_ commands: inout [Command]) {
        writeReady(&commands)
        while let position = scheduler.startNext() {
            switch slots[position] {
            case .segment(let segment, _, let withInit)?:
                commands.append(.fetch(position: position, segment: segment, withInitSection: withInit))
            case .gap?, nil:
                scheduler.finished(position)
                outcomes[position] = .gap
                writeReady(&commands)
            }
        }
    }

    /// Arms the reload timer unless the playlist ended, the duration is planned, an error stopped reloading, or a
    /// reload is already pending. RFC 8216 §6.3.4: measured from when the last load began (``LiveReloadPolicy``).
    private mutating func scheduleReload(_ commands: inout [Command]) {
        guard !tracker.ended, !tracker.limitReached, fatal == nil, !reloadPending else { return }
        reloadPending = true
        commands.append(.scheduleReload(at: lastLoadBegan + policy.delay(after: lastOutcome)))
    }
}
