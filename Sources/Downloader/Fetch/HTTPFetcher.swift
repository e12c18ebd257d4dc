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
/// Which failures are retried, and how often, is ``FailureClass``'s table: unknown hosts, TLS failures and
/// 4xx other than 408/429 fail at once; a refused connection gets a quick bounded retry; resets, timeouts,
/// short bodies, wrong `Content-Range`s and 408, 429, 500, 502, 503, 504 are retried with backoff (honouring
/// `Retry-After`, RFC 9110 §10.2.3, up to `maxRetryAfter`). Every retry is reported to
/// ``DownloadConfiguration/retryObserver`` before the wait.
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
        // One connection more than the segments in flight, for a live playlist's reload.
        clientConfiguration.connectionPool = .init(
            idleTimeout: configuration.connectionIdleTimeout.timeAmount,
            concurrentHTTP1ConnectionsPerHostSoftLimit: configuration.effectiveConcurrency + 1)
        // AsyncHTTPClient would otherwise retry a failed connect until the connect timeout (10 s per attempt
        // for a refused port or an unknown host); the fetcher retries by failure class itself (FailureClass).
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        clientConfiguration.httpVersion = .http1Only
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration,
                          backgroundActivityLogger: logger)
    }

    /// Fetches `request`, retrying transient failures (at most `maxAttempts` attempts in all, default the
    /// configuration's, and fewer for the failure classes that allow fewer). Bytes are reported to `meter` as
    /// they arrive and removed again if the attempt fails; on success the caller owns (and must later
    /// remove) them.
    func fetch(_ request: FetchRequest, meter: BufferMeter? = nil, maxAttempts: Int? = nil) async throws -> FetchedBody {
        let allowed = max(1, maxAttempts ?? configuration.effectiveMaxAttempts)
        var attempt = 1
        while true {
            try Task.checkCancellation()
            do {
                return try await fetchOnce(request, meter: meter)
            } catch let failure as AttemptFailure {
                let attempts = failure.failureClass.attempts(configured: allowed)
                if attempt >= attempts {
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
                configuration.retryObserver?(RetryNotice(error: failure.error, attempt: attempt, maxAttempts: attempts,
                                                         delay: delay))
                counter.countRetry()
                attempt += 1
                try await Task.sleep(for: delay)
            }
        }
    }

    /// A failed attempt and whether another one may succeed.
    struct AttemptFailure: Error {
        var error: DownloadError
        var failureClass: FailureClass
        var retryAfter: Duration?

        init(error: DownloadError, failureClass: FailureClass, retryAfter: Duration? = nil) {
            self.error = error
            self.failureClass = failureClass
            self.retryAfter = retryAfter
        }

        /// A failure retried with backoff (`retryable`) or not at all.
        init(error: DownloadError, retryable: Bool, retryAfter: Duration? = nil) {
            self.init(error: error, failureClass: retryable ? .backoff : .never, retryAfter: retryAfter)
        }
    }

    /// One attempt: follows redirects, then collects and validates the body (``BodyCollector``).
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
            var headers = HTTPHeaders([("User-Agent", "hlsfetch/1.0")])
            if let range = request.range {
                headers.add(name: "Range", value: range.httpRangeHeaderValue)
            }
            let httpRequest: HTTPClient.Request
            do {
                httpRequest = try HTTPClient.Request(url: url.absoluteString, method: .GET, headers: headers)
            } catch {
                throw AttemptFailure(error: DownloadError(.unsupportedURL, subject, "\(error)"), retryable: false)
            }
            counter.countRequest()
            let collector = BodyCollector(request: request, subject: subject, meter: meter) { [counter, logger] in
                counter.countRangeIgnored()
                logger.notice("server ignored Range; slicing locally", metadata: ["what": "\(subject)"])
            }
            let outcome: BodyCollector.Outcome
            do {
                outcome = try await exchange(httpRequest, collector: collector)
            } catch let failure as AttemptFailure {
                meter?.remove(collector.received)
                throw failure
            } catch {
                meter?.remove(collector.received)
                let received = collector.expected == nil && collector.received == 0 ? nil : collector.received
                throw try transportFailure(error, url: url, subject: subject, received: received,
                                           expected: collector.expected)
            }
            switch outcome {
            case .redirect(let status, let location):
                // RFC 9110 §15.4: follow Location, resolved against the URL that answered.
                guard let location, let next = URL(string: location, relativeTo: url)?.absoluteURL else {
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
            case .status(let status, let retryAfterHeader):
                let reason = HTTPResponseStatus(statusCode: status).reasonPhrase
                let retryAfter = retryAfterHeader.flatMap { RetryAfter.delay(from: $0, now: Date()) }
                let kind: DownloadError.Kind = status == 416 ? .badContentRange : .httpStatus(status)
                throw AttemptFailure(error: DownloadError(kind, subject, "HTTP \(status) \(reason)"),
                                     retryable: Self.retryableStatuses.contains(status), retryAfter: retryAfter)
            case .body(let bytes):
                if Task.isCancelled {
                    meter?.remove(bytes.count)
                    throw CancellationError()
                }
                return FetchedBody(bytes: bytes, finalURL: url)
            }
        }
    }

    /// Runs one HTTP exchange through `collector`, cancelling it when the calling task is cancelled.
    private func exchange(_ request: HTTPClient.Request, collector: BodyCollector) async throws -> BodyCollector.Outcome {
        let deadline = NIODeadline.now() + configuration.requestTimeout.timeAmount
        let task = client.execute(request: request, delegate: collector, eventLoop: .indifferent, deadline: deadline,
                                  logger: clientLogger)
        do {
            return try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
        } catch is BodyCollector.Finished {
            guard let outcome = collector.outcome else { throw CancellationError() }
            return outcome
        }
    }

    /// Maps a transport error to a classified failure described in words (``TransportFailure``), or
    /// rethrows cancellation.
    private func transportFailure(_ error: any Error, url: URL, subject: DownloadError.Subject, received: Int? = nil,
                                  expected: Int? = nil) throws -> AttemptFailure {
        if Task.isCancelled || error is CancellationError { throw CancellationError() }
        guard let failure = TransportFailure.classify(error, url: url, configuration: configuration) else {
            throw CancellationError()
        }
        let progress = received.map { r in " after \(r)\(expected.map { " of \($0)" } ?? "") bytes" } ?? ""
        return AttemptFailure(error: DownloadError(failure.kind, subject, failure.message + progress),
                              failureClass: failure.failureClass)
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
