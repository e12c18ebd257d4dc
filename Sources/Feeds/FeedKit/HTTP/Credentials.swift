import Foundation

/// How a client authenticates: HTTP Basic (RFC 7617) or a Bearer token (RFC 6750).
///
/// Credentials never print: `description`, `debugDescription` and `dump` show the scheme and `***`.
///
/// ```swift
/// let auth = Credentials.bearer(token: ProcessInfo.processInfo.environment["VIMEO_TOKEN"] ?? "")
/// print(auth)                    // Bearer ***
/// auth.authorizationHeaderValue  // "Bearer …" (sent, never logged)
/// ```
public enum Credentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `Authorization: Basic base64(user:password)`.
    case basic(user: String, password: String)
    /// `Authorization: Bearer token`.
    case bearer(token: String)

    /// The `Authorization` header value.
    ///
    /// Basic: `user:password` in UTF-8, base64-encoded (RFC 7617 §2; a `:` in the user name cannot be
    /// represented, so it is refused by ``FeedHTTPClient`` before sending).
    public var authorizationHeaderValue: String {
        switch self {
        case .basic(let user, let password):
            "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        case .bearer(let token):
            "Bearer " + token
        }
    }

    /// The scheme name and `***`.
    public var description: String {
        switch self {
        case .basic: "Basic ***"
        case .bearer: "Bearer ***"
        }
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without the secret.
    public var customMirror: Mirror {
        Mirror(self, children: ["scheme": description])
    }

    /// Why these credentials cannot be sent, or `nil` when they can.
    var problem: String? {
        switch self {
        case .basic(let user, _) where user.contains(":"):
            "a Basic user name cannot contain \":\" (RFC 7617 §2)"
        case .basic(let user, let password) where (user + password).contains(where: { $0 == "\r" || $0 == "\n" }):
            "credentials contain a line break"
        case .bearer(let token) where token.isEmpty:
            "the Bearer token is empty"
        case .bearer(let token) where token.contains(where: { $0 == "\r" || $0 == "\n" || $0 == " " }):
            "the Bearer token contains a space or line break"
        default:
            nil
        }
    }
}
