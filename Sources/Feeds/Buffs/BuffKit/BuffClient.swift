import BuffCore
import FeedCore
import FeedKit
import Foundation

/// The SportBuff API client (seed 004) on ``FeedHTTPClient``: exactly one request,
/// `GET {base}/buffs/{id}`, with `{base}` the seed's `https://demo2373134.mockable.io` by default.
///
/// ```swift
/// try await AsyncHTTPTransport.withTransport { transport in
///     let api = BuffClient(baseURL: URL(string: "http://127.0.0.1:8080")!, transport: transport)
///     switch await api.fetch(id: 1) {
///     case .success(let buff): print(buff.question.title)
///     case .failure(let error): print(error)   // HTTP 500, malformed JSON, 6 answers …
///     }
/// }
/// ```
public struct BuffClient: Sendable {
    /// The seed's base URL (staging).
    public static let defaultBaseURL = URL(string: "https://demo2373134.mockable.io")!
    /// The service name in errors.
    public static let service = "SportBuff"

    /// The HTTP layer (deadline, body cap, redirects).
    public let http: FeedHTTPClient

    /// A client at `baseURL` over `transport` with `limits`.
    public init(baseURL: URL = defaultBaseURL, transport: any HTTPTransport, limits: RequestLimits = RequestLimits()) {
        http = FeedHTTPClient(service: Self.service, baseURL: baseURL, transport: transport, limits: limits)
    }

    /// `{base}/buffs/{id}`.
    public func buffURL(id: Int) throws(FeedError) -> URL {
        try http.url(path: ["buffs", String(id)])
    }

    /// Requests and decodes buff `id`; every failure is a ``BuffError`` (``BuffError/request(_:)`` for
    /// HTTP and network failures, the decoder's cases for the body). Cancellation reads as a network error.
    public func fetch(id: Int) async -> Result<Buff, BuffError> {
        let response: FeedHTTPClient.Response
        do {
            response = try await http.get(url: buffURL(id: id))
        } catch let error as FeedError {
            return .failure(.request(error))
        } catch {
            return .failure(.request(FeedError(service: Self.service, url: nil, kind: .network(reason: String(describing: error)))))
        }
        do {
            return .success(try BuffDecoder.decode(response.body))
        } catch {
            return .failure(error)
        }
    }
}
