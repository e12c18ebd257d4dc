import FeedCore
import Foundation

/// The one HTTP layer under every feed client: GET requests below a base URL with a deadline, optional
/// Basic or Bearer credentials, a body-size cap and bounded redirects, over any ``HTTPTransport``; every
/// failure becomes a ``FeedError`` naming the service, the (redacted) URL and what went wrong.
///
/// ```swift
/// let ibl = FeedHTTPClient(service: "iBL", baseURL: URL(string: "http://ibl.api.bbc.co.uk")!,
///                          transport: transport, errorMessage: .jsonText(at: [JSONPath([.key("error"), .key("details")])]))
/// let list: CategoryList = try await ibl.getJSON(CategoryList.self, path: ["ibl", "v1", "categories"],
///                                                query: [QueryItem("rights", "mobile")])
/// ```
///
/// - **Deadline**: ``RequestLimits/timeout`` bounds the whole call, redirects included; each hop gets what
///   is left. Expiry is ``FeedError/Kind/timeout(seconds:)``.
/// - **Redirects** (301, 302, 303, 307, 308): followed up to ``RequestLimits/maxRedirects``, `Location`
///   resolved against the URL that answered (RFC 9110 §10.2.2, §15.4); only http(s) targets. Credentials
///   are sent only to the base URL's origin (scheme, host, port): a redirect or a paging link elsewhere is
///   requested without them, as curl does, so a token never leaks to another host.
/// - **Statuses**: 2xx is success; anything else (including a 3xx without `Location`) is
///   ``FeedError/Kind/httpStatus(code:apiMessage:)`` with the API's own message when ``errorMessage`` finds one.
/// - **Headers**: `Accept: application/json` and `User-Agent` are sent with every request.
public struct FeedHTTPClient: Sendable {
    /// The service name errors carry, e.g. `"iBL"`.
    public var service: String
    /// The API's base URL; paths are appended to it.
    public var baseURL: URL
    /// Credentials sent to the base URL's origin, if any.
    public var credentials: Credentials?
    /// Sends the requests.
    public var transport: any HTTPTransport
    /// Deadline, size cap, redirect bound.
    public var limits: RequestLimits
    /// Reads the API's error message from error bodies.
    public var errorMessage: APIErrorMessage
    /// Extra header fields sent with every request (after `Accept` and `User-Agent`).
    public var extraHeaders: HeaderFields

    /// The `User-Agent` sent.
    public static let userAgent = "FeedKit/1.0 (CirclePlayer mediakit)"

    /// A client for `service` at `baseURL`; see the properties.
    public init(service: String, baseURL: URL, credentials: Credentials? = nil, transport: any HTTPTransport,
                limits: RequestLimits = RequestLimits(), errorMessage: APIErrorMessage = .none,
                extraHeaders: HeaderFields = HeaderFields()) {
        self.service = service
        self.baseURL = baseURL
        self.credentials = credentials
        self.transport = transport
        self.limits = limits
        self.errorMessage = errorMessage
        self.extraHeaders = extraHeaders
    }

    /// A response after redirects: status (2xx), headers, body and the URL that answered.
    public struct Response: Sendable, Equatable {
        /// The final status (2xx).
        public var status: Int
        /// The final response's header fields.
        public var headers: HeaderFields
        /// The body.
        public var body: Data
        /// The URL that answered (after redirects).
        public var url: URL
    }

    /// The URL of `path` segments and `query` below ``baseURL`` (see ``FeedURL``).
    /// - Throws: ``FeedError`` with ``FeedError/Kind/invalidURL(reason:)``.
    public func url(path: [String], query: [QueryItem] = []) throws(FeedError) -> URL {
        do {
            return try FeedURL.make(base: baseURL, path: path, query: query)
        } catch {
            throw FeedError(service: service, url: URLRedaction.redact(baseURL), kind: error)
        }
    }

    /// GETs `path` below the base URL.
    /// - Throws: ``FeedError``, or `CancellationError` when the task is cancelled.
    public func get(path: [String], query: [QueryItem] = []) async throws -> Response {
        try await get(url: url(path: path, query: query))
    }

    /// GETs `path` below the base URL and decodes the body as `T`.
    /// - Throws: ``FeedError`` (a decoding failure names the JSON path), or `CancellationError`.
    public func getJSON<T: Decodable>(_ type: T.Type, path: [String], query: [QueryItem] = []) async throws -> T {
        try await getJSON(type, url: url(path: path, query: query))
    }

    /// GETs an absolute `url` (a paging link, a redirect target the caller stored).
    public func getJSON<T: Decodable>(_ type: T.Type, url: URL) async throws -> T {
        let response = try await get(url: url)
        return try decode(type, from: response)
    }

    /// Decodes a response's body as `T`, with errors naming the service and URL.
    public func decode<T: Decodable>(_ type: T.Type, from response: Response) throws(FeedError) -> T {
        do {
            return try FeedJSON.decode(type, from: response.body)
        } catch {
            throw FeedError(service: service, url: URLRedaction.redact(response.url), kind: error.kind)
        }
    }

    /// GETs an absolute `url`, following redirects.
    /// - Throws: ``FeedError``, or `CancellationError` when the task is cancelled.
    public func get(url: URL) async throws -> Response {
        let requested = URLRedaction.redact(url)
        if let problem = credentials?.problem {
            throw FeedError(service: service, url: requested, kind: .invalidURL(reason: problem))
        }
        let clock = ContinuousClock()
        let deadline = clock.now + limits.timeout
        var current = url
        var redirects = 0
        while true {
            guard let scheme = current.scheme?.lowercased(), scheme == "http" || scheme == "https", current.host != nil
            else {
                throw FeedError(service: service, url: URLRedaction.redact(current),
                                kind: .invalidURL(reason: "only http and https URLs are supported"))
            }
            let remaining = deadline - clock.now
            guard remaining > .zero else {
                throw FeedError(service: service, url: requested, kind: .timeout(seconds: limits.timeout.seconds))
            }
            let request = TransportRequest(method: "GET", url: current, headers: headers(for: current),
                                           timeout: remaining, maxBodyBytes: limits.maxBodyBytes)
            let response: TransportResponse
            do {
                response = try await transport.send(request)
            } catch let error as TransportError {
                throw FeedError(service: service, url: URLRedaction.redact(current), kind: kind(of: error))
            }
            if response.body.count > limits.maxBodyBytes {
                throw FeedError(service: service, url: URLRedaction.redact(current),
                                kind: .bodyTooLarge(limit: limits.maxBodyBytes))
            }
            switch response.status {
            case 200...299:
                return Response(status: response.status, headers: response.headers, body: response.body, url: current)
            case 301, 302, 303, 307, 308:
                guard let location = response.headers["Location"], !location.isEmpty else {
                    throw statusError(response, url: current)
                }
                guard let next = URL(string: location, relativeTo: current)?.absoluteURL,
                      let nextScheme = next.scheme?.lowercased(), nextScheme == "http" || nextScheme == "https"
                else {
                    throw FeedError(service: service, url: URLRedaction.redact(current),
                                    kind: .badRedirect(reason: "Location \"\(URLRedaction.redact(location))\" is not an http(s) URL"))
                }
                redirects += 1
                guard redirects <= limits.maxRedirects else {
                    throw FeedError(service: service, url: requested, kind: .tooManyRedirects(limit: limits.maxRedirects))
                }
                current = next
            default:
                throw statusError(response, url: current)
            }
        }
    }

    /// `Accept`, `User-Agent`, the extra fields, and `Authorization` when `url` is on the base URL's origin.
    func headers(for url: URL) -> HeaderFields {
        var headers: HeaderFields = ["Accept": "application/json", "User-Agent": Self.userAgent]
        for field in extraHeaders {
            headers.add(field.name, field.value)
        }
        if let credentials, Self.sameOrigin(url, baseURL) {
            headers.add("Authorization", credentials.authorizationHeaderValue)
        }
        return headers
    }

    /// Same scheme, host and port (default ports filled in), RFC 6454 §4.
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            return (scheme, host, url.port ?? (scheme == "https" ? 443 : 80))
        }
        guard let x = origin(a), let y = origin(b) else { return false }
        return x == y
    }

    private func statusError(_ response: TransportResponse, url: URL) -> FeedError {
        FeedError(service: service, url: URLRedaction.redact(url),
                  kind: .httpStatus(code: response.status, apiMessage: errorMessage.message(in: response.body)))
    }

    private func kind(of error: TransportError) -> FeedError.Kind {
        switch error {
        case .timeout: .timeout(seconds: limits.timeout.seconds)
        case .unreachable(let reason): .unreachable(reason: reason)
        case .tooLarge(let limit): .bodyTooLarge(limit: limit)
        case .incompleteBody(let received, let expected): .incompleteBody(received: received, expected: expected)
        case .invalidRequest(let reason): .invalidURL(reason: reason)
        case .other(let reason): .network(reason: reason)
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
