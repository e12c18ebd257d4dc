// docs/FeedKit.md, "HTTP: FeedHTTPClient": a client with bearer auth, limits and the API's error text.
import FeedCore
import FeedKit
// snippet.hide
import Foundation

struct User: Decodable { var name: String }
struct AlbumList: Decodable { var paging: PagingLinks?; var data: [String] }

func fetch(token: String) async throws {
// snippet.show

try await AsyncHTTPTransport.withTransport { transport in
    let vimeo = FeedHTTPClient(
        service: "Vimeo", baseURL: URL(string: "https://api.vimeo.com")!,
        credentials: .bearer(token: token),                   // or .basic(user:password:)
        transport: transport,
        limits: RequestLimits(timeout: .seconds(10), maxBodyBytes: 8 << 20, maxRedirects: 5),
        errorMessage: .jsonText(at: [JSONPath([.key("developer_message")]), JSONPath([.key("error")])]))
    let me = try await vimeo.getJSON(User.self, path: ["me"])
    let page = try await vimeo.getJSON(AlbumList.self, path: ["me", "albums"], query: [QueryItem("page", "2")])
// snippet.hide
    _ = (me, page)
// snippet.show
}
// snippet.hide
}
// snippet.show
