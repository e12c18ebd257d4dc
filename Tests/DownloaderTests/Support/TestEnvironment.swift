import Foundation
import Logging
import NIOConcurrencyHelpers
import StreamServer
import TestSupport
@testable import Downloader

/// Runs `body` with a ``StreamServer`` serving `stream` on 127.0.0.1 and a fresh temporary directory,
/// shutting both down afterwards.
func withStreamServer<T>(_ stream: SyntheticStream, faults: [FaultRule] = [],
                         _ body: (StreamServer, URL) async throws -> T) async throws -> T {
    try await withTemporaryDirectory("hlsfetch-tests") { directory in
        try await withStreamServer(content: .files(stream.files), faults: faults) { server in
            try await body(server, directory)
        }
    }
}

/// Runs `body` with an ``HLSDownloader`` (logging to `log`, when given, at every level) and shuts it down
/// afterwards.
func withDownloader<T>(_ configuration: DownloadConfiguration = .fastTests,
                       makeOutputFile: (@Sendable (String) throws(DownloadError) -> any OutputFile)? = nil,
                       log: LogRecorder? = nil,
                       _ body: (HLSDownloader) async throws -> T) async throws -> T {
    var logger = log?.logger ?? Logger(label: "hlsfetch-tests")
    if log == nil { logger.logLevel = .critical }
    let downloader = if let makeOutputFile {
        HLSDownloader(configuration: configuration, logger: logger, makeOutputFile: makeOutputFile)
    } else {
        HLSDownloader(configuration: configuration, logger: logger)
    }
    do {
        let result = try await body(downloader)
        try await downloader.shutdown()
        return result
    } catch {
        try? await downloader.shutdown()
        throw error
    }
}

extension DownloadConfiguration {
    /// Defaults with a short backoff so fault tests finish quickly, and every deadline the tests do not mean to
    /// test (connect, idle read, whole request, the pool's idle connection) longer than the suite's time limit
    /// (``TestBounds/outlastingDeadline``): a healthy request never meets one however long a loaded machine
    /// starves the test, so retries, request counts and connection counts are exact (a fixed 60 s was once met
    /// by a plain `swift test` beside a busy core: a held request retried, a second connection opened). The
    /// tests about a stalled body set a short idle timeout of their own and judge by their own events.
    static var fastTests: DownloadConfiguration {
        var configuration = DownloadConfiguration()
        configuration.backoff = Backoff(base: .milliseconds(20), cap: .milliseconds(200), jitter: 0.5)
        configuration.idleTimeout = TestBounds.outlastingDeadline
        configuration.connectTimeout = TestBounds.outlastingDeadline
        configuration.requestTimeout = TestBounds.outlastingDeadline
        configuration.connectionIdleTimeout = TestBounds.outlastingDeadline
        configuration.maxAttempts = 4
        return configuration
    }
}

extension DownloadConfiguration {
    /// ``fastTests`` for tests that hold requests at the server: no deadline can fire while the test holds a
    /// request, so a held request is never turned into a timeout and retry (the suites' time limits bound the
    /// tests instead).
    static var holdTests: DownloadConfiguration {
        .fastTests
    }
}

/// The bytes of the file at `path`, or empty when it does not exist.
func fileBytes(_ path: String) -> [UInt8] {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
}

/// Collects every progress value of `task` (the stream ends with the download).
func collectProgress(_ task: DownloadTask) -> Task<[DownloadProgress], Never> {
    Task {
        var values: [DownloadProgress] = []
        for await progress in task.progress { values.append(progress) }
        return values
    }
}

/// Requests for `path` in the order they started.
func records(_ server: StreamServer, path: String) -> [RequestRecord] {
    server.statistics.requests.filter { $0.path == path }.sorted { $0.startedAt < $1.startedAt }
}

/// Keeps every record a ``Logger`` writes (at every level), so a test can read what a component decided and in
/// which order: the downloader's "segment requested" and "segment fetched" trace lines, for example, are written
/// where its scheduler decides, so counting them gives the segments in flight as the downloader saw them.
final class LogRecorder: Sendable {
    /// One log record.
    struct Entry: Sendable, Equatable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private let entries = NIOLockedValueBox<[Entry]>([])

    /// A logger (level trace) whose records land here.
    var logger: Logger {
        var logger = Logger(label: "hlsfetch-tests") { _ in Handler(recorder: self) }
        logger.logLevel = .trace
        return logger
    }

    /// Every record so far, oldest first.
    var all: [Entry] { entries.withLockedValue { $0 } }

    /// The largest number of segments the downloader had requested and not yet received, from its trace lines.
    var peakSegmentsInFlight: Int {
        segmentsInFlightAfterEachStep.max() ?? 0
    }

    /// The segments in flight after each "segment requested" or "segment fetched" line, in order.
    var segmentsInFlightAfterEachStep: [Int] {
        var inFlight = 0
        return all.compactMap { entry in
            switch entry.message {
            case "segment requested": inFlight += 1
            case "segment fetched": inFlight -= 1
            default: return nil
            }
            return inFlight
        }
    }

    /// "segment fetched" lines so far: the segments the downloader has taken in.
    var segmentsFetched: Int {
        all.filter { $0.message == "segment fetched" }.count
    }

    /// Segments requested and not yet received now.
    var segmentsInFlight: Int {
        segmentsInFlightAfterEachStep.last ?? 0
    }

    fileprivate func append(_ entry: Entry) {
        entries.withLockedValue { $0.append(entry) }
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            recorder.append(Entry(level: event.level, message: "\(event.message)",
                                  metadata: merged.mapValues { "\($0)" }))
        }
    }
}
