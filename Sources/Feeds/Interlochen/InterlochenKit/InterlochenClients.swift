import FeedCore
import FeedKit
import Foundation
import InterlochenCore

/// content-meta.json over HTTP with Basic auth (RFC 7617), as the seed fetches it
/// (`https://{user}:{password}@{client url}/data/content-meta.json`). The credentials go in the
/// `Authorization` header, never in the URL, and are never printed (``Credentials`` redacts itself).
public struct ContentMetaClient: Sendable {
    /// The service name in errors.
    public static let service = "content-meta"
    /// The HTTP layer, its base URL the file's URL.
    public let http: FeedHTTPClient

    /// A client for the file at `url`, with Basic credentials when given.
    public init(url: URL, credentials: Credentials?, transport: any HTTPTransport, limits: RequestLimits = RequestLimits()) {
        http = FeedHTTPClient(service: Self.service, baseURL: url, credentials: credentials, transport: transport,
                              limits: limits)
    }

    /// The file's bytes and what they say.
    /// - Throws: ``FeedError`` (HTTP, network, or the JSON path of a bad field).
    public func fetch() async throws -> (bytes: Data, meta: ContentMeta) {
        let response = try await http.get(url: http.baseURL)
        do {
            return (response.body, try ContentMeta.decode(from: Array(response.body)))
        } catch {
            throw FeedError(service: Self.service, url: URLRedaction.redact(response.url), kind: error.kind)
        }
    }
}

/// The NPR Story API: `GET {npr}/query?id=…&startNum=…&numResults=…&apiKey=…&output=JSON`.
/// The key is sent as the API wants it, in the query, and redacted in every error (`apiKey=***`).
public struct NPRClient: Sendable {
    /// The Story API's base URL.
    public static let defaultBaseURL = URL(string: "https://api.npr.org")!
    /// The service name in errors.
    public static let service = "NPR"
    /// The HTTP layer.
    public let http: FeedHTTPClient
    /// The API key, if any.
    public let apiKey: String?

    /// A client for the API at `baseURL`.
    public init(baseURL: URL = defaultBaseURL, apiKey: String?, transport: any HTTPTransport,
                limits: RequestLimits = RequestLimits()) {
        http = FeedHTTPClient(service: Self.service, baseURL: baseURL, transport: transport, limits: limits,
                              errorMessage: .jsonText(at: [JSONPath([.key("messages"), .key("message"), .key("text"), .key("$text")]),
                                                           JSONPath([.key("message"), .index(0), .key("text"), .key("$text")])]))
        self.apiKey = apiKey
    }

    /// The URL of `page`.
    public func url(for page: NPRPage) throws(FeedError) -> URL {
        try http.url(path: ["query"], query: page.queryItems(apiKey: apiKey).map { QueryItem($0.name, $0.value) })
    }

    /// One page of a query, with the body it came in (to store).
    /// - Throws: ``FeedError``; the API answering with messages and no stories is
    ///   ``FeedError/Kind/httpStatus(code:apiMessage:)``-like information carried by ``NPRQueryError``.
    public func page(_ page: NPRPage) async throws -> (bytes: Data, page: NPRStoryPage) {
        let url = try url(for: page)
        let response = try await http.get(url: url)
        return (response.body, try Self.decode(response.body, url: response.url))
    }

    /// Decodes a stored or fetched body of `url`.
    public static func decode(_ body: Data, url: URL) throws -> NPRStoryPage {
        do {
            return try NPRStoryPage.decode(from: Array(body))
        } catch let error as NPRAPIError {
            throw NPRQueryError(url: URLRedaction.redact(url), error: error)
        } catch let error as FeedJSON.Failure {
            throw FeedError(service: service, url: URLRedaction.redact(url), kind: error.kind)
        }
    }
}

/// The NPR API answered a query with messages and no stories (an unknown id, a bad key).
public struct NPRQueryError: Error, Sendable, CustomStringConvertible {
    /// The query's URL, key redacted.
    public var url: String
    /// What the API said.
    public var error: NPRAPIError

    /// `NPR: the query returned no stories (message 1: Invalid API key) (https://api.npr.org/query?…apiKey=***)`.
    public var description: String { "NPR: \(error) (\(url))" }
}

/// The LiveStream API: `GET {livestream}/accounts/{account}/events/{event}`.
public struct LiveStreamClient: Sendable {
    /// LiveStream's public API.
    public static let defaultBaseURL = URL(string: "https://api.new.livestream.com")!
    /// The service name in errors.
    public static let service = "LiveStream"
    /// The HTTP layer.
    public let http: FeedHTTPClient

    /// A client for the API at `baseURL`.
    public init(baseURL: URL = defaultBaseURL, transport: any HTTPTransport, limits: RequestLimits = RequestLimits()) {
        http = FeedHTTPClient(service: Self.service, baseURL: baseURL, transport: transport, limits: limits,
                              errorMessage: .jsonText(at: [JSONPath([.key("message")]), JSONPath([.key("error")])]))
    }

    /// The event of `cast`, with its body (to store).
    public func event(_ cast: LiveStreamCast) async throws -> (bytes: Data, event: LiveStreamEvent) {
        let response = try await http.get(path: ["accounts", cast.account, "events", cast.event])
        return (response.body, try http.decode(LiveStreamEvent.self, from: response))
    }
}

/// Where the videos of a Vimeo album come from (VimeoLibrary in the apps; a table in tests).
public protocol AlbumVideoSource: Sendable {
    /// Every video of album `id`, in album order.
    func videos(ofAlbum id: String, now: Date) async throws -> [InterlochenVideo]
    /// The same, fetched whatever the source's own freshness rule says when `force` (a refresh the user asked
    /// for). The default ignores `force`.
    func videos(ofAlbum id: String, now: Date, force: Bool) async throws -> [InterlochenVideo]
}

extension AlbumVideoSource {
    /// A source without a cache of its own: `force` changes nothing.
    public func videos(ofAlbum id: String, now: Date, force: Bool) async throws -> [InterlochenVideo] {
        try await videos(ofAlbum: id, now: now)
    }
}
