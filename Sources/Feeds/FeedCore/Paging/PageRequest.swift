import Foundation

/// Which page to fetch next: by number (`?page=3`, NPR's `startNum`) or by a link the previous page gave
/// (Vimeo's `paging.next`, resolved to an absolute URL by ``PagingLinks/resolve(_:against:)``).
public enum PageRequest: Sendable, Hashable, CustomStringConvertible {
    /// Page `n` (1-based unless the API says otherwise).
    case number(Int)
    /// The page at this URL.
    case link(URL)

    /// `page 3` or the URL.
    public var description: String {
        switch self {
        case .number(let number): "page \(number)"
        case .link(let url): url.absoluteString
        }
    }
}

/// One fetched page: its items and where the next one is (`nil` on the last page).
public struct Page<Item> {
    /// The page's items, in order.
    public var items: [Item]
    /// The next page, or `nil` when this is the last.
    public var next: PageRequest?

    /// A page of `items` followed by `next`.
    public init(items: [Item], next: PageRequest?) {
        self.items = items
        self.next = next
    }
}

extension Page: Sendable where Item: Sendable {}
extension Page: Equatable where Item: Equatable {}
