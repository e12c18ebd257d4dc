import Downloader
import Foundation
import MediaCore
import PlayerCore

/// Runs the downloads of the host's file flows: the best audio track of a playlist into a file of its own,
/// reporting progress, the finished file or the failure as ``MediaCore/MediaEvent``s.
///
/// Each fetch caches at `DIR/CirclePlayer-<pid>/download-<n>.ts`, in a directory of this process's made with
/// mode 0700 (no other user reads what was fetched; docs/security.md). A failed or cancelled fetch removes what
/// it wrote; ``shutdown()`` cancels running downloads and removes whatever is left and the directory, so
/// quitting at any moment leaves nothing behind. Thread-safe.
final class DownloadRunner: @unchecked Sendable {
    private struct Key: Hashable {
        let flow: DownloadFlowID
        let fetch: FetchID
    }

    private let downloader: HLSDownloader
    /// The process's private cache directory (made at the first fetch).
    private let directory: URL
    private let report: @Sendable (MediaEvent) -> Void
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()
    private var running: [Key: (download: DownloadTask, reporter: Task<Void, Never>)] = [:]
    private var files: Set<String> = []
    private var nextFile = 1

    init(configuration: DownloadConfiguration, directory: URL, report: @escaping @Sendable (MediaEvent) -> Void,
         log: @escaping @Sendable (String) -> Void) {
        downloader = HLSDownloader(configuration: configuration)
        self.directory = directory.appendingPathComponent("CirclePlayer-\(getpid())")
        self.report = report
        self.log = log
    }

    /// Starts fetch `fetch` of flow `flow`: the playlist at `url` (master or media).
    func start(_ flow: DownloadFlowID, _ fetch: FetchID, url: URL) {
        let number = lock.withLock { () -> Int in
            defer { nextFile += 1 }
            return nextFile
        }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        let path = directory.appendingPathComponent("download-\(number).ts").path
        log("fetching \(url.redactedString), caching download at \(path)")
        let download = downloader.download(from: url, to: path)
        let report = self.report
        let log = self.log
        let key = Key(flow: flow, fetch: fetch)
        let reporter = Task.detached { [weak self] in
            for await progress in download.progress {
                report(.download(flow, .fetchProgressed(fetch, fraction: progress.fraction)))
            }
            do {
                let result = try await download.result()
                report(.download(flow, .fetchFinished(fetch, file: result.path)))
            } catch {
                if (error as? DownloadError)?.kind != .cancelled { log("download failed: \(error)") }
                // Nobody will play or delete what a failed (or cancelled) fetch left.
                try? FileManager.default.removeItem(atPath: path)
                HLSDownloader.removePartialDownload(at: path)
                report(.download(flow, .fetchFailed(fetch, message: "\(error)")))
            }
            self?.finished(key)
        }
        lock.withLock {
            files.insert(path)
            running[key] = (download, reporter)
        }
    }

    /// Cancels fetch `fetch` of flow `flow` (its partial file is removed when it stops; until then it stays in
    /// the table, so ``shutdown()`` waits for it).
    func cancel(_ flow: DownloadFlowID, _ fetch: FetchID) {
        let entry = lock.withLock { running[Key(flow: flow, fetch: fetch)] }
        entry?.download.cancel()
    }

    private func finished(_ key: Key) {
        _ = lock.withLock { running.removeValue(forKey: key) }
    }

    /// Cancels running downloads, waits for them to stop, removes every file this runner created and closes
    /// the downloader's connection pool.
    func shutdown() async {
        let (entries, paths) = lock.withLock { () -> ([(download: DownloadTask, reporter: Task<Void, Never>)], Set<String>) in
            defer { running.removeAll() }
            return (Array(running.values), files)
        }
        for entry in entries {
            entry.download.cancel()
            entry.reporter.cancel()
        }
        for entry in entries { await entry.reporter.value }
        try? await downloader.shutdown()
        for path in paths {
            try? FileManager.default.removeItem(atPath: path)
            HLSDownloader.removePartialDownload(at: path)
        }
        // The private directory goes too, once empty (rmdir leaves anything it does not know about alone).
        rmdir(directory.path)
    }
}
