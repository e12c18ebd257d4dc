// docs/FeedKit.md, "Paging: Paginator": every page of a list that links to its next page.
import FeedCore
import FeedKit
import Foundation

// snippet.hide
struct AlbumList: Decodable { var paging: PagingLinks?; var data: [String] }

func collect(vimeo: FeedHTTPClient, firstURL: URL, base: URL) async throws {
// snippet.show
let items = try await Paginator(service: "Vimeo", maxPages: 50).collect(from: .link(firstURL)) { request in
    guard case .link(let url) = request else { throw FeedError(service: "Vimeo", url: nil, kind: .invalidURL(reason: "pages follow links")) }
    let list = try await vimeo.getJSON(AlbumList.self, url: url)
    return Page(items: list.data, next: try list.paging?.next.map { .link(try PagingLinks.resolve($0, against: base)) })
}
// snippet.hide
_ = items
}
// snippet.show
