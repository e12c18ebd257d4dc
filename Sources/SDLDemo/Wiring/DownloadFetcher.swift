import Downloader
import Foundation
import PlayerCore

/// Downloads for the file flows (``FileFlow``): the best audio track of a playlist into a temporary file,
/// reporting progress, the finished file or the failure to the flow's player.
///
/// Each fetch gets its own number `n` (across every flow) and caches at `$TMPDIR/CirclePlayer-<pid>-<n>.ts`
/// (announced on stderr). The player deletes the file after playback; a failed or cancelled fetch removes
/// what it wrote; ``shutdown()`` cancels running downloads and removes whatever is left (the file and what
/// ``HLSDownloader/removePartialDownload(at:)`` knows of), so quitting at any moment leaves nothing behind.
final class DownloadFetcher: @unchecked Sendable {
    private let downloader: HLSDownloader
    private let waker: Waker
    private let lock = NSLock()
    private var running: [Int: (download: DownloadTask, reporter: Task<Void, Never>)] = [:]
    private var files: Set<String> = []
    private var nextKey = 1

    /// `waker` is signalled after every report.
    init(waker: Waker, configuration: DownloadConfiguration = DownloadConfiguration()) {
        self.downloader = HLSDownloader(configuration: configuration)
        self.waker = waker
    }

    /// Starts fetching `url` (a master or media playlist) for the player's fetch `id`; returns the fetch's
    /// number, for ``cancelFetch(_:)``.
    @discardableResult
    func startFetch(_ id: FetchID, url: URL, events: @escaping @Sendable (PlayerEvent) -> Void) -> Int {
        let key = lock.withLock { () -> Int in
            defer { nextKey += 1 }
            return nextKey
        }
        // The cache lives in a directory of this process's, mode 0700: no other user reads what was fetched.
        let directory = NSTemporaryDirectory().appending("/CirclePlayer-\(getpid())").replacingOccurrences(of: "//", with: "/")
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        let path = directory + "/download-\(key).ts"
        DemoLog.line("SDLDemo: fetching \(url.absoluteString), caching download at \(path)")
        let download = downloader.download(from: url, to: path)
        let waker = self.waker
        let reporter = Task.detached { [weak self] in
            for await progress in download.progress {
                events(.fetchProgressed(id, fraction: progress.fraction))
                waker.signal()
            }
            do {
                let result = try await download.result()
                events(.fetchFinished(id, file: result.path))
            } catch {
                // The window shows the failure; say why on stderr too (one line), unless it was cancelled.
                if (error as? DownloadError)?.kind != .cancelled {
                    DemoLog.line("SDLDemo: download failed: \(error)")
                }
                // Nobody will play or delete what a failed (or cancelled) fetch left.
                try? FileManager.default.removeItem(atPath: path)
                HLSDownloader.removePartialDownload(at: path)
                events(.fetchFailed(id, message: "\(error)"))
            }
            waker.signal()
            self?.finished(key)
        }
        lock.withLock {
            files.insert(path)
            running[key] = (download, reporter)
        }
        return key
    }

    /// Cancels fetch `key` (its partial file is removed when it stops).
    func cancelFetch(_ key: Int) {
        let entry = lock.withLock { running.removeValue(forKey: key) }
        entry?.download.cancel()
    }

    private func finished(_ key: Int) {
        _ = lock.withLock { running.removeValue(forKey: key) }
    }

    /// Cancels running downloads, waits for them to stop, removes every file this fetcher created and
    /// closes the downloader's connection pool.
    func shutdown() {
        let (entries, paths) = lock.withLock { () -> ([(download: DownloadTask, reporter: Task<Void, Never>)], Set<String>) in
            defer { running.removeAll() }
            return (Array(running.values), files)
        }
        for entry in entries {
            entry.download.cancel()
            entry.reporter.cancel()
        }
        let downloader = self.downloader
        let reporters = entries.map(\.reporter)
        _ = try? Blocking.run {
            for reporter in reporters { await reporter.value }
            try await downloader.shutdown()
        }
        for path in paths {
            try? FileManager.default.removeItem(atPath: path)
            HLSDownloader.removePartialDownload(at: path)
        }
        // The private cache directory goes too, once empty.
        for directory in Set(paths.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }) {
            rmdir(directory)
        }
    }
}
