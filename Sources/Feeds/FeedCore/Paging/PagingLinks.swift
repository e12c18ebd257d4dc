import Foundation

/// A list's paging links as Vimeo sends them: `{"paging": {"next": "/me/albums?page=2", "previous": null,
/// "first": "/me/albums?page=1", "last": "/me/albums?page=3"}}`. Links are relative paths or `null`;
/// a list without `paging` is one page (use ``PagingLinks/none``).
///
/// ```swift
/// struct AlbumList: Decodable { var paging: PagingLinks?; var data: [Album] }
/// let next = try list.paging?.next.map { try PagingLinks.resolve($0, against: baseURL) }
/// ```
public struct PagingLinks: Sendable, Hashable, Decodable {
    /// The next page's link, `nil` on the last page.
    public var next: String?
    /// The previous page's link.
    public var previous: String?
    /// The first page's link.
    public var first: String?
    /// The last page's link.
    public var last: String?

    /// Links as given.
    public init(next: String? = nil, previous: String? = nil, first: String? = nil, last: String? = nil) {
        self.next = next
        self.previous = previous
        self.first = first
        self.last = last
    }

    /// No links: a single page.
    public static let none = PagingLinks()

    private enum CodingKeys: String, CodingKey {
        case next, previous, first, last
    }

    /// Decodes the links; missing, `null` and `""` are all "no link".
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        next = try container.decodeText(forKey: .next)
        previous = try container.decodeText(forKey: .previous)
        first = try container.decodeText(forKey: .first)
        last = try container.decodeText(forKey: .last)
    }

    /// The absolute URL of `link`, a paging link from an API whose base URL is `base`.
    ///
    /// - A link starting with `/` is a path below the API's base URL: Vimeo sends `/me/albums?page=2` for
    ///   `https://api.vimeo.com`, so a base URL with a path prefix (`http://127.0.0.1:8080/vimeo`) keeps
    ///   its prefix (`http://127.0.0.1:8080/vimeo/me/albums?page=2`).
    /// - An absolute `http(s)` link is used as it is.
    /// - Anything else is resolved against the base URL as RFC 3986 §5.2 says.
    ///
    /// - Throws: ``FeedError/Kind/invalidURL(reason:)`` when the link is not a usable URL.
    public static func resolve(_ link: String, against base: URL) throws(FeedError.Kind) -> URL {
        if link.hasPrefix("/"), !link.hasPrefix("//") {
            var prefix = base.absoluteString
            while prefix.hasSuffix("/") { prefix.removeLast() }
            if let url = URL(string: prefix + link) { return url }
        } else if let url = URL(string: link), let scheme = url.scheme?.lowercased() {
            guard scheme == "http" || scheme == "https", url.host != nil else {
                throw .invalidURL(reason: "paging link \"\(link.prefix(100))\" is not http(s)")
            }
            return url
        } else if let url = URL(string: link, relativeTo: base)?.absoluteURL {
            return url
        }
        throw .invalidURL(reason: "paging link \"\(link.prefix(100))\" is not a URL")
    }
}
