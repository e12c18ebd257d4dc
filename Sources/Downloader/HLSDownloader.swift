import AsyncHTTPClient
import Crypto
import Foundation
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Downloads the best (or a chosen) audio track of an HLS stream into one local file, a few segments at a
/// time, appending segments in order as they arrive.
///
/// Give it a master playlist (it ranks the audio tracks, see ``AudioTrackSelector``) or a media playlist
/// (downloaded directly). The downloader owns an HTTP connection pool: call ``shutdown()`` once, when no
/// download is running any more, before releasing it.
///
/// ```swift
/// let downloader = HLSDownloader()
/// let task = downloader.download(from: URL(string: "http://host/hls_index.m3u8")!, to: "/tmp/audio.ts")
/// for await progress in task.progress { print(progress) }
/// let result = try await task.result()
/// try await downloader.shutdown()
/// ```
public final class HLSDownloader: Sendable {
    /// The settings used for every download.
    public let configuration: DownloadConfiguration
    let logger: Logger
    let client: HTTPClient
    private let makeOutputFile: @Sendable (String) throws(DownloadError) -> any OutputFile

    /// Creates a downloader with its own connection pool.
    public convenience init(configuration: DownloadConfiguration = .init(),
                            logger: Logger = Logger(label: "hlsfetch")) {
        self.init(configuration: configuration, logger: logger) { path throws(DownloadError) in
            try POSIXOutputFile(path: path)
        }
    }

    /// Creates a downloader that writes through `makeOutputFile` (given the `.part` path); tests use it to
    /// inject write failures.
    init(configuration: DownloadConfiguration, logger: Logger,
         makeOutputFile: @escaping @Sendable (String) throws(DownloadError) -> any OutputFile) {
        self.configuration = configuration
        self.logger = logger
        self.makeOutputFile = makeOutputFile
        var clientLogger = logger
        clientLogger.logLevel = max(logger.logLevel, .warning)
        client = HTTPFetcher.makeClient(configuration: configuration, logger: clientLogger)
    }

    /// Closes the connection pool. Call once, after the last download finished; later downloads fail.
    public func shutdown() async throws {
        try await client.shutdown()
    }

    /// The audio tracks of the stream at `url`, best first (the first is what ``download(from:to:resume:)``
    /// picks without a ``TrackOverride``). Each candidate's media playlist is fetched to rank it.
    /// A media playlist URL yields an empty list.
    public func listTracks(from url: URL) async throws -> [ScoredCandidate] {
        try await trackList(from: url)?.ranked ?? []
    }

    /// The ranked audio tracks of the stream at `url` and the one a download would pick (taking the
    /// configured ``TrackOverride`` into account); `nil` for a media playlist.
    public func trackList(from url: URL) async throws -> TrackList? {
        let fetcher = HTTPFetcher(client: client, configuration: configuration, logger: logger)
        return try await Self.mapErrors {
            let loaded = try await PlaylistLoader(fetcher: fetcher, configuration: configuration).load(url)
            guard case .master(let master) = loaded.playlist else { return nil }
            return try await TrackResolver(fetcher: fetcher, configuration: configuration, logger: logger)
                .choose(in: master).list
        }
    }

    /// Loads the playlist at `url` and, for a master playlist, ranks its audio tracks and loads the chosen
    /// one's media playlist (honouring the configured ``TrackOverride``): what ``download(_:to:resume:)`` and
    /// ``record(_:to:options:)`` work on. ``ResolvedStream/isLive`` tells which one fits.
    public func resolve(_ url: URL) async throws -> ResolvedStream {
        let fetcher = HTTPFetcher(client: client, configuration: configuration, logger: logger)
        return try await Self.mapErrors {
            try await StreamResolver(fetcher: fetcher, configuration: configuration, logger: logger).resolve(url)
        }
    }

    /// Starts downloading the audio of the stream at `url` into `path` and returns at once.
    ///
    /// Data goes to `path.part` (renamed to `path` only when complete) with resume state in
    /// `path.part.resume` (``partialFiles(for:)``). With `resume: true`, a partial file made from the
    /// identical media playlist is continued; without, or when there is none, the download starts from the
    /// beginning. A live playlist (no `EXT-X-ENDLIST`) fails with `.livePlaylist`: record it with
    /// ``record(from:to:options:)``.
    public func download(from url: URL, to path: String, resume: Bool = false) -> DownloadTask {
        startDownload(to: path, resume: resume) { fetcher in
            try await StreamResolver(fetcher: fetcher, configuration: self.configuration, logger: self.logger)
                .resolve(url)
        }
    }

    /// Starts downloading a stream already resolved with ``resolve(_:)`` (its playlists are not loaded again).
    public func download(_ stream: ResolvedStream, to path: String, resume: Bool = false) -> DownloadTask {
        startDownload(to: path, resume: resume) { _ in stream }
    }

    private func startDownload(to path: String, resume: Bool,
                               resolve: @escaping @Sendable (HTTPFetcher) async throws -> ResolvedStream) -> DownloadTask {
        let (stream, continuation) = AsyncStream.makeStream(of: DownloadProgress.self,
                                                            bufferingPolicy: .bufferingNewest(8))
        let job = DownloadJob(path: path, resume: resume, configuration: configuration, logger: logger,
                              client: client, makeOutputFile: makeOutputFile, progress: continuation)
        let task = Task<DownloadResult, any Error> {
            defer { continuation.finish() }
            let started = ContinuousClock.now
            return try await Self.mapErrors {
                let fetcher = HTTPFetcher(client: job.client, configuration: job.configuration, logger: job.logger)
                return try await job.run(resolve(fetcher), fetcher: fetcher, started: started)
            }
        }
        return DownloadTask(progress: stream, task: task)
    }

    /// Starts recording the stream at `url` (live or not) and returns at once; see ``record(_:to:options:)``.
    public func record(from url: URL, to path: String?, options: LiveRecordingOptions = .init()) -> LiveRecording {
        startRecording(to: path, options: options) { fetcher in
            try await StreamResolver(fetcher: fetcher, configuration: self.configuration, logger: self.logger)
                .resolve(url)
        }
    }

    /// Starts recording a resolved stream into `path` (or only into the events when `path` is `nil`) and
    /// returns at once.
    ///
    /// A live playlist is reloaded as RFC 8216 §6.3.4 says and each new segment is appended once, in
    /// media-sequence order, two requests in flight; segments the window slid past are reported as gaps.
    /// The recording stops at ``LiveRecordingOptions/duration``, at `EXT-X-ENDLIST`, on
    /// ``LiveRecording/stop()``, or on an error retrying cannot fix, and then renames `path.part` to `path`:
    /// the file holds whole segments only and plays from start to end. A playlist that already has
    /// `EXT-X-ENDLIST` is recorded from its first segment (up to the duration, if given).
    ///
    /// ```swift
    /// let recording = downloader.record(from: url, to: "/tmp/radio.ts", options: .init(duration: 60))
    /// for await event in recording.events { if case .gap(let gap) = event { print("gap:", gap) } }
    /// let result = try await recording.result()
    /// ```
    public func record(_ stream: ResolvedStream, to path: String?, options: LiveRecordingOptions = .init()) -> LiveRecording {
        startRecording(to: path, options: options) { _ in stream }
    }

    private func startRecording(to path: String?, options: LiveRecordingOptions,
                                resolve: @escaping @Sendable (HTTPFetcher) async throws -> ResolvedStream) -> LiveRecording {
        let events = LiveEvents(limit: options.eventBufferLimit)
        let stopSignal = LiveStopSignal()
        let recorder = LiveRecorder(path: path, options: options, configuration: configuration, logger: logger,
                                    client: client, makeOutputFile: makeOutputFile, events: events,
                                    stopSignal: stopSignal)
        let task = Task<LiveRecordingResult, any Error> {
            defer { events.finish() }
            return try await Self.mapErrors {
                let fetcher = HTTPFetcher(client: recorder.client, configuration: recorder.configuration,
                                          logger: recorder.logger)
                return try await recorder.run(resolve(fetcher), fetcher: fetcher)
            }
        }
        return LiveRecording(events: events, task: task, stopSignal: stopSignal)
    }

    /// The files a download into `path` keeps while incomplete: `path.part` (the data) and
    /// `path.part.resume` (what ``download(from:to:resume:)`` with `resume: true` continues from).
    public static func partialFiles(for path: String) -> [String] {
        let partial = path + ".part"
        return [partial, ResumeState.path(forPartial: partial)]
    }

    /// Removes what an interrupted or failed download into `path` left (``partialFiles(for:)``, and the
    /// resume state's temporary file); missing files are fine. Returns the paths removed.
    @discardableResult
    public static func removePartialDownload(at path: String) -> [String] {
        let files = partialFiles(for: path) + [ResumeState.path(forPartial: path + ".part") + ".tmp"]
        return files.filter { unlink($0) == 0 }
    }

    /// Runs `body`, turning cancellation and stray errors into ``DownloadError``.
    static func mapErrors<T>(_ body: () async throws -> T) async throws(DownloadError) -> T {
        do {
            return try await body()
        } catch let error as DownloadError {
            if Task.isCancelled, error.kind != .cancelled {
                throw DownloadError(.cancelled, .download, "download cancelled")
            }
            throw error
        } catch is CancellationError {
            throw DownloadError(.cancelled, .download, "download cancelled")
        } catch {
            if Task.isCancelled { throw DownloadError(.cancelled, .download, "download cancelled") }
            throw DownloadError(.network, .download, String(describing: error))
        }
    }
}

/// One download from start to finish: prepare (or resume) the partial file for the resolved media playlist,
/// run the segment pipeline, then rename the file into place.
private struct DownloadJob: Sendable {
    let path: String
    let resume: Bool
    let configuration: DownloadConfiguration
    let logger: Logger
    let client: HTTPClient
    let makeOutputFile: @Sendable (String) throws(DownloadError) -> any OutputFile
    let progress: AsyncStream<DownloadProgress>.Continuation

    func run(_ stream: ResolvedStream, fetcher: HTTPFetcher, started: ContinuousClock.Instant) async throws -> DownloadResult {
        let clock = ContinuousClock()
        let loader = PlaylistLoader(fetcher: fetcher, configuration: configuration)

        // 1. The media playlist, resolved by the caller.
        let media = stream.loaded
        let mediaPlaylist = stream.mediaPlaylist
        let track = stream.track
        let plan = SegmentPlan(segments: mediaPlaylist.segments)
        try loader.validateForDownload(mediaPlaylist, plan: plan)
        logger.info("downloading", metadata: [
            "playlist": "\(media.finalURL.redactedString)", "segments": "\(plan.segments.count)",
            "output": "\(path)",
        ])

        // 2. The partial file, fresh or resumed.
        let partialPath = path + ".part"
        let statePath = ResumeState.path(forPartial: partialPath)
        let fingerprint = PlaylistFingerprint.make(url: media.finalURL, bytes: media.bytes)
        let resumed = resume ? ResumeState.load(from: statePath) : nil
        // Starting afresh, the file is made anew (O_EXCL: never one someone placed there, POSIXOutputFile).
        if resumed == nil { unlink(partialPath) }
        let output = try makeOutputFile(partialPath)
        var hasher = SHA256()
        var start = SegmentPipeline.Position(segmentsWritten: 0, bytesWritten: 0)
        if let state = resumed {
            guard state.fingerprint == fingerprint else {
                throw DownloadError(.resumeMismatch, .output(path: partialPath),
                                    "partial download was made from a different playlist; download without resume to start over")
            }
            guard state.segmentsWritten <= plan.segments.count, state.byteOffset >= 0,
                  output.size >= state.byteOffset
            else {
                throw DownloadError(.resumeMismatch, .output(path: partialPath),
                                    "partial file is shorter than its resume state (\(output.size) < \(state.byteOffset) bytes); download without resume to start over")
            }
            try output.truncate(to: state.byteOffset)
            try Self.hashPrefix(of: output, length: state.byteOffset, into: &hasher)
            start = .init(segmentsWritten: state.segmentsWritten, bytesWritten: state.byteOffset)
            logger.info("resuming", metadata: ["segment": "\(state.segmentsWritten)", "offset": "\(state.byteOffset)"])
        } else if output.size > 0 {
            try output.truncate(to: 0)
        }
        try ResumeState(fingerprint: fingerprint, segmentsWritten: start.segmentsWritten,
                        byteOffset: start.bytesWritten).save(to: statePath)

        // 3. The segments.
        let totalBytes = plan.totalBytes
        let totalSegments = plan.segments.count
        progress.yield(.partial(bytesWritten: start.bytesWritten, totalBytes: totalBytes,
                                segmentsWritten: start.segmentsWritten, totalSegments: totalSegments))
        let meter = BufferMeter()
        let pipeline = SegmentPipeline(plan: plan, fetcher: fetcher, keys: KeyStore(fetcher: fetcher), meter: meter,
                                       configuration: configuration, logger: logger)
        var end = start
        try await pipeline.run(output: output, start: start, hasher: &hasher) { position throws(DownloadError) in
            end = position
            progress.yield(.partial(bytesWritten: position.bytesWritten, totalBytes: totalBytes,
                                    segmentsWritten: position.segmentsWritten, totalSegments: totalSegments))
        } checkpoint: { position throws(DownloadError) in
            try ResumeState(fingerprint: fingerprint, segmentsWritten: position.segmentsWritten,
                            byteOffset: position.bytesWritten).save(to: statePath)
        }
        try Task.checkCancellation()

        // 4. Into place, then report 100 %.
        try output.close()
        guard rename(partialPath, path) == 0 else {
            throw POSIXOutputFile.error("cannot rename \(partialPath) to \(path)", path: path)
        }
        unlink(statePath)
        progress.yield(DownloadProgress(bytesWritten: end.bytesWritten, totalBytes: totalBytes,
                                        segmentsWritten: end.segmentsWritten, totalSegments: totalSegments,
                                        fraction: 1.0))
        let digest = hasher.finalize().map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        logger.info("downloaded", metadata: ["output": "\(path)", "bytes": "\(end.bytesWritten)"])
        return DownloadResult(
            path: path, bytes: end.bytesWritten, segments: end.segmentsWritten, track: track,
            mediaPlaylistURL: media.finalURL.redactedString, sha256: digest, peakBufferedBytes: meter.peak,
            requests: fetcher.counter.requests, retries: fetcher.counter.retries,
            rangeIgnoredResponses: fetcher.counter.rangeIgnored, resumedFromSegment: start.segmentsWritten,
            elapsed: clock.now - started)
    }

    /// Feeds the first `length` bytes of `output` to `hasher`, 1 MiB at a time.
    static func hashPrefix(of output: any OutputFile, length: Int64, into hasher: inout SHA256) throws(DownloadError) {
        var offset: Int64 = 0
        while offset < length {
            let count = Int(min(Int64(1 << 20), length - offset))
            hasher.update(data: try output.read(at: offset, count: count))
            offset += Int64(count)
        }
    }
}
