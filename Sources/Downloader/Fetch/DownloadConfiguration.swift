import Foundation

/// Settings of an ``HLSDownloader``: concurrency, retries, timeouts, limits and an optional track override.
///
/// ```swift
/// var configuration = DownloadConfiguration()
/// configuration.concurrency = 2
/// configuration.maxAttempts = 5
/// configuration.track = TrackOverride(language: "en")
/// let downloader = HLSDownloader(configuration: configuration)
/// ```
public struct DownloadConfiguration: Sendable {
    /// Most HTTP requests in flight at once (segments, keys, init sections). At least 1.
    public var concurrency: Int = 2
    /// Attempts per request before giving up on retryable failures (5xx, 429, 408, timeouts, resets,
    /// short bodies, wrong `Content-Range`). At least 1.
    public var maxAttempts: Int = 5
    /// Delay between attempts.
    public var backoff: Backoff = Backoff()
    /// Longest `Retry-After` delay honoured (RFC 9110 §10.2.3); longer requests are shortened to this.
    public var maxRetryAfter: Duration = .seconds(30)
    /// A request fails (and is retried) when no bytes arrive for this long, before or after the headers.
    public var idleTimeout: Duration = .seconds(15)
    /// Time allowed to establish a TCP connection.
    public var connectTimeout: Duration = .seconds(10)
    /// Time allowed for one whole request including its body.
    public var requestTimeout: Duration = .seconds(300)
    /// How long a kept-alive connection may sit unused in the pool before it is closed (AsyncHTTPClient's
    /// default, 60 s); the next request then opens a new one.
    public var connectionIdleTimeout: Duration = .seconds(60)
    /// Largest playlist accepted, in bytes.
    public var maxPlaylistBytes: Int = 4 * 1024 * 1024
    /// Largest number of segments accepted in the chosen media playlist.
    public var maxSegments: Int = 50_000
    /// Largest single segment (or init section) accepted, in bytes; bounds memory per request.
    public var maxSegmentBytes: Int = 64 * 1024 * 1024
    /// Most redirects followed for one request (RFC 9110 §15.4).
    public var maxRedirects: Int = 5
    /// Forces a particular audio track instead of the best-ranked one; `nil` picks the best.
    public var track: TrackOverride?
    /// Told about every retry before its wait (what failed, attempt n of m, the delay), e.g. to say so on
    /// standard error; called on the fetching task, so it should return quickly.
    public var retryObserver: (@Sendable (RetryNotice) -> Void)?

    /// Creates the default configuration.
    public init() {}

    /// Creates a configuration; every argument defaults to the value documented on its property.
    public init(concurrency: Int = 2, maxAttempts: Int = 5, backoff: Backoff = Backoff(),
                idleTimeout: Duration = .seconds(15), connectTimeout: Duration = .seconds(10),
                maxPlaylistBytes: Int = 4 * 1024 * 1024, maxSegments: Int = 50_000,
                maxRedirects: Int = 5, track: TrackOverride? = nil) {
        self.concurrency = concurrency
        self.maxAttempts = maxAttempts
        self.backoff = backoff
        self.idleTimeout = idleTimeout
        self.connectTimeout = connectTimeout
        self.maxPlaylistBytes = maxPlaylistBytes
        self.maxSegments = maxSegments
        self.maxRedirects = maxRedirects
        self.track = track
    }

    /// `concurrency` clamped to at least 1.
    var effectiveConcurrency: Int { max(1, concurrency) }
    /// `maxAttempts` clamped to at least 1.
    var effectiveMaxAttempts: Int { max(1, maxAttempts) }
}

/// Picks an audio track by attributes instead of by rank: every given field must match (case-insensitive
/// for `language`), and the best-ranked of the matching candidates wins.
///
/// ```swift
/// TrackOverride(name: "English (high)")
/// TrackOverride(language: "en", groupID: "aac-256")
/// ```
public struct TrackOverride: Sendable, Hashable {
    /// `NAME` of the rendition.
    public var name: String?
    /// `LANGUAGE` of the rendition.
    public var language: String?
    /// `GROUP-ID` of the rendition.
    public var groupID: String?

    /// Creates an override; `nil` fields match anything.
    public init(name: String? = nil, language: String? = nil, groupID: String? = nil) {
        self.name = name
        self.language = language
        self.groupID = groupID
    }

    /// Whether no field is set.
    public var isEmpty: Bool { name == nil && language == nil && groupID == nil }
}

/// A request failed and will be tried again: what failed, which attempt, and the wait before the next.
///
/// ```swift
/// configuration.retryObserver = { notice in
///     FileHandle.standardError.write(Data("hlsfetch: \(notice)\n".utf8))
///     // segment 3 (http://host/seg3.ts): HTTP 503 Service Unavailable (attempt 1 of 5); retrying in 0.3 s
/// }
/// ```
public struct RetryNotice: Sendable, Equatable, CustomStringConvertible {
    /// The failure of the attempt that just ended (its subject says what was being fetched).
    public var error: DownloadError
    /// The attempt that failed, 1-based.
    public var attempt: Int
    /// Attempts allowed in all for this kind of failure.
    public var maxAttempts: Int
    /// The wait before the next attempt.
    public var delay: Duration

    /// Creates a notice.
    public init(error: DownloadError, attempt: Int, maxAttempts: Int, delay: Duration) {
        self.error = error
        self.attempt = attempt
        self.maxAttempts = maxAttempts
        self.delay = delay
    }

    /// `subject: message (attempt n of m); retrying in s`.
    public var description: String {
        let seconds = (delay.seconds * 10).rounded() / 10
        return "\(error.subjectText): \(error.message) (attempt \(attempt) of \(maxAttempts)); retrying in \(seconds) s"
    }
}
