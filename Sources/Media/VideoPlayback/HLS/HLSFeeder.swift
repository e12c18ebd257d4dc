import Downloader
import Foundation
import VideoCore

/// Feeds the pipeline from an HLS stream with our Downloader doing the HTTP (``HLSMediaLoader``): chooses each
/// segment's variant with the ABR, fetches two at a time, demuxes each segment from memory
/// (``SegmentDemuxer``) and delivers its packets in order. One loop per track: the variants (video, and the audio
/// when it is muxed in) and, when the audio is a separate rendition, the rendition.
///
/// | event | what the loop does |
/// |---|---|
/// | buffer ahead ≥ 30 s or 60 MB held (``QueuePolicy``) | waits (polling every 50 ms) |
/// | a download runs slow (``AbandonRule``, checked every 100 ms) | cancels it, fetches the same segment from the lower variant |
/// | a segment fails (404, network after 2 attempts) or does not demux | tries it once from another variant (the failing one set aside for 30 s after 2 failures in a row), else skips it, counted |
/// | a variant playlist fails | the variant is left for good; when none is left the session fails |
/// | 6 segments in a row fail | the session fails |
/// | the next live segment is not listed yet | reloads the playlist when RFC 8216 §6.3.4 allows, else waits |
/// | the live window slid past the next segment | jumps to the oldest listed, counted as skipped |
/// | the end of a VOD playlist | marks the track's input ended |
final class HLSFeeder: @unchecked Sendable {
    private let url: URL
    private let loader: HLSMediaLoader
    private let queues: PipelineQueues
    private let mapper: Locked<TimestampMapper>
    private let abr: ABRController
    private let report: @Sendable (FeedReport) -> Void
    private let clock: @Sendable () -> Double
    private let initCache = InitSectionCache()
    private let state = Locked<(task: Task<Void, Never>?, stream: HLSStream?, openReported: Bool)>((nil, nil, false))
    /// Position of the playhead, for the ABR's "media available ahead".
    private let position: @Sendable () -> Double

    /// Most segment failures in a row on one track before the session fails.
    static let maxFailuresInRow = 6
    /// How long a failing variant is set aside, seconds.
    static let exclusion = 30.0
    /// Most variant playlists tried for one request (the first playlist, or one segment) before the session fails
    /// with one line. A real ladder has about ten rungs (Apple's HLS authoring specification lists nine for H.264):
    /// when eight playlists in a row fail, the server is broken, and a master of 10,000 failing variants was tried
    /// one by one, 14 a second, a line each, for minutes (issue 28).
    static let maxVariantsTried = 8

    init(url: URL, loader: HLSMediaLoader, queues: PipelineQueues, mapper: Locked<TimestampMapper>, abr: ABRController,
         clock: @escaping @Sendable () -> Double, position: @escaping @Sendable () -> Double,
         report: @escaping @Sendable (FeedReport) -> Void) {
        self.url = url
        self.loader = loader
        self.queues = queues
        self.mapper = mapper
        self.abr = abr
        self.clock = clock
        self.position = position
        self.report = report
    }

    /// Starts feeding generation `generation` from `start` (nil: the beginning, or the live edge), stopping any
    /// earlier loop first.
    func start(from start: Double?, generation: Int) {
        let task = Task { [self] in await run(from: start, generation: generation) }
        let old = state.withLock { state -> Task<Void, Never>? in
            let old = state.task
            state.task = task
            return old
        }
        old?.cancel()
    }

    /// Stops feeding (every request is cancelled).
    func stop() {
        state.withLock { $0.task }?.cancel()
    }

    /// The ABR decisions so far.
    var decisions: [ABRDecisionRecord] { abr.history }

    private func run(from start: Double?, generation: Int) async {
        let stream: HLSStream
        if let opened = state.withLock({ $0.stream }) {
            stream = opened
        } else {
            do {
                stream = try await HLSStream.open(url, loader: loader, clock: clock)
            } catch {
                if !Task.isCancelled { report(.failed(Self.describe(error))) }
                return
            }
            state.withLock { $0.stream = stream }
        }
        let catalog = stream.catalog
        if let problem = catalog.undecodableSummary {
            report(.failed(problem))
            return
        }
        // The first variant playlist decides live or VOD and the duration.
        guard let first = await firstPlan(stream) else { return }
        let isLive = await stream.isLive
        if !state.withLock({ $0.openReported }) {
            state.withLock { $0.openReported = true }
            let duration = isLive ? nil : first.plan.timeline.end
            reportedDuration = duration
            report(.opened(VideoInfo(duration: duration, isLive: isLive),
                           variants: catalog.isMediaPlaylist ? nil : catalog.variants.map(\.abr),
                           separateAudio: catalog.audio != nil))
        }
        let mainKinds: Set<StreamKind> = catalog.audio != nil ? [.video] : [.video, .audio]
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.runTrack(.main, stream: stream, first: first, from: start, kinds: mainKinds, generation: generation) }
            if catalog.audio != nil {
                group.addTask { await self.runTrack(.audio, stream: stream, first: first, from: start, kinds: [.audio], generation: generation) }
            }
        }
    }

    /// The plan of the first variant the ABR picks whose playlist loads, trying at most ``maxVariantsTried``;
    /// reports the failures once it loads, or one line when none does.
    private func firstPlan(_ stream: HLSStream) async -> (variant: Int, plan: SegmentPlan)? {
        var failures: [(variant: Int, error: String)] = []
        let decodable = stream.catalog.variants.filter(\.abr.isDecodable).count
        while !Task.isCancelled && failures.count < Self.maxVariantsTried {
            let now = clock()
            let context = ABRContext(now: now, variants: stream.catalog.variants.map(\.abr), bufferSeconds: 0,
                                     segmentDuration: 4, estimate: 0)
            guard let variant = abr.choose(context, now: now) else { break }
            do {
                let plan = try await stream.plan(.variant(variant))
                for failure in failures { report(.variantFailed(failure.variant, failure.error)) }
                return (variant, plan)
            } catch {
                if Task.isCancelled { return nil }
                failures.append((variant, Self.describe(error)))
                abr.exclude(variant, until: .infinity)
                if abr.excluded(at: now).count >= decodable { break }
            }
        }
        if !Task.isCancelled {
            let errors = failures.map(\.error)
            let untried = decodable - failures.count
            let rest = untried > 0 ? " (\(untried) more not tried: at most \(Self.maxVariantsTried) are)" : ""
            report(.failed(errors.count > 1 ? "every variant failed\(rest): " + errors.joined(separator: "; ")
                                            : (errors.first ?? "no playable variant")))
        }
        return nil
    }

    // MARK: - A track

    private enum Cursor {
        case time(Double)
        case sequence(Int)
    }

    private func runTrack(_ track: PipelineQueues.TrackKind, stream: HLSStream, first: (variant: Int, plan: SegmentPlan),
                          from start: Double?, kinds: Set<StreamKind>, generation: Int) async {
        let isLive = await stream.isLive
        var cursor: Cursor
        var current: Int? = track == .main ? first.variant : nil
        if isLive {
            let plan = track == .main ? first.plan : (try? await stream.plan(.audio))
            guard let plan else { report(.failed("the audio rendition's playlist did not load")); return }
            let timeline = plan.timeline
            let index = start.flatMap { s in
                timeline.segment(containing: timeline.clampedLiveSeek(s, targetDuration: Double(plan.playlist.targetDuration)))
            } ?? timeline.liveStartSegment(targetDuration: Double(plan.playlist.targetDuration))
            cursor = .sequence(plan.playlist.mediaSequence.saturatingAdding(index))
        } else {
            cursor = .time(start ?? 0)
        }
        var pending: [SegmentFetch] = []
        var failuresInRow = 0
        var variantFailures: [Int: Int] = [:]
        defer { for fetch in pending { fetch.cancel() } }
        while !Task.isCancelled && !queues.isClosed {
            // Start downloads while the buffer has room.
            var waitingForPlaylist = false
            var ended = false
            while pending.count < 2, queues.mayFetch(track: track, inFlight: pending.count, generation: generation) {
                let next = await nextJob(track, stream: stream, cursor: &cursor, current: &current, pending: pending,
                                         generation: generation)
                switch next {
                case .job(let job):
                    pending.append(startFetch(job, track: track, generation: generation, isRetry: false))
                case .wait:
                    waitingForPlaylist = true
                case .end:
                    ended = true
                case .failed:
                    return
                }
                if waitingForPlaylist || ended { break }
            }
            guard let head = pending.first else {
                if ended {
                    queues.endInput(track: track, kinds: kinds, generation: generation)
                    return
                }
                try? await Task.sleep(for: .milliseconds(50))
                continue
            }
            // Wait for the oldest download, checking every 100 ms whether one should be abandoned.
            while head.result == nil {
                await head.wait(upTo: .milliseconds(100))
                if Task.isCancelled { return }
                if head.result != nil { break }
                if track == .main, let (index, lower) = await abandonment(pending, stream: stream) {
                    let slow = pending[index]
                    slow.cancel()
                    var job = slow.job
                    if let replacement = await replacementJob(job, variant: lower, stream: stream) { job = replacement }
                    pending[index] = startFetch(job, track: track, generation: generation, isRetry: true)
                    current = job.variantID
                    break
                }
            }
            guard let done = pending.first, let result = done.result else { continue }
            pending.removeFirst()
            var failure: String?
            switch result {
            case .success(let bytes):
                // A separate audio rendition follows the video's time stamps: it waits for the video's anchor of
                // the domain rather than fixing one from its own first sample (which starts a priming delay early).
                let demuxed = await SegmentDemuxer.demux(bytes, job: done.job, mapper: mapper, generation: generation,
                                                         kinds: kinds, follow: track == .audio)
                if demuxed.packets.isEmpty {
                    failure = "\(done.job.label): \(demuxed.error?.description ?? "nothing to play")"
                } else {
                    var present: Set<StreamKind> = stream.catalog.audio != nil ? [.audio] : []
                    if demuxed.hasVideo { present.insert(.video) }
                    if demuxed.hasAudio && stream.catalog.audio == nil { present.insert(.audio) }
                    if track == .main { queues.announce(kinds: present) }
                    if let variant = done.job.variantID {
                        abr.recordSegment(variant: variant, bytes: bytes.count, seconds: done.job.duration)
                    }
                    queues.deliver(demuxed.packets, track: track, end: done.job.end, generation: generation)
                    if let error = demuxed.error { report(.skipped("\(done.job.label): cut short: \(error)")) }
                }
            case .failure(let error):
                if Task.isCancelled || error is CancellationError { return }
                failure = Self.describe(error)
            }
            guard let failure else {
                failuresInRow = 0
                if let variant = done.job.variantID { variantFailures[variant] = 0 }
                continue
            }
            failuresInRow += 1
            if failuresInRow >= Self.maxFailuresInRow {
                report(.failed("\(failuresInRow) segments in a row failed; the last: \(failure)"))
                return
            }
            if let variant = done.job.variantID {
                variantFailures[variant, default: 0] += 1
                if variantFailures[variant, default: 0] >= 2 {
                    abr.exclude(variant, until: clock() + Self.exclusion)
                    report(.variantFailed(variant, failure))
                }
                // Once, the same segment from another variant.
                if !done.isRetry, let other = await alternative(to: done.job, stream: stream) {
                    pending.insert(startFetch(other, track: track, generation: generation, isRetry: true), at: 0)
                    current = other.variantID
                    continue
                }
            }
            report(.skipped(failure))
            queues.deliver([], track: track, end: done.job.end, generation: generation)
        }
    }

    private enum Next {
        case job(SegmentJob)
        case wait
        case end
        case failed
    }

    /// The next segment to request on `track`, advancing the cursor.
    private func nextJob(_ track: PipelineQueues.TrackKind, stream: HLSStream, cursor: inout Cursor, current: inout Int?,
                         pending: [SegmentFetch], generation: Int) async -> Next {
        var variantsFailed = 0
        while !Task.isCancelled {
            let key: HLSStream.PlaylistKey
            var variant: Int?
            if track == .main {
                guard let chosen = choose(stream: stream, cursor: cursor, current: current, pending: pending) else {
                    report(.failed("no variant can be played"))
                    return .failed
                }
                variant = chosen
                key = .variant(chosen)
            } else {
                key = .audio
            }
            do {
                switch cursor {
                case .time(let time):
                    let plan = try await stream.plan(key)
                    guard let job = plan.job(containing: time, variantID: variant) else { return .end }
                    cursor = .time(job.end)
                    current = variant
                    queues.requested(track: track, end: job.end, generation: generation)
                    return .job(job)
                case .sequence(let sequence):
                    guard let plan = try await stream.livePlan(key, needing: sequence) else { return .wait }
                    let firstListed = plan.playlist.mediaSequence
                    if sequence < firstListed {
                        report(.skipped("the live window moved past segments \(sequence)…\(firstListed.saturatingSubtracting(1))"))
                        cursor = .sequence(firstListed)
                        continue
                    }
                    guard let job = plan.job(sequence: sequence, variantID: variant) else {
                        return plan.playlist.hasEndList ? .end : .wait
                    }
                    cursor = .sequence(sequence.saturatingAdding(1))
                    current = variant
                    queues.requested(track: track, end: job.end, generation: generation)
                    return .job(job)
                }
            } catch {
                if Task.isCancelled { return .failed }
                guard let variant else {
                    report(.failed("audio rendition: \(Self.describe(error))"))
                    return .failed
                }
                abr.exclude(variant, until: .infinity)
                report(.variantFailed(variant, Self.describe(error)))
                variantsFailed += 1
                let usable = stream.catalog.variants.filter(\.abr.isDecodable).map(\.id)
                if Set(usable).isSubset(of: abr.excluded(at: clock())) || variantsFailed >= Self.maxVariantsTried {
                    report(.failed("every variant failed (\(variantsFailed) tried for one segment); the last: \(Self.describe(error))"))
                    return .failed
                }
            }
        }
        return .failed
    }

    /// The ABR's choice for the next segment.
    private func choose(stream: HLSStream, cursor: Cursor, current: Int?, pending: [SegmentFetch]) -> Int? {
        let catalog = stream.catalog
        if catalog.isMediaPlaylist { return 0 }
        let now = clock()
        let pendingBits = pending.reduce(0.0) { total, fetch in
            let expected = fetch.job.segment.byteRange?.length ?? 0
            return total + Double(max(0, expected - fetch.progress.received)) * 8
        }
        let here = position()
        var available: Double?
        if case .time = cursor, let duration = reportedDuration { available = max(0, duration - here) }
        let context = ABRContext(now: now, variants: catalog.variants.map(\.abr), current: current,
                                 bufferSeconds: queues.deliveredAhead(track: .main), segmentDuration: typicalDuration,
                                 estimate: 0, pendingBits: pendingBits, availableSeconds: available,
                                 isLive: { if case .sequence = cursor { return true } else { return false } }())
        return abr.choose(context, now: now)
    }

    /// Set from outside once known: the VOD duration (for "media available ahead").
    var reportedDuration: Double? {
        get { durationBox.withLock { $0 } }
        set { durationBox.withLock { $0 = newValue } }
    }
    private let durationBox = Locked<Double?>(nil)
    /// A typical segment duration (the last job's), for the ABR.
    private var typicalDuration: Double { typicalBox.withLock { $0 } }
    private let typicalBox = Locked<Double>(4)

    private func startFetch(_ job: SegmentJob, track: PipelineQueues.TrackKind, generation: Int, isRetry: Bool) -> SegmentFetch {
        if track == .main { typicalBox.withLock { $0 = max(0.1, job.duration) } }
        let fetch = SegmentFetch(job: job, id: abr.newRequest(), started: clock(), isRetry: isRetry)
        fetch.start(loader: loader, initCache: initCache, abr: abr, clock: clock) {}
        return fetch
    }

    /// The first download that should be abandoned, and the variant to switch to.
    private func abandonment(_ pending: [SegmentFetch], stream: HLSStream) async -> (Int, Int)? {
        let now = clock()
        for (index, fetch) in pending.enumerated() where !fetch.isRetry && fetch.result == nil {
            guard let variant = fetch.job.variantID else { continue }
            let progress = fetch.progress
            let download = AbandonRule.Download(
                variantID: variant, segmentDuration: fetch.job.duration, elapsed: now - fetch.started,
                timeToFirstByte: progress.firstByte.map { $0 - fetch.started }, loadedBytes: progress.received,
                expectedBytes: fetch.job.segment.byteRange?.length)
            let context = ABRContext(now: now, variants: stream.catalog.variants.map(\.abr), current: variant,
                                     bufferSeconds: queues.deliveredAhead(track: .main), segmentDuration: fetch.job.duration,
                                     estimate: 0)
            if let lower = abr.abandonment(download, context: context, now: now), lower != variant {
                return (index, lower)
            }
        }
        return nil
    }

    /// The segment of `job`'s time (or sequence) in `variant`'s playlist.
    private func replacementJob(_ job: SegmentJob, variant: Int, stream: HLSStream) async -> SegmentJob? {
        guard let plan = try? await stream.plan(.variant(variant)) else { return nil }
        if await stream.isLive { return plan.job(sequence: job.segment.sequenceNumber, variantID: variant) }
        return plan.job(containing: job.start, variantID: variant)
    }

    /// The same segment from the best other variant that is not set aside.
    private func alternative(to job: SegmentJob, stream: HLSStream) async -> SegmentJob? {
        guard let failed = job.variantID else { return nil }
        let now = clock()
        let excluded = abr.excluded(at: now).union([failed])
        let others = stream.catalog.variants.filter { $0.abr.isDecodable && !excluded.contains($0.id) }
        let failedBandwidth = stream.catalog.variant(failed)?.abr.bandwidth ?? .infinity
        guard let other = others.filter({ $0.abr.bandwidth <= failedBandwidth }).max(by: { $0.abr.bandwidth < $1.abr.bandwidth })
                ?? others.min(by: { $0.abr.bandwidth < $1.abr.bandwidth }) else { return nil }
        return await replacementJob(job, variant: other.id, stream: stream)
    }

    /// An error in words: a ``DownloadError``'s own description (what and where), else the error's.
    static func describe(_ error: any Error) -> String {
        if let error = error as? DownloadError { return error.description }
        return "\(error)"
    }
}
