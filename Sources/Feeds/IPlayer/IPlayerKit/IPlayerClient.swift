import FeedCore
import FeedKit
import Foundation
import IPlayerCore

/// The iBL client of the Mini iPlayer (seed 002), on ``FeedHTTPClient``. It sends exactly the seed's
/// requests:
///
/// - `GET {base}/ibl/v1/categories?rights=mobile`
/// - `GET {base}/ibl/v1/categories/{id}/highlights?lang=en&rights=mobile&availability=available`
/// - `GET {base}/ibl/v1/groups/{id}/episodes?rights=mobile&availability=available&page=1&per_page=100` (a
///   collection's episodes, when its row is tapped: iBL's group endpoint; see ``IPlayerCore/CollectionEpisodes``)
///
/// `{base}` defaults to `http://ibl.api.bbc.co.uk`. Errors are ``FeedError``s of service `iBL`, with
/// iBL's own message (`{"error": {"details": …}}`) when an error body has one.
///
/// ```swift
/// try await AsyncHTTPTransport.withTransport { transport in
///     let ibl = IPlayerClient(baseURL: URL(string: "http://127.0.0.1:8080")!, transport: transport)
///     let categories = try await ibl.categories()
///     let arts = try await ibl.highlights(category: "arts")
///     let rows = arts.elements.map(HighlightRow.init)
/// }
/// ```
public struct IPlayerClient: Sendable {
    /// The seed's base URL.
    public static let defaultBaseURL = URL(string: "http://ibl.api.bbc.co.uk")!
    /// The service name in errors.
    public static let service = "iBL"
    /// Reads iBL's error documents.
    public static let errorMessage = APIErrorMessage { IBLError.message(in: $0) }

    /// The HTTP layer, configured for iBL.
    public let http: FeedHTTPClient

    /// A client for iBL at `baseURL` over `transport`, with `limits` (deadline, body cap, redirects).
    public init(baseURL: URL = defaultBaseURL, transport: any HTTPTransport, limits: RequestLimits = RequestLimits()) {
        http = FeedHTTPClient(service: Self.service, baseURL: baseURL, transport: transport, limits: limits,
                              errorMessage: Self.errorMessage)
    }

    /// The categories URL: `{base}/ibl/v1/categories?rights=mobile`.
    public func categoriesURL() throws(FeedError) -> URL {
        try http.url(path: ["ibl", "v1", "categories"], query: [QueryItem("rights", "mobile")])
    }

    /// The highlights URL of `category`:
    /// `{base}/ibl/v1/categories/{category}/highlights?lang=en&rights=mobile&availability=available`.
    /// The id is one path segment (percent-encoded if it has to be).
    public func highlightsURL(category: String) throws(FeedError) -> URL {
        try http.url(path: ["ibl", "v1", "categories", category, "highlights"],
                     query: [QueryItem("lang", "en"), QueryItem("rights", "mobile"), QueryItem("availability", "available")])
    }

    /// The most episodes of a collection asked for at once (one page): iBL's collections in the sample hold up to
    /// 64. Ours.
    public static let collectionPageSize = 100

    /// The episodes URL of collection `id`:
    /// `{base}/ibl/v1/groups/{id}/episodes?rights=mobile&availability=available&page=1&per_page=100`.
    public func collectionEpisodesURL(collection id: String) throws(FeedError) -> URL {
        try http.url(path: ["ibl", "v1", "groups", id, "episodes"],
                     query: [QueryItem("rights", "mobile"), QueryItem("availability", "available"), QueryItem("page", "1"),
                             QueryItem("per_page", String(Self.collectionPageSize))])
    }

    /// The episodes of collection `id` (its first ``collectionPageSize``).
    /// - Throws: ``FeedError``, or `CancellationError`.
    public func collectionEpisodes(collection id: String) async throws -> CollectionEpisodes {
        try await http.getJSON(CollectionEpisodes.self, url: collectionEpisodesURL(collection: id))
    }

    /// The programme categories, in feed order.
    /// - Throws: ``FeedError``, or `CancellationError`.
    public func categories() async throws -> [IPlayerCore.Category] {
        try await http.getJSON(CategoryList.self, url: categoriesURL()).categories
    }

    /// The highlights of `category`: its episodes and collections, other element types skipped.
    /// - Throws: ``FeedError``, or `CancellationError`.
    public func highlights(category: String) async throws -> CategoryHighlights {
        try await http.getJSON(CategoryHighlights.self, url: highlightsURL(category: category))
    }
}
