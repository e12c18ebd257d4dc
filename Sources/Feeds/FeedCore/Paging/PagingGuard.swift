/// The guards a paginator keeps while it follows pages, as a pure value: no page twice (a `next` link or
/// number pointing back to a page already fetched is a loop, reported, not followed) and no more than
/// `maxPages` pages.
///
/// ```swift
/// var guard_ = PagingGuard(maxPages: 100)
/// try guard_.admit(.number(1))
/// try guard_.admit(.number(2))
/// try guard_.admit(.number(1))   // throws .pagingLoop(page: "page 1")
/// ```
///
/// Links are compared by their absolute URL text, so `/me/albums?page=2` and
/// `https://api.vimeo.com/me/albums?page=2` are the same page once resolved.
public struct PagingGuard: Sendable, Hashable {
    /// The most pages admitted.
    public let maxPages: Int
    /// Pages admitted so far, in order.
    public private(set) var admitted: [PageRequest] = []
    private var seen: Set<PageRequest> = []

    /// A guard allowing at most `maxPages` pages (at least 1).
    public init(maxPages: Int) {
        self.maxPages = max(1, maxPages)
    }

    /// Records that `page` is about to be fetched.
    /// - Throws: ``FeedError/Kind/pagingLoop(page:)`` if it was fetched before,
    ///   ``FeedError/Kind/tooManyPages(limit:)`` if it would exceed `maxPages`.
    public mutating func admit(_ page: PageRequest) throws(FeedError.Kind) {
        guard !seen.contains(page) else { throw .pagingLoop(page: page.description) }
        guard admitted.count < maxPages else { throw .tooManyPages(limit: maxPages) }
        seen.insert(page)
        admitted.append(page)
    }
}
