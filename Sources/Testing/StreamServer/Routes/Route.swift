/// A fixture route: requests with this method, path and query get this response (after an optional
/// authorization check). Routes answer before the server's files; the first matching route wins.
///
/// ```swift
/// Route(path: "/ibl/v1/categories", query: .exact(["rights": "mobile"]),
///       response: RouteResponse(file: categoriesJSON, contentType: "application/json"))
/// Route(path: "/me/albums", query: .subset(["page": "2"]), auth: .bearer(token: "T"),
///       response: RouteResponse(string: #"{"data": []}"#, contentType: "application/json"))
/// Route(path: "/images/ic/*/p0001.jpg", response: RouteResponse(data: jpeg, contentType: "image/jpeg"))
/// ```
///
/// Faults are not part of a route: they attach to paths with ``FaultRule`` as for files (a routes.json's
/// `faults` become such rules, on the route's path), so delays, holds, statuses, stalls, short bodies and
/// resets work the same for both.
public struct Route: Sendable, Equatable {
    /// The method answered (upper case). `GET` routes also answer `HEAD` (headers only).
    public var method: String
    /// The path: exact, or a glob where `*` matches any characters including `/` (as ``FaultRule``).
    /// Matched against the percent-decoded path.
    public var path: String
    /// Which queries match; `nil` matches any query.
    public var query: QueryMatch?
    /// Credentials required; without them the answer is 401 with `WWW-Authenticate`.
    public var auth: RouteAuth?
    /// The response.
    public var response: RouteResponse

    /// A route; see the properties.
    public init(method: String = "GET", path: String, query: QueryMatch? = nil, auth: RouteAuth? = nil,
                response: RouteResponse) {
        self.method = method.uppercased()
        self.path = path
        self.query = query
        self.auth = auth
        self.response = response
    }

    /// Whether `method` is answered by this route (`HEAD` by `GET` routes).
    func answers(method requested: String) -> Bool {
        requested == method || (requested == "HEAD" && method == "GET")
    }
}
