import FeedCore
import Foundation

/// What a full refresh (`refresh(force:)`, the seed's "full cache refresh based on albums.json") fetches,
/// as pure decisions: the user and the album list when stale (or forced), then page 1 of every listed
/// album with videos whose stored page 1 is stale or missing (or forced). Later pages are not fetched:
/// a new page 1 starts the album's list over, and infinite scrolling fetches the rest when asked.
///
/// ```swift
/// VimeoRefreshPlan.lists(userStoredAt: u, albumsStoredAt: a, whitelistChanged: false, now: now, force: false)
/// // [.albums] when only the albums are older than 2 h
/// VimeoRefreshPlan.albumPages(albums, firstPagesStoredAt: ["1234": t], now: now, force: false)
/// // [.videos(.album("5678"), page: 1)] for the album whose first page was never stored
/// ```
public enum VimeoRefreshPlan {
    /// The user and the album list, when they need fetching.
    public static func lists(userStoredAt: Date?, albumsStoredAt: Date?, whitelistChanged: Bool, now: Date,
                             force: Bool) -> [VimeoResource] {
        var resources: [VimeoResource] = []
        if needsFetch(.user, storedAt: userStoredAt, now: now, force: force) { resources.append(.user) }
        if needsFetch(.albums, storedAt: albumsStoredAt, now: now, force: force, whitelistChanged: whitelistChanged) {
            resources.append(.albums)
        }
        return resources
    }

    /// Page 1 of each album in `albums` that has videos (a videos total > 0, or no total given) and whose
    /// stored page 1 (`firstPagesStoredAt[id]`) is missing, stale, or `force`d.
    public static func albumPages(_ albums: [VimeoAlbum], firstPagesStoredAt: [String: Date], now: Date,
                                  force: Bool) -> [VimeoResource] {
        albums.filter { ($0.videoCount ?? 1) > 0 }.compactMap { album in
            let resource = VimeoResource.videos(.album(album.id), page: 1)
            return needsFetch(resource, storedAt: firstPagesStoredAt[album.id], now: now, force: force) ? resource : nil
        }
    }

    /// Whether `resource` would be fetched when online.
    public static func needsFetch(_ resource: VimeoResource, storedAt: Date?, now: Date, force: Bool,
                                  whitelistChanged: Bool = false) -> Bool {
        if case .fetch = VimeoCachePolicy.decide(resource, storedAt: storedAt, now: now, connectivity: .online,
                                                 force: force, whitelistChanged: whitelistChanged) {
            return true
        }
        return false
    }
}
