import Downloader
import Foundation
import PlayerCore

/// The player's ``AudioFetching`` plug-in: downloads the stream's best audio track with the Downloader
/// into a temporary file and reports progress, the finished file or the failure to the player.
///
/// The cache file is `$TMPDIR/CirclePlayer-<pid>-<fetch>.ts` (announced on stderr). The player deletes it
/// after playback; ``shutdown()`` cancels running downloads and removes whatever is left (the file and what
/// ``HLSDownloader/removePartialDownload(at:)`` knows of), so quitting at any moment leaves nothing behind.
final class DownloadFetcher: AudioFetching, @unchecked Sendable {
    private let downloader: HLSDownloader
    private let url: URL
    private let waker: Waker
    private let lock = NSLock()
    private var running: [FetchID: (download: DownloadTask, reporter: Task<Void, Never>)] = [:]
    private var files: Set<String> = []

    /// Fetches from `url` (a master or media playlist); `waker` is signalled after every report.
    init(url: URL, waker: Waker, configuration: DownloadConfiguration = DownloadConfiguration()) {
        self.downloader = HLSDownloader(configuration: configuration)
        self.url = url
        self.waker = waker
    }

    func startFetch(_ id: FetchID, events: @escaping @Sendable (PlayerEvent) -> Void) {
        let path = NSTemporaryDirectory().appending("/CirclePlayer-\(getpid())-\(id.rawValue).ts")
            .replacingOccurrences(of: "//", with: "/")
        FileHandle.standardError.write(Data("SDLDemo: fetching \(url.absoluteString), caching download at \(path)\n".utf8))
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
                    FileHandle.standardError.write(Data("SDLDemo: download failed: \(error)\n".utf8))
                }
                events(.fetchFailed(id, message: "\(error)"))
            }
            waker.signal()
            self?.finished(id)
        }
        lock.withLock {
            files.insert(path)
            running[id] = (download, reporter)
        }
    }

    func cancelFetch(_ id: FetchID) {
        let entry = lock.withLock { running.removeValue(forKey: id) }
        entry?.download.cancel()
        entry?.reporter.cancel()
    }

    private func finished(_ id: FetchID) {
        _ = lock.withLock { running.removeValue(forKey: id) }
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
    }
}
