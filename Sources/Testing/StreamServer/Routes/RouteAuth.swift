import Foundation

/// The credentials a ``Route`` requires: HTTP Basic (RFC 7617) or a Bearer token (RFC 6750). A request
/// without them, or with others, is answered `401 Unauthorized` with a `WWW-Authenticate` challenge
/// (RFC 9110 §11.6.1) and, if the route has one, its own 401 body.
public enum RouteAuth: Sendable, Equatable {
    /// `Authorization: Basic base64(user:password)`.
    case basic(user: String, password: String)
    /// `Authorization: Bearer token`.
    case bearer(token: String)

    /// The realm named in challenges.
    static let realm = "StreamServer"

    /// Whether the `Authorization` header value carries these credentials. The scheme name is
    /// case-insensitive (RFC 9110 §11.1); the credentials are compared exactly.
    func accepts(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return false }
        let scheme = parts[0].lowercased()
        let credentials = parts[1].trimmingCharacters(in: .whitespaces)
        switch self {
        case .basic(let user, let password):
            guard scheme == "basic", let decoded = Data(base64Encoded: credentials) else { return false }
            return decoded == Data("\(user):\(password)".utf8)
        case .bearer(let token):
            return scheme == "bearer" && credentials == token
        }
    }

    /// The `WWW-Authenticate` value for a 401.
    var challenge: String {
        switch self {
        case .basic: "Basic realm=\"\(Self.realm)\", charset=\"UTF-8\""
        case .bearer: "Bearer realm=\"\(Self.realm)\""
        }
    }
}
