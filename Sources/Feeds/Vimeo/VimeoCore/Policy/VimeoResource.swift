import FeedCore

/// A list of videos the library pages through: an album's videos or the results of a search.
public enum VideoListID: Sendable, Hashable, CustomStringConvertible {
    /// `GET /me/albums/{id}/videos`.
    case album(String)
    /// `GET /me/videos?query=…`.
    case search(String)

    /// The list's name in the store (`album:1234`, `search:night drive`).
    public var storeName: String {
        switch self {
        case .album(let id): "album:\(id)"
        case .search(let query): "search:\(query)"
        }
    }

    /// `album 1234` or `search "night drive"`.
    public var description: String {
        switch self {
        case .album(let id): "album \(id)"
        case .search(let query): "search \"\(query)\""
        }
    }
}

/// Something the library fetches and stores, each with its own retrieval date and freshness rule.
///
/// | resource | request | key in the retrieval log | fresh for |
/// |---|---|---|---|
/// | `user` | `GET /me` | `vimeo.me` | 24 h |
/// | `albums` | `GET /me/albums?page=N`, every page | `vimeo.albums` | 2 h |
/// | `videos(.album(id), page: n)` | `GET /me/albums/{id}/videos?page=n&per_page=25` | `vimeo.album.{id}.videos.page.{n}` | 2 h |
/// | `videos(.search(q), page: n)` | `GET /me/videos?query=q&page=n&per_page=25` | `vimeo.search.{q}.page.{n}` | 2 h |
public enum VimeoResource: Sendable, Hashable, CustomStringConvertible {
    /// The authenticated user.
    case user
    /// The whole album list (every page).
    case albums
    /// One page of a video list.
    case videos(VideoListID, page: Int)

    /// The videos per page the library asks for (Vimeo's default, the seed's 25).
    public static let perPage = 25

    /// The resource's key in the store's retrieval log.
    public var key: ResourceKey {
        switch self {
        case .user: "vimeo.me"
        case .albums: "vimeo.albums"
        case .videos(.album(let id), let page): .parts("vimeo", "album", id, "videos", "page", String(page))
        case .videos(.search(let query), let page): .parts("vimeo", "search", query, "page", String(page))
        }
    }

    /// How long the stored copy is used without asking the network: 24 h for the user, 2 h for the rest
    /// (the seed's use cases).
    public var freshness: FreshnessPolicy {
        switch self {
        case .user: FreshnessPolicy(ttl: FreshnessPolicy.oneDay)
        case .albums, .videos: FreshnessPolicy(ttl: FreshnessPolicy.twoHours)
        }
    }

    /// `the user`, `the albums`, `page 2 of album 1234`.
    public var description: String {
        switch self {
        case .user: "the user"
        case .albums: "the albums"
        case .videos(let list, let page): "page \(page) of \(list)"
        }
    }
}
