import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// One resource to fetch: a URL, optionally a byte range of it, and limits.
struct FetchRequest: Sendable {
    /// The resource.
    var url: URL
    /// Only these bytes of it (sent as `Range: bytes=a-b`, RFC 9110 §14.2).
    var range: ByteRange?
    /// Largest body accepted.
    var maxBytes: Int
    /// What errors about this request are about (built from the URL actually requested).
    var subject: @Sendable (_ url: String) -> DownloadError.Subject
}

/// A fetched body and the URL that finally answered (after redirects).
struct FetchedBody: Sendable {
    var bytes: [UInt8]
    var finalURL: URL
}

/// Fetches whole resources or byte ranges over HTTP/1.1 with AsyncHTTPClient, streaming bodies with
/// back-pressure, following a bounded number of redirects by hand (http/https only), validating ranges and
/// lengths, and retrying transient failures with backoff.
///
/// Retried: connection errors, idle/deadline timeouts, bodies shorter than announced, a `206` with the
/// wrong `Content-Range`, and the statuses 408, 429, 500, 502, 503, 504 (honouring `Retry-After`,
/// RFC 9110 §10.2.3, up to `maxRetryAfter`). Not retried: other 4xx (e.g. 403, 404), bodies over the limit,
/// cancellation.
final class HTTPFetcher: Sendable {
    let client: HTTPClient
    let configuration: DownloadConfiguration
    let logger: Logger
    /// The logger handed to AsyncHTTPClient: never below `.warning`, because its debug and trace messages
    /// are not ours to redact (URLs may carry credentials).
    let clientLogger: Logger
    let counter = RequestCounter()

    /// Statuses worth retrying (RFC 9110 §15.5.9, §15.6.1, §15.6.3–§15.6.5; RFC 6585 §4).
    static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// A fetcher using `client` (shared by all downloads of one ``HLSDownloader``), counting its own requests.
    init(client: HTTPClient, configuration: DownloadConfiguration, logger: Logger) {
        self.client = client
        self.configuration = configuration
        self.logger = logger
        var clientLogger = logger
        clientLogger.logLevel = max(logger.logLevel, .warning)
        self.clientLogger = clientLogger
    }

    /// An HTTP/1.1 client with a keep-alive pool of at most `concurrency` connections per host, no automatic
    /// redirects (``HTTPFetcher`` follows them itself) and the configured connect and idle-read timeouts.
    static func makeClient(configuration: DownloadConfiguration, logger: Logger) -> HTTPClient {
        var clientConfiguration = HTTPClient.Configuration()
        clientConfiguration.redirectConfiguration = .disallow
        clientConfiguration.decompression = .disabled
        clientConfiguration.timeout = .init(connect: configuration.connectTimeout.timeAmount,
                                            read: configuration.idleTimeout.timeAmount)
        clientConfiguration.connectionPool = .init(
            idleTimeout: .seconds(60),
            concurrentHTTP1ConnectionsPerHostSoftLimit: configuration.effectiveConcurrency)
        clientConfiguration.httpVersion = .http1Only
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration,
                          backgroundActivityLogger: logger)
    }

    /// Fetches `request`, retrying transient failures. Bytes are reported to `meter` as they arrive and
    /// removed again if the attempt fails; on success the caller owns (and must later remove) them.
    func fetch(_ request: FetchRequest, meter: BufferMeter? = nil) async throws -> FetchedBody {
        let maxAttempts = configuration.effectiveMaxAttempts
        var attempt = 1
        while true {
            try Task.checkCancellation()
            do {
                return try await fetchOnce(request, meter: meter)
            } catch let failure as AttemptFailure {
                if !failure.retryable || attempt >= maxAttempts {
                    throw failure.error.with(attempts: attempt)
                }
                var delay = configuration.backoff.delay(afterFailedAttempt: attempt)
                if let retryAfter = failure.retryAfter {
                    delay = min(max(delay, retryAfter), configuration.maxRetryAfter)
                }
                logger.notice("retrying", metadata: [
                    "what": "\(failure.error.subjectText)", "reason": "\(failure.error.message)",
                    "attempt": "\(attempt)", "delay": "\(delay)",
                ])
                counter.countRetry()
                attempt += 1
                try await Task.sleep(for: delay)
            }
        }
    }

    /// A failed attempt and whether another one may succeed.
    struct AttemptFailure: Error {
        var error: DownloadError
        var retryable: Bool
        var retryAfter: Duration?
    }

    /// One attempt: follows redirects, then streams and validates the body.
    private func fetchOnce(_ request: FetchRequest, meter: BufferMeter?) async throws -> FetchedBody {
        var url = request.url
        var redirects = 0
        while true {
            let subject = request.subject(url.redactedString)
            guard url.isHTTPOrHTTPS, url.host != nil else {
                throw AttemptFailure(error: DownloadError(.unsupportedURL, subject,
                                                          "only http and https URLs are supported"),
                                     retryable: false)
            }
            var httpRequest = HTTPClientRequest(url: url.absoluteString)
            httpRequest.method = .GET
            httpRequest.headers.add(name: "User-Agent", value: "hlsfetch/1.0")
            if let range = request.range {
                httpRequest.headers.add(name: "Range", value: range.httpRangeHeaderValue)
            }
            counter.countRequest()
            let response: HTTPClientResponse
            do {
                response = try await client.execute(httpRequest, timeout: configuration.requestTimeout.timeAmount,
                                                    logger: clientLogger)
            } catch {
                throw try transportFailure(error, subject: subject)
            }
            let status = Int(response.status.code)
            if [301, 302, 303, 307, 308].contains(status) {
                // RFC 9110 §15.4: follow Location, resolved against the URL that answered.
                guard let location = response.headers.first(name: "Location"),
                      let next = URL(string: location, relativeTo: url)?.absoluteURL
                else {
                    throw AttemptFailure(error: DownloadError(.httpStatus(status), subject,
                                                              "HTTP \(status) redirect without a usable Location"),
                                         retryable: false)
                }
                redirects += 1
                guard redirects <= configuration.maxRedirects else {
                    throw AttemptFailure(error: DownloadError(.tooManyRedirects, request.subject(request.url.redactedString),
                                                              "more than \(configuration.maxRedirects) redirects"),
                                         retryable: false)
                }
                logger.debug("redirect", metadata: ["from": "\(url.redactedString)", "to": "\(next.redactedString)"])
                url = next
                continue
            }
            guard status == 200 || status == 206 else {
                let reason = HTTPResponseStatus(statusCode: status).reasonPhrase
                let retryAfter = response.headers.first(name: "Retry-After").flatMap {
                    RetryAfter.delay(from: $0, now: Date())
                }
                let kind: DownloadError.Kind = status == 416 ? .badContentRange : .httpStatus(status)
                throw AttemptFailure(error: DownloadError(kind, subject, "HTTP \(status) \(reason)"),
                                     retryable: Self.retryableStatuses.contains(status), retryAfter: retryAfter)
            }
            let bytes = try await readBody(response, status: status, request: request, subject: subject, meter: meter)
            return FetchedBody(bytes: bytes, finalURL: url)
        }
    }

    /// Validates the head against the request, then streams the body into memory.
    private func readBody(_ response: HTTPClientResponse, status: Int, request: FetchRequest,
                          subject: DownloadError.Subject, meter: BufferMeter?) async throws -> [UInt8] {
        let contentLength = response.headers.first(name: "Content-Length").flatMap { Int($0) }
        // The slice of the body to keep, as offsets into the body, and the length we must receive.
        var skip = 0
        var slicing = false
        var expected: Int?
        if let range = request.range {
            if status == 206 {
                guard let header = response.headers.first(name: "Content-Range"),
                      let contentRange = ContentRange(headerValue: header), contentRange.matches(range)
                else {
                    let got = response.headers.first(name: "Content-Range") ?? "none"
                    throw AttemptFailure(error: DownloadError(.badContentRange, subject,
                                                              "asked for \(range.httpRangeHeaderValue), got Content-Range: \(got)"),
                                         retryable: true)
                }
                if let contentLength, contentLength != range.length {
                    throw AttemptFailure(error: DownloadError(.badContentRange, subject,
                                                              "Content-Length \(contentLength) does not match \(range.httpRangeHeaderValue)"),
                                         retryable: true)
                }
            } else {
                // 200 to a Range request: the server sent the whole resource (RFC 9110 §14.2 allows
                // ignoring Range). Keep only the requested bytes and stop reading after them.
                counter.countRangeIgnored()
                logger.notice("server ignored Range; slicing locally", metadata: ["what": "\(subject)"])
                skip = range.offset
                slicing = true
                if let contentLength, contentLength < range.upperBound {
                    throw AttemptFailure(error: DownloadError(.incompleteBody, subject,
                                                              "whole resource is \(contentLength) bytes, shorter than the range end \(range.upperBound)"),
                                         retryable: false)
                }
            }
            expected = range.length
        } else {
            guard status == 200 else {
                throw AttemptFailure(error: DownloadError(.badContentRange, subject,
                                                          "HTTP 206 to a request without Range"),
                                     retryable: true)
            }
            expected = contentLength
        }
        if let expected, expected > request.maxBytes {
            throw AttemptFailure(error: DownloadError(.tooLarge, subject,
                                                      "\(expected) bytes, more than the limit of \(request.maxBytes)"),
                                 retryable: false)
        }

        var bytes: [UInt8] = []
        bytes.reserveCapacity(expected ?? 0)
        var position = 0  // offset in the body of the next chunk
        let end = expected.map { skip + $0 }
        do {
            for try await chunk in response.body {
                let chunkStart = position
                position += chunk.readableBytes
                let keepFrom = max(chunkStart, skip)
                let keepTo = end.map { min(position, $0) } ?? position
                if keepTo > keepFrom {
                    let count = keepTo - keepFrom
                    guard bytes.count + count <= request.maxBytes else {
                        meter?.remove(bytes.count)
                        throw AttemptFailure(error: DownloadError(.tooLarge, subject,
                                                                  "body exceeds the limit of \(request.maxBytes) bytes"),
                                             retryable: false)
                    }
                    chunk.withUnsafeReadableBytes { buffer in
                        let from = keepFrom - chunkStart
                        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[from ..< from + count]))
                    }
                    meter?.add(count)
                }
                if let end, position >= end, slicing || position > end {
                    break  // the rest of an ignored-Range body is not needed (or a server sent too much)
                }
            }
        } catch let failure as AttemptFailure {
            throw failure
        } catch {
            meter?.remove(bytes.count)
            throw try transportFailure(error, subject: subject, received: bytes.count, expected: expected)
        }
        if Task.isCancelled {
            meter?.remove(bytes.count)
            throw CancellationError()
        }
        if let expected, bytes.count != expected {
            meter?.remove(bytes.count)
            throw AttemptFailure(error: DownloadError(.incompleteBody, subject,
                                                      "body ended after \(bytes.count) of \(expected) bytes"),
                                 retryable: true)
        }
        return bytes
    }

    /// Maps a transport error to a retryable failure, or rethrows cancellation.
    private func transportFailure(_ error: any Error, subject: DownloadError.Subject, received: Int? = nil,
                                  expected: Int? = nil) throws -> AttemptFailure {
        if Task.isCancelled || error is CancellationError { throw CancellationError() }
        let progress = received.map { r in " after \(r)\(expected.map { " of \($0)" } ?? "") bytes" } ?? ""
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .readTimeout:
                return AttemptFailure(error: DownloadError(.timeout, subject,
                                                           "no data for \(configuration.idleTimeout)\(progress)"),
                                      retryable: true)
            case .deadlineExceeded:
                return AttemptFailure(error: DownloadError(.timeout, subject,
                                                           "request took longer than \(configuration.requestTimeout)\(progress)"),
                                      retryable: true)
            case .connectTimeout:
                return AttemptFailure(error: DownloadError(.timeout, subject,
                                                           "connect took longer than \(configuration.connectTimeout)"),
                                      retryable: true)
            case .cancelled:
                throw CancellationError()
            default:
                break
            }
        }
        return AttemptFailure(error: DownloadError(.network, subject, "\(Self.describe(error))\(progress)"),
                              retryable: true)
    }

    /// A short description of a transport error.
    static func describe(_ error: any Error) -> String {
        if let ioError = error as? IOError { return ioError.description }
        return String(describing: error)
    }
}

extension Duration {
    /// The duration as a NIO `TimeAmount` (nanoseconds, saturating).
    var timeAmount: TimeAmount {
        let parts = components
        let (nanos, overflow) = parts.seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .nanoseconds(Int64.max) }
        return .nanoseconds(nanos + parts.attoseconds / 1_000_000_000)
    }
}
