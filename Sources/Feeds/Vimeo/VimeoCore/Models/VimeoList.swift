import FeedCore

/// One page of a Vimeo list: `{total, page, per_page, paging: {next, previous, first, last}, data: [...]}`.
///
/// A list without `paging` is one page; `next` and `previous` are relative paths (`/me/albums?page=2`)
/// or `null` (``FeedCore/PagingLinks``). `total`, `page` and `per_page` may be missing (or numeric
/// strings); `data` is required.
///
/// ```swift
/// let page = try FeedJSON.decode(VimeoList<VimeoAlbum>.self, from: body)
/// page.paging?.next      // "/me/albums?page=2", nil on the last page
/// ```
public struct VimeoList<Item: Decodable & Sendable>: Sendable, Decodable {
    /// How many items the whole list holds.
    public var total: Int?
    /// This page's number (1-based).
    public var page: Int?
    /// Items per page.
    public var perPage: Int?
    /// Links to the other pages, `nil` when the list has no `paging` (one page).
    public var paging: PagingLinks?
    /// This page's items.
    public var data: [Item]

    /// A page of `data`.
    public init(total: Int? = nil, page: Int? = nil, perPage: Int? = nil, paging: PagingLinks? = nil, data: [Item]) {
        self.total = total
        self.page = page
        self.perPage = perPage
        self.paging = paging
        self.data = data
    }

    private enum CodingKeys: String, CodingKey {
        case total, page, paging, data
        case perPage = "per_page"
    }

    /// Decodes a page; see the type's description.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        total = try container.decodeLenientInt(forKey: .total)
        page = try container.decodeLenientInt(forKey: .page)
        perPage = try container.decodeLenientInt(forKey: .perPage)
        paging = try container.decodeIfPresent(PagingLinks.self, forKey: .paging)
        data = try container.decode([Item].self, forKey: .data)
    }

    /// The next page's link, `nil` on the last page and on lists without `paging`.
    public var nextLink: String? { paging?.next }
}
