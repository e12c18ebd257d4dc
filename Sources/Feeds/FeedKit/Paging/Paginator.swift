import FeedCore
import Foundation

/// Fetches every page of a list, following page numbers or `next` links, guarded against loops and
/// runaway page counts (``PagingGuard``). All pages are collected before anything is returned, so a
/// failure on any page fails the whole list: the caller's stored copy is never replaced by a partial one.
///
/// ```swift
/// let albums = try await Paginator(service: "Vimeo", maxPages: 50).collect(from: .link(firstURL)) { page in
///     guard case .link(let url) = page else { fatalError() }
///     let list = try await vimeo.getJSON(AlbumList.self, url: url)
///     return Page(items: list.data, next: try list.paging?.next.map { .link(try PagingLinks.resolve($0, against: base)) })
/// }
/// ```
///
/// A list without `paging` is one page: its ``Page/next`` is `nil`.
public struct Paginator: Sendable {
    /// The service name for errors.
    public var service: String
    /// The most pages fetched for one list.
    public var maxPages: Int

    /// A paginator for `service` fetching at most `maxPages` pages.
    public init(service: String, maxPages: Int = 100) {
        self.service = service
        self.maxPages = maxPages
    }

    /// Every item of every page from `first` on, in order.
    /// - Throws: what `fetch` throws, or a ``FeedError`` with ``FeedError/Kind/pagingLoop(page:)`` (a next
    ///   page already fetched) or ``FeedError/Kind/tooManyPages(limit:)``.
    public func collect<Item: Sendable>(
        from first: PageRequest, fetch: (PageRequest) async throws -> Page<Item>
    ) async throws -> [Item] {
        try await pages(from: first, fetch: fetch).flatMap(\.items)
    }

    /// Every page from `first` on, in order (for callers that need each page's own metadata).
    public func pages<Item: Sendable>(
        from first: PageRequest, fetch: (PageRequest) async throws -> Page<Item>
    ) async throws -> [Page<Item>] {
        var pagingGuard = PagingGuard(maxPages: maxPages)
        var pages: [Page<Item>] = []
        var next: PageRequest? = first
        while let request = next {
            do {
                try pagingGuard.admit(request)
            } catch {
                throw FeedError(service: service, url: Self.location(of: request), kind: error)
            }
            let page = try await fetch(request)
            pages.append(page)
            next = page.next
        }
        return pages
    }

    private static func location(of request: PageRequest) -> String? {
        if case .link(let url) = request { return URLRedaction.redact(url) }
        return nil
    }
}
