import Foundation
import Logging
import StreamServer
@testable import Downloader

/// Runs `body` with a ``StreamServer`` serving `stream` on 127.0.0.1 and a fresh temporary directory,
/// shutting both down afterwards.
func withStreamServer<T>(_ stream: SyntheticStream, faults: [FaultRule] = [],
                         _ body: (StreamServer, URL) async throws -> T) async throws -> T {
    let server = try await StreamServer.start(content: .files(stream.files))
    server.setFaults(faults)
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("hlsfetch-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    do {
        let result = try await body(server, directory)
        try await server.shutdown()
        try? FileManager.default.removeItem(at: directory)
        return result
    } catch {
        try? await server.shutdown()
        try? FileManager.default.removeItem(at: directory)
        throw error
    }
}

/// Runs `body` with an ``HLSDownloader`` and shuts it down afterwards.
func withDownloader<T>(_ configuration: DownloadConfiguration = .fastTests,
                       makeOutputFile: (@Sendable (String) throws(DownloadError) -> any OutputFile)? = nil,
                       _ body: (HLSDownloader) async throws -> T) async throws -> T {
    var logger = Logger(label: "hlsfetch-tests")
    logger.logLevel = .critical
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
    /// Defaults with short backoff and timeouts so fault tests finish quickly.
    static var fastTests: DownloadConfiguration {
        var configuration = DownloadConfiguration()
        configuration.backoff = Backoff(base: .milliseconds(20), cap: .milliseconds(200), jitter: 0.5)
        configuration.idleTimeout = .seconds(5)
        configuration.maxAttempts = 4
        return configuration
    }
}

extension DownloadConfiguration {
    /// ``fastTests`` with an idle timeout far longer than any hold a test keeps on the server, so a slow,
    /// loaded machine never turns a held request into a timeout and retry (the suites' time limits bound
    /// the tests instead).
    static var holdTests: DownloadConfiguration {
        var configuration = DownloadConfiguration.fastTests
        configuration.idleTimeout = .seconds(60)
        return configuration
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
