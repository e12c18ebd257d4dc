import Foundation

/// Why a download (or track listing) failed, and where: which segment, key, init section or playlist
/// (URL with credentials redacted, byte range, playlist line) and, for HTTP failures, the status.
///
/// ```swift
/// do { _ = try await task.result() }
/// catch let error as DownloadError {
///     print(error)   // segment 7 (http://127.0.0.1:8080/hls_a256K.ts bytes 123-456): HTTP 404 Not Found
/// }
/// ```
public struct DownloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The category of failure.
    public enum Kind: Sendable, Hashable {
        /// A URL that is malformed or not `http`/`https`.
        case unsupportedURL
        /// A final (non-retryable, or retries exhausted) HTTP status.
        case httpStatus(Int)
        /// More redirects than `maxRedirects`.
        case tooManyRedirects
        /// A playlist, key, init section or segment larger than its limit.
        case tooLarge
        /// The playlist text is not a valid HLS playlist.
        case invalidPlaylist
        /// The media playlist has no `EXT-X-ENDLIST` (a live stream), so it has no end to download to.
        case livePlaylist
        /// An encryption method other than AES-128 (e.g. SAMPLE-AES), refused before downloading.
        case unsupportedEncryption
        /// The master playlist offers no audio track.
        case noAudioTrack
        /// The ``TrackOverride`` matches no audio track.
        case noMatchingTrack
        /// More segments than `maxSegments`.
        case tooManySegments
        /// Connection, reset or protocol failure (after retries).
        case network
        /// The host name does not resolve (not retried: retrying cannot make it exist).
        case unknownHost
        /// Nothing accepts connections at the host and port (after a quick bounded retry).
        case connectionRefused
        /// The TLS handshake failed or the certificate cannot be validated (not retried).
        case tls
        /// No bytes arrived within the idle timeout, or the request exceeded its deadline (after retries).
        case timeout
        /// The body ended before the announced or requested length (after retries).
        case incompleteBody
        /// A `206` answer whose `Content-Range` is not the requested range (after retries), or a `416`.
        case badContentRange
        /// An AES-128 key that is not exactly 16 bytes.
        case invalidKey
        /// A segment that does not decrypt (bad length or padding).
        case decryption
        /// Writing, truncating or renaming the output file failed (e.g. disk full).
        case output
        /// `resume` found state for a different playlist or an inconsistent partial file.
        case resumeMismatch
        /// The task was cancelled.
        case cancelled
    }

    /// What the error is about.
    public enum Subject: Sendable, Hashable {
        /// A playlist at a URL (redacted), with the 1-based line when known.
        case playlist(url: String, line: Int?)
        /// Media segment `index` (0-based position in the media playlist).
        case segment(index: Int, url: String, byteRange: ByteRange?)
        /// The AES-128 key at a URL.
        case key(url: String)
        /// The `EXT-X-MAP` initialization section at a URL.
        case initSection(url: String, byteRange: ByteRange?)
        /// The local output file.
        case output(path: String)
        /// The download as a whole.
        case download
    }

    /// The category.
    public var kind: Kind
    /// What the error is about.
    public var subject: Subject
    /// What went wrong, without the location, e.g. `HTTP 404 Not Found`.
    public var message: String
    /// How many attempts were made, when the failure came after retries.
    public var attempts: Int?

    /// Creates an error.
    public init(_ kind: Kind, _ subject: Subject, _ message: String, attempts: Int? = nil) {
        self.kind = kind
        self.subject = subject
        self.message = message
        self.attempts = attempts
    }

    /// The media segment index, for errors about a segment.
    public var segmentIndex: Int? {
        if case .segment(let index, _, _) = subject { return index }
        return nil
    }

    /// The HTTP status, for `.httpStatus` errors.
    public var httpStatus: Int? {
        if case .httpStatus(let status) = kind { return status }
        return nil
    }

    /// One line: `subject: message[ (after N attempts)]`.
    public var description: String {
        let retries = (attempts ?? 1) > 1 ? " (after \(attempts ?? 1) attempts)" : ""
        switch subject {
        case .download:
            return message + retries
        default:
            return "\(subjectText): \(message)\(retries)"
        }
    }

    /// The location part of ``description``.
    public var subjectText: String {
        switch subject {
        case .playlist(let url, let line):
            return "playlist \(url)" + (line.map { " line \($0)" } ?? "")
        case .segment(let index, let url, let range):
            return "segment \(index) (\(url)\(range.map { " " + Self.bytesText($0) } ?? ""))"
        case .key(let url):
            return "key \(url)"
        case .initSection(let url, let range):
            return "init section (\(url)\(range.map { " " + Self.bytesText($0) } ?? ""))"
        case .output(let path):
            return "output \(path)"
        case .download:
            return "download"
        }
    }

    /// `bytes first-last` (inclusive, as in HTTP).
    static func bytesText(_ range: ByteRange) -> String {
        "bytes \(range.offset)-\(range.upperBound - 1)"
    }

    /// The same error about a different subject.
    func with(subject: Subject) -> DownloadError {
        var copy = self
        copy.subject = subject
        return copy
    }

    /// The same error recording the number of attempts made.
    func with(attempts: Int) -> DownloadError {
        var copy = self
        copy.attempts = attempts
        return copy
    }
}
