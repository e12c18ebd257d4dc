import FeedCore
import Foundation

/// One page of a video list as the library returns it: the videos and what the page says about the list.
public struct VideoPage: Sendable, Hashable {
    /// The list it belongs to.
    public var list: VideoListID
    /// The page number (1-based).
    public var page: Int
    /// Videos per page requested.
    public var perPage: Int
    /// The whole list's size, when the API says.
    public var total: Int?
    /// Whether a page follows (the response's `paging.next`).
    public var hasMore: Bool
    /// The page's videos, in order.
    public var videos: [VimeoVideo]

    /// A page.
    public init(list: VideoListID, page: Int, perPage: Int = VimeoResource.perPage, total: Int?, hasMore: Bool,
                videos: [VimeoVideo]) {
        self.list = list
        self.page = page
        self.perPage = perPage
        self.total = total
        self.hasMore = hasMore
        self.videos = videos
    }

    /// The page a ``VimeoList`` response makes: more pages follow when `paging.next` is set. A list without
    /// `paging` is one page, and an empty page is always the last (so a wrong `next` cannot page forever).
    public init(list: VideoListID, page: Int, perPage: Int = VimeoResource.perPage, response: VimeoList<VimeoVideo>) {
        self.init(list: list, page: page, perPage: response.perPage ?? perPage, total: response.total,
                  hasMore: !response.data.isEmpty && response.nextLink != nil, videos: response.data)
    }
}

/// Where a value came from: fetched now, or read from the store.
public enum DataSource: String, Sendable, Hashable {
    /// Fetched from the API in this call.
    case network
    /// Read from the store.
    case store
}

/// A value with where it came from, when it was fetched, and whether it is within its time to live.
///
/// ```swift
/// let albums = try await library.albums(now: Date())
/// if albums.freshness == .stale { /* show "offline: saved copy" */ }
/// ```
public struct Sourced<Value: Sendable>: Sendable {
    /// The data.
    public var value: Value
    /// Network or store.
    public var source: DataSource
    /// When it was fetched from the API (for stored data: its retrieval date).
    public var fetchedAt: Date
    /// `.stale` when the stored copy stood in for a fetch that could not be made (offline) or failed.
    public var freshness: Freshness
    /// Why the stored copy stands in for a fetch that failed (`nil` otherwise): one line for a warning.
    public var note: String?

    /// A value and its provenance.
    public init(_ value: Value, source: DataSource, fetchedAt: Date, freshness: Freshness, note: String? = nil) {
        self.value = value
        self.source = source
        self.fetchedAt = fetchedAt
        self.freshness = freshness
        self.note = note
    }

    /// The same provenance with another value.
    public func map<T: Sendable>(_ transform: (Value) throws -> T) rethrows -> Sourced<T> {
        Sourced<T>(try transform(value), source: source, fetchedAt: fetchedAt, freshness: freshness, note: note)
    }
}

extension Sourced: Equatable where Value: Equatable {}
extension Sourced: Hashable where Value: Hashable {}
