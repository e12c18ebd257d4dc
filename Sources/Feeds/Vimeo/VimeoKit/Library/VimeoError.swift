import FeedCore
import Foundation
import VimeoCore

/// Why the Vimeo library could not answer, as one line naming what failed.
///
/// ```
/// Vimeo: authentication failed: HTTP 401 Unauthorized: "A valid user token must be passed." (http://127.0.0.1:8080/me)
/// Vimeo: not found: HTTP 404 Not Found: "The requested album couldn't be found. (error 5000)" (http://…/me/albums/9/videos?page=1&per_page=25)
/// Vimeo: server error: HTTP 500 Internal Server Error (http://…/me/albums?page=2)
/// Vimeo: offline, and the albums were never stored (connect once to fetch them)
/// Vimeo: timed out after 2 s (http://…/me/albums?page=2)
/// ```
public struct VimeoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure.
    public enum Reason: String, Sendable, Equatable {
        /// The token is missing, wrong or lacks a scope (HTTP 401, 403, or no token at all).
        case auth
        /// The album (or page) does not exist (HTTP 404), or the album is not in the whitelist.
        case notFound
        /// The API failed (HTTP 5xx, or another status).
        case server
        /// Offline with nothing stored, or a refresh asked for while offline.
        case offline
        /// The network failed (timeout, unreachable, cut body, too many redirects).
        case network
        /// The answer is not what Vimeo sends (bad JSON, a paging loop, too many pages).
        case data
        /// The local store failed.
        case store
    }

    /// What kind of failure.
    public var reason: Reason
    /// The line to print (starts with `Vimeo: `).
    public var message: String
    /// The HTTP-level error, when there was one.
    public var underlying: FeedError?

    /// A failure with its message.
    public init(_ reason: Reason, message: String, underlying: FeedError? = nil) {
        self.reason = reason
        self.message = message
        self.underlying = underlying
    }

    /// The one-line message.
    public var description: String { message }

    /// Classifies a ``FeedCore/FeedError`` and words it.
    public init(_ error: FeedError) {
        let reason: Reason
        var prefix = ""
        switch error.kind {
        case .httpStatus(let code, _) where code == 401 || code == 403:
            reason = .auth
            prefix = "authentication failed: "
        case .httpStatus(404, _):
            reason = .notFound
            prefix = "not found: "
        case .httpStatus:
            reason = .server
            prefix = "server error: "
        case .offline:
            reason = .offline
        case .unreachable, .timeout, .incompleteBody, .network, .tooManyRedirects, .badRedirect, .bodyTooLarge:
            reason = .network
        case .decoding, .invalidJSON, .pagingLoop, .tooManyPages, .invalidURL:
            reason = .data
        case .store:
            reason = .store
        }
        let location = error.url.map { " (\($0))" } ?? ""
        self.init(reason, message: "\(VimeoClient.service): \(prefix)\(error.kind.summary)\(location)", underlying: error)
    }

    /// Offline, and `resource` was never stored.
    public static func offlineNothingStored(_ resource: VimeoResource) -> VimeoError {
        VimeoError(.offline, message: "\(VimeoClient.service): offline, and \(resource) \(resource.isPlural ? "were" : "was") never stored (connect once to fetch \(resource.isPlural ? "them" : "it"))")
    }

    /// No token to send.
    public static let noToken = VimeoError(.auth, message: "\(VimeoClient.service): authentication failed: no access token (pass --token or set VIMEO_TOKEN)")

    /// The album `id` is not in the whitelist.
    public static func notWhitelisted(_ id: String) -> VimeoError {
        VimeoError(.notFound, message: "\(VimeoClient.service): not found: album \(id) is not in the albums whitelist")
    }

    /// Whether a stored copy may stand in (network and server failures).
    public var isTransient: Bool { underlying?.isTransient ?? false }
}

extension VimeoResource {
    /// Whether the description names several things ("the albums").
    var isPlural: Bool {
        switch self {
        case .albums: true
        case .user, .videos: false
        }
    }
}
