/// The one error every feed client throws: what failed, where, and for which service.
///
/// `service` names the API ("iBL", "Vimeo", "NPR"), `url` is the request's URL with credentials and
/// secret query parameters redacted (``URLRedaction``), and ``Kind`` says what went wrong. The
/// description is one line, fit for a command line's error output:
///
/// ```swift
/// let error = FeedError(service: "iBL", url: "http://ibl.api.bbc.co.uk/ibl/v1/categories?rights=mobile",
///                       kind: .httpStatus(code: 500, apiMessage: "Service unavailable"))
/// error.description
/// // iBL: HTTP 500 Internal Server Error: "Service unavailable" (http://ibl.api.bbc.co.uk/ibl/v1/categories?rights=mobile)
/// ```
public struct FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Error, Sendable, Equatable {
        /// The connectivity check says the device is offline (or `--offline` forced it), and nothing was requested.
        case offline
        /// The server could not be reached: connection refused, no route, unknown host.
        case unreachable(reason: String)
        /// The request did not complete within its deadline (connect, headers and body together).
        case timeout(seconds: Double)
        /// The server answered with a status other than 2xx; `apiMessage` is the API's own error message
        /// when the body carried one (extracted by the service's error-message reader).
        case httpStatus(code: Int, apiMessage: String?)
        /// The body is JSON but a field does not have the expected shape; `path` is the field's JSON path
        /// (`category_highlights.elements[3].versions[0].duration.value`, empty for the document itself).
        case decoding(path: String, reason: String)
        /// The body is not JSON at all (truncated, HTML, empty).
        case invalidJSON(reason: String)
        /// The body is larger than the client accepts.
        case bodyTooLarge(limit: Int)
        /// The connection closed before the whole body arrived.
        case incompleteBody(received: Int, expected: Int?)
        /// More redirects than allowed were followed.
        case tooManyRedirects(limit: Int)
        /// A redirect without a usable `Location`, or to a scheme other than http(s).
        case badRedirect(reason: String)
        /// A paging link or page number pointed to a page already fetched.
        case pagingLoop(page: String)
        /// More pages than the paginator's guard allows.
        case tooManyPages(limit: Int)
        /// The URL could not be built or is not http(s).
        case invalidURL(reason: String)
        /// Any other transport failure.
        case network(reason: String)
        /// The local store failed (open, migrate, read or write).
        case store(reason: String)
    }

    /// The service the request went to, e.g. `"iBL"`.
    public var service: String
    /// The request's URL, redacted; `nil` when the failure is not about one request (e.g. the store).
    public var url: String?
    /// What went wrong.
    public var kind: Kind

    /// An error of `kind` for `service`, about the (already redacted) `url`.
    public init(service: String, url: String?, kind: Kind) {
        self.service = service
        self.url = url
        self.kind = kind
    }

    /// One line: `SERVICE: what failed (URL)`.
    public var description: String {
        let location = url.map { " (\($0))" } ?? ""
        return "\(service): \(kind.summary)\(location)"
    }

    /// Whether a stored copy may stand in for the data this request would have fetched: true for the
    /// failures of the network or the server (offline, unreachable, timeout, 5xx, cut bodies), false for
    /// answers that say the request itself is wrong (4xx, undecodable data, bad URLs).
    public var isTransient: Bool {
        switch kind {
        case .offline, .unreachable, .timeout, .incompleteBody, .network: true
        case .httpStatus(let code, _): code >= 500 || code == 408 || code == 429
        case .decoding, .invalidJSON, .bodyTooLarge, .tooManyRedirects, .badRedirect, .pagingLoop, .tooManyPages,
             .invalidURL, .store: false
        }
    }
}

extension FeedError.Kind {
    /// The kind as a short phrase, without service or URL.
    public var summary: String {
        switch self {
        case .offline:
            return "offline (no network connection)"
        case .unreachable(let reason):
            return "cannot reach the server: \(reason)"
        case .timeout(let seconds):
            return "timed out after \(Self.format(seconds: seconds))"
        case .httpStatus(let code, let message):
            let reason = HTTPStatusText.reason(for: code).map { " \($0)" } ?? ""
            let api = message.map { ": \"\(Self.oneLine($0))\"" } ?? ""
            return "HTTP \(code)\(reason)\(api)"
        case .decoding(let path, let reason):
            return path.isEmpty ? "unexpected JSON: \(reason)" : "unexpected JSON at \(path): \(reason)"
        case .invalidJSON(let reason):
            return "invalid JSON: \(reason)"
        case .bodyTooLarge(let limit):
            return "response larger than the limit of \(limit) bytes"
        case .incompleteBody(let received, let expected):
            let total = expected.map { " of \($0)" } ?? ""
            return "connection closed after \(received)\(total) bytes of the body"
        case .tooManyRedirects(let limit):
            return "more than \(limit) redirects"
        case .badRedirect(let reason):
            return "bad redirect: \(reason)"
        case .pagingLoop(let page):
            return "paging loops: \(page) was already fetched"
        case .tooManyPages(let limit):
            return "more than \(limit) pages"
        case .invalidURL(let reason):
            return "invalid URL: \(reason)"
        case .network(let reason):
            return "network error: \(reason)"
        case .store(let reason):
            return "store error: \(reason)"
        }
    }

    /// `1 s`, `0.25 s`, `2.5 s`.
    static func format(seconds: Double) -> String {
        if seconds == seconds.rounded(), abs(seconds) < 1e15 {
            return "\(Int(seconds)) s"
        }
        return "\(seconds) s"
    }

    /// Line breaks and runs of whitespace collapsed to one space, at most 200 characters, so an API's
    /// message keeps the error on one line.
    static func oneLine(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let joined = words.joined(separator: " ")
        return joined.count > 200 ? String(joined.prefix(200)) + "…" : joined
    }
}
