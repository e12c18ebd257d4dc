import FeedCore
import Foundation

/// The seed's cache rules as pure decisions, `now` passed in as a value:
///
/// - albums (and each page of an album's videos, and of search results) are used from the store while
///   under 2 h old, and fetched again when older and online;
/// - the user (`/me`) is fetched every 24 h;
/// - offline, whatever is stored is used, marked stale; offline with nothing stored, there is nothing to show;
/// - `force` (pull to refresh, `refresh --force`) fetches even fresh data when online.
///
/// The table is ``FeedCore/FreshnessPolicy/decide(storedAt:now:connectivity:force:)``'s, with each
/// resource's TTL (``VimeoResource/freshness``). One more rule for albums: a stored album list that was
/// filtered by another whitelist counts as stale, so a changed `albums.json` is applied at the next
/// online run (offline, the stored list is used, filtered by the new whitelist).
///
/// ```swift
/// VimeoCachePolicy.decide(.albums, storedAt: t, now: t + 119 * 60, connectivity: .online)   // .useStored(.fresh)
/// VimeoCachePolicy.decide(.albums, storedAt: t, now: t + 121 * 60, connectivity: .online)   // .fetch(fallback: true)
/// VimeoCachePolicy.decide(.user, storedAt: t, now: t + 23 * 3600 + 59 * 60, connectivity: .online)   // .useStored(.fresh)
/// ```
public enum VimeoCachePolicy {
    /// What to do for `resource` stored at `storedAt` (`nil`: not stored).
    public static func decide(_ resource: VimeoResource, storedAt: Date?, now: Date, connectivity: Connectivity,
                              force: Bool = false, whitelistChanged: Bool = false) -> CacheDecision {
        let decision = resource.freshness.decide(storedAt: storedAt, now: now, connectivity: connectivity, force: force)
        if whitelistChanged, decision == .useStored(.fresh) {
            return connectivity == .online ? .fetch(fallback: true) : .useStored(.stale)
        }
        return decision
    }

    /// Whether deciding needs to know the connectivity: `false` when the stored copy is fresh and no refresh
    /// was asked for (it is used whatever the network), so no connectivity check is made.
    public static func needsConnectivity(_ resource: VimeoResource, storedAt: Date?, now: Date, force: Bool = false,
                                         whitelistChanged: Bool = false) -> Bool {
        decide(resource, storedAt: storedAt, now: now, connectivity: .online, force: force,
               whitelistChanged: whitelistChanged) != .useStored(.fresh)
    }
}
