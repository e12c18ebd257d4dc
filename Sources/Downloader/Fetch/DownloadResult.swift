import Foundation

/// What a finished download produced, with figures about how it went.
public struct DownloadResult: Sendable {
    /// The output file (complete; renamed from `path.part`).
    public var path: String
    /// Size of the output file in bytes.
    public var bytes: Int64
    /// Media segments in the file.
    public var segments: Int
    /// The audio track chosen from a master playlist, or `nil` when the input was a media playlist.
    public var track: ScoredCandidate?
    /// The media playlist whose segments were downloaded (final URL after redirects, credentials redacted).
    public var mediaPlaylistURL: String
    /// SHA-256 of the output file, lowercase hex.
    public var sha256: String?
    /// Most downloaded bytes held in memory at once (segments in flight or waiting for a predecessor).
    public var peakBufferedBytes: Int64
    /// HTTP requests sent, counting playlists, keys, init sections, retries and redirect hops.
    public var requests: Int
    /// Attempts that failed and were retried.
    public var retries: Int
    /// Range requests the server answered with the whole resource (sliced locally).
    public var rangeIgnoredResponses: Int
    /// The segment a resumed download continued from (0 for a fresh download).
    public var resumedFromSegment: Int
    /// Wall-clock time of the download.
    public var elapsed: Duration
}

/// A running download: its progress stream, its result and a way to cancel it.
///
/// ```swift
/// let task = downloader.download(from: url, to: "/tmp/audio.ts")
/// Task { for await progress in task.progress { print(progress.fraction) } }
/// let result = try await task.result()
/// ```
public struct DownloadTask: Sendable {
    /// Progress values, monotonic, ending with `fraction == 1.0` after a successful download. The stream
    /// keeps only the newest few values for a slow reader and finishes when the download ends either way.
    public let progress: AsyncStream<DownloadProgress>
    private let task: Task<DownloadResult, any Error>

    init(progress: AsyncStream<DownloadProgress>, task: Task<DownloadResult, any Error>) {
        self.progress = progress
        self.task = task
    }

    /// Waits for the download; throws ``DownloadError`` (kind `.cancelled` after ``cancel()``).
    public func result() async throws -> DownloadResult {
        try await task.value
    }

    /// Stops the download: requests in flight are cancelled, nothing more is appended, and the partial
    /// file and its resume state are left for a later `resume: true` run.
    public func cancel() {
        task.cancel()
    }
}
