import FeedCore
import Foundation

/// Sends one HTTP request and returns its response, without following redirects: the layer under
/// ``FeedHTTPClient``. The real one is ``AsyncHTTPTransport``; unit tests use ``StubTransport``.
///
/// A transport must honour the request's ``TransportRequest/timeout`` (connect, head and body together)
/// and ``TransportRequest/maxBodyBytes``, and throw ``TransportError`` (or `CancellationError` when the
/// calling task is cancelled).
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response with its whole body.
    /// - Throws: ``TransportError``, or `CancellationError`.
    func send(_ request: TransportRequest) async throws -> TransportResponse
}

/// One request as a transport sends it.
///
/// Its `description` (and `dump`) never shows credentials: the `Authorization` header's value is
/// replaced by its scheme and `***`, and the URL is redacted (``URLRedaction``).
public struct TransportRequest: Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    /// The method, e.g. `"GET"`.
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields in the order sent.
    public var headers: HeaderFields
    /// The most time the whole exchange (connect, request, head and body) may take.
    public var timeout: Duration
    /// The largest body accepted.
    public var maxBodyBytes: Int

    /// A request; see the properties.
    public init(method: String = "GET", url: URL, headers: HeaderFields = HeaderFields(), timeout: Duration,
                maxBodyBytes: Int) {
        self.method = method
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    /// `GET URL` with redacted URL and headers.
    public var description: String {
        "\(method) \(URLRedaction.redact(url)) \(headers.redacted)"
    }

    /// A mirror without secrets, so `dump(request)` cannot print a token.
    public var customMirror: Mirror {
        Mirror(self, children: ["method": method, "url": URLRedaction.redact(url), "headers": headers.redacted,
                                "timeout": timeout, "maxBodyBytes": maxBodyBytes])
    }
}

/// A response as a transport received it.
public struct TransportResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// Header fields.
    public var headers: HeaderFields
    /// The whole body.
    public var body: Data

    /// A response; see the properties.
    public init(status: Int, headers: HeaderFields = HeaderFields(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why a transport could not complete an exchange.
public enum TransportError: Error, Sendable, Equatable {
    /// The exchange took longer than the request's timeout.
    case timeout
    /// No connection could be made (refused, unknown host, no route); the reason in words.
    case unreachable(String)
    /// The body (or its announced `Content-Length`) is larger than the request's limit.
    case tooLarge(limit: Int)
    /// The connection ended before the body was complete.
    case incompleteBody(received: Int, expected: Int?)
    /// The request cannot be sent (bad URL or header).
    case invalidRequest(String)
    /// Anything else, in words.
    case other(String)
}
