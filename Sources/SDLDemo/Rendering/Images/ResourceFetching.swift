import FeedCore
import FeedKit
import Foundation

/// Fetches the bytes behind a URL: thumbnails. The app wiring supplies one;
/// a feed app backs it with its HTTP client (``FeedKitResourceFetcher``), tests with files or a local
/// StreamServer.
protocol ResourceFetching: Sendable {
    /// The body at `url`; throws ``ResourceError`` saying what failed and where.
    func bytes(at url: URL) async throws -> [UInt8]
}

/// A resource could not be fetched.
struct ResourceError: Error, CustomStringConvertible, Equatable {
    var message: String
    var description: String { message }
}

/// HTTP resources through FeedKit, the project's one HTTP layer (``FeedKit/FeedHTTPClient``): a deadline
/// per request, a body-size cap, bounded redirects, only 2xx is a body; errors are FeedKit's one-line
/// ``FeedCore/FeedError`` descriptions (service, URL, what failed).
///
/// ```swift
/// let images = FeedKitResourceFetcher(service: "iBL images", transport: transport)
/// let jpeg = try await images.bytes(at: URL(string: "http://127.0.0.1:8080/images/ic/192x108/p06cfvzl.jpg")!)
/// ```
struct FeedKitResourceFetcher: ResourceFetching {
    /// The HTTP client (its base URL only names the service in errors: requests are absolute URLs).
    let http: FeedHTTPClient

    /// A fetcher over `transport` (default: the window's shared one), `limits` bounding every request.
    init(service: String = "images", transport: any HTTPTransport = SharedTransport.transport,
         limits: RequestLimits = RequestLimits(timeout: .seconds(10), maxBodyBytes: 16 << 20)) {
        // The base URL is never requested; the client needs one to redact and to scope credentials (none here).
        http = FeedHTTPClient(service: service, baseURL: URL(fileURLWithPath: "/"), transport: transport, limits: limits)
    }

    func bytes(at url: URL) async throws -> [UInt8] {
        // A feed names its images: http and https only, never a local file (LinkPolicy, docs/security.md).
        if case .refuse(let reason) = LinkPolicy.image(url) {
            throw ResourceError(message: "\(url.absoluteString): \(reason)")
        }
        do {
            return [UInt8](try await http.get(url: url).body)
        } catch let error as FeedError {
            throw ResourceError(message: error.description)
        }
    }
}

/// The window's one HTTP transport (FeedKit over AsyncHTTPClient), shared by apps and image fetches. It
/// lives as long as the process (its connection pool closes when the process ends).
enum SharedTransport {
    /// The transport.
    static let transport = AsyncHTTPTransport()
}

/// The feed apps' images: `http:` and `https:` through ``FeedKitResourceFetcher`` (a deadline per request, a
/// size cap, a status check: only 2xx is a body). Anything else a feed names (`file:`, `smb:`, `data:`, …) is
/// refused by ``FeedCore/LinkPolicy/image(_:)`` and shows the failed placeholder: a feed cannot make the
/// window read local files.
struct StandardResourceFetcher: ResourceFetching {
    /// The HTTP side.
    var http = FeedKitResourceFetcher(service: "resources")

    func bytes(at url: URL) async throws -> [UInt8] {
        try await http.bytes(at: url)
    }
}
