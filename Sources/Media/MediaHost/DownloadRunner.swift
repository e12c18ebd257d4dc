import Downloader
import Foundation
import MediaCore
import PlayerCore
import PrivateFiles

/// Runs the downloads of the host's file flows: the best audio track of a playlist into a file of its own,
/// reporting progress, the finished file or the failure as ``MediaCore/MediaEvent``s.
///
/// Each fetch caches at `DIR/CirclePlayer-XXXXXX/download-<n>.ts`, in a directory of this process's made at the
/// first fetch with `mkdtemp` (``PrivateFiles/PrivateDirectory``: a random name, mode 0700, ours; no other user
/// reads what was fetched or places a link where the player writes; docs/security.md), its files created with
/// `O_EXCL | O_NOFOLLOW`. A failed or cancelled fetch removes what it wrote; ``shutdown()`` cancels running
/// downloads and removes whatever is left and the directory, so quitting at any moment leaves nothing behind.
/// Thread-safe.
final class DownloadRunner: @unchecked Sendable {
    private struct Key: Hashable {
        let flow: DownloadFlowID
        let fetch: FetchID
    }

    private let downloader: HLSDownloader
    /// Where the private cache directory is made.
    private let parent: URL
    /// The process's private cache directory, once the first fetch made it.
    private var directory: URL?
    private let report: @Sendable (MediaEvent) -> Void
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()
    private var running: [Key: (download: DownloadTask, reporter: Task<Void, Never>)] = [:]
    private var files: Set<String> = []
    private var nextFile = 1

    init(configuration: DownloadConfiguration, directory: URL, report: @escaping @Sendable (MediaEvent) -> Void,
         log: @escaping @Sendable (String) -> Void) {
        downloader = HLSDownloader(configuration: configuration)
        parent = directory
        self.report = report
        self.log = log
    }

    /// Starts fetch `fetch` of flow `flow`: the playlist at `url` (master or media).
    func start(_ flow: DownloadFlowID, _ fetch: FetchID, url: URL) {
        let made = lock.withLock { () -> Result<(Int, URL), PrivateDirectoryError> in
            defer { nextFile += 1 }
            if let directory = self.directory { return .success((nextFile, directory)) }
            return Result { () throws(PrivateDirectoryError) -> (Int, URL) in
                let made = try PrivateDirectory.make(in: parent, prefix: "CirclePlayer")
                self.directory = made
                return (nextFile, made)
            }
        }
        let number: Int, directory: URL
        switch made {
        case .success(let value): (number, directory) = value
        case .failure(let error):
            log("download failed: \(error)")
            report(.download(flow, .fetchFailed(fetch, message: "\(error)")))
            return
        }
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
        let (entries, paths, directory) = lock.withLock { () -> ([(download: DownloadTask, reporter: Task<Void, Never>)], Set<String>, URL?) in
            defer { running.removeAll() }
            return (Array(running.values), files, self.directory)
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
        if let directory { rmdir(directory.path) }
    }
}
