import FeedCore
import FeedKit
import Foundation
import VimeoCore

/// The Vimeo API client (seed 001), on ``FeedKit/FeedHTTPClient``, with a Bearer token. It sends exactly
/// the seed's requests:
///
/// - `GET {base}/me`
/// - `GET {base}/me/albums?page=1`, then each `paging.next` until it is `null` (every page, always)
/// - `GET {base}/me/albums/{id}/videos?page=N&per_page=25`
/// - `GET {base}/me/videos?query=Q&page=N&per_page=25`
///
/// `{base}` defaults to `https://api.vimeo.com`. Errors are ``FeedCore/FeedError``s of service `Vimeo`,
/// with Vimeo's own message (`{"error": …, "developer_message": …, "error_code": …}`) when the body has
/// one. The token is sent only to the base URL's origin and never printed (``FeedKit/Credentials``).
///
/// ```swift
/// try await AsyncHTTPTransport.withTransport { transport in
///     let vimeo = VimeoClient(baseURL: URL(string: "http://127.0.0.1:8080")!, token: "T", transport: transport)
///     let albums = try await vimeo.albums()                               // every page
///     let page = try await vimeo.videos(.album(albums[0].id), page: 1)     // 25 videos, hasMore
/// }
/// ```
public struct VimeoClient: Sendable {
    /// The seed's base URL.
    public static let defaultBaseURL = URL(string: "https://api.vimeo.com")!
    /// The service name in errors.
    public static let service = "Vimeo"
    /// Reads Vimeo's error documents.
    public static let errorMessage = APIErrorMessage { VimeoAPIError.message(in: $0) }
    /// The most album pages followed (a guard; Vimeo's albums come 25 to a page).
    public static let maxAlbumPages = 200

    /// The HTTP layer, configured for Vimeo.
    public let http: FeedHTTPClient

    /// A client for the API at `baseURL`, authenticated with `token` (none: requests go without
    /// `Authorization`, and Vimeo answers 401), over `transport`, with `limits`.
    public init(baseURL: URL = defaultBaseURL, token: String?, transport: any HTTPTransport,
                limits: RequestLimits = RequestLimits()) {
        http = FeedHTTPClient(service: Self.service, baseURL: baseURL, credentials: token.map { .bearer(token: $0) },
                              transport: transport, limits: limits, errorMessage: Self.errorMessage)
    }

    /// The base URL.
    public var baseURL: URL { http.baseURL }

    /// `{base}/me`.
    public func userURL() throws(FeedError) -> URL {
        try http.url(path: ["me"])
    }

    /// `{base}/me/albums?page=N`.
    public func albumsURL(page: Int = 1) throws(FeedError) -> URL {
        try http.url(path: ["me", "albums"], query: [QueryItem("page", String(page))])
    }

    /// `{base}/me/albums/{id}/videos?page=N&per_page=25` or `{base}/me/videos?query=Q&page=N&per_page=25`.
    public func videosURL(_ list: VideoListID, page: Int, perPage: Int = VimeoResource.perPage) throws(FeedError) -> URL {
        switch list {
        case .album(let id):
            try http.url(path: ["me", "albums", id, "videos"],
                         query: [QueryItem("page", String(page)), QueryItem("per_page", String(perPage))])
        case .search(let query):
            try http.url(path: ["me", "videos"], query: [QueryItem("query", query), QueryItem("page", String(page)),
                                                         QueryItem("per_page", String(perPage))])
        }
    }

    /// The authenticated user.
    /// - Throws: ``FeedCore/FeedError``, or `CancellationError`.
    public func user() async throws -> VimeoUser {
        try await http.getJSON(VimeoUser.self, url: userURL())
    }

    /// Every album, page after page: page 1, then each page's `paging.next` until it is `null` (a list
    /// without `paging` is one page). Nothing is returned until every page is in; a page that fails fails
    /// the whole list, and a `next` pointing back to a page already fetched is an error, not a loop.
    /// - Throws: ``FeedCore/FeedError`` (``FeedCore/FeedError/Kind/pagingLoop(page:)`` for a loop), or
    ///   `CancellationError`.
    public func albums() async throws -> [VimeoAlbum] {
        try await albumPages().flatMap(\.data)
    }

    /// Every album page, in order (see ``albums()``).
    public func albumPages() async throws -> [VimeoList<VimeoAlbum>] {
        let base = baseURL
        let service = Self.service
        let http = self.http
        return try await Paginator(service: service, maxPages: Self.maxAlbumPages)
            .collect(from: .link(try albumsURL(page: 1))) { request -> Page<VimeoList<VimeoAlbum>> in
                guard case .link(let url) = request else {
                    throw FeedError(service: service, url: nil, kind: .invalidURL(reason: "album pages are followed by link"))
                }
                let list = try await http.getJSON(VimeoList<VimeoAlbum>.self, url: url)
                guard let link = list.nextLink else { return Page(items: [list], next: nil) }
                do {
                    return Page(items: [list], next: .link(try PagingLinks.resolve(link, against: base)))
                } catch let kind as FeedError.Kind {
                    throw FeedError(service: service, url: URLRedaction.redact(url), kind: kind)
                }
            }
    }

    /// Page `page` of a video list, 25 videos to a page.
    /// - Throws: ``FeedCore/FeedError``, or `CancellationError`.
    public func videos(_ list: VideoListID, page: Int) async throws -> VideoPage {
        let response = try await http.getJSON(VimeoList<VimeoVideo>.self, url: videosURL(list, page: page))
        return VideoPage(list: list, page: page, response: response)
    }
}
