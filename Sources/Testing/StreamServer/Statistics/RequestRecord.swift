/// What happened to one request, recorded when it finished.
public struct RequestRecord: Sendable, Equatable {
    /// Percent-decoded path without query (the raw target if it could not be decoded).
    public var path: String
    /// The request method, e.g. `"GET"`.
    public var method: String
    /// The `Range` header as received, if any.
    public var rangeHeader: String?
    /// The response status sent, or 0 if the connection closed before a response head was sent.
    public var status: Int
    /// Body bytes handed to the connection (less than the `Content-Length` for cut-short bodies).
    public var bytesSent: Int
    /// Identifies the TCP connection (1, 2, ... in order of acceptance); equal IDs prove connection reuse.
    public var connectionID: Int
    /// Whether the full response was sent (false for faults that cut it short and for closed connections).
    public var completed: Bool
    /// When the request head was received, measured from the server's start.
    public var startedAt: Duration
    /// When the request stopped being in flight (response end written, or connection closed), from the server's start.
    public var finishedAt: Duration
    /// Requests in flight just after this one's head was received, this one included (1 = it was alone).
    public var concurrentAtStart: Int
    /// The raw query string (without `?`), or `nil` when the target had none.
    public var query: String?
    /// The request's header fields in order; credentials are redacted (``RecordedHeader``).
    public var headers: [RecordedHeader]
    /// The `Retry-After` header of the response, if it had one (a status fault's).
    public var retryAfter: String?

    /// A record with the given values.
    public init(
        path: String, method: String, rangeHeader: String?, status: Int, bytesSent: Int, connectionID: Int,
        completed: Bool, startedAt: Duration = .zero, finishedAt: Duration = .zero, concurrentAtStart: Int = 1,
        query: String? = nil, headers: [RecordedHeader] = [], retryAfter: String? = nil
    ) {
        self.path = path
        self.method = method
        self.rangeHeader = rangeHeader
        self.status = status
        self.bytesSent = bytesSent
        self.connectionID = connectionID
        self.completed = completed
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.concurrentAtStart = concurrentAtStart
        self.query = query
        self.headers = headers
        self.retryAfter = retryAfter
    }

    /// The query's parameters, percent-decoded, in order (`[("rights", "mobile")]`).
    public var queryParameters: [(name: String, value: String)] {
        query.map { QueryMatch.parameters(of: $0[...]) } ?? []
    }

    /// The first value of the header `name` (any case), as recorded (credentials redacted).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The scheme of the request's `Authorization` header (`"Basic"`, `"Bearer"`), or `nil` without one:
    /// whether a client sent credentials, without the credentials themselves.
    public var authorizationScheme: String? {
        header("Authorization").map { String($0.split(separator: " ").first ?? "") }
    }

    /// The query string of a request target, without `?` and fragment; `nil` when there is none.
    static func query(of target: String) -> String? {
        guard let start = target.firstIndex(of: "?") else { return nil }
        let rest = target[target.index(after: start)...]
        return String(rest[..<(rest.firstIndex(of: "#") ?? rest.endIndex)])
    }
}
