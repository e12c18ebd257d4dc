import Foundation

/// How old stored data may be before it is fetched again: a time to live (TTL), judged against `now`
/// passed in as a value (no clock is read).
///
/// ```swift
/// let albums = FreshnessPolicy(ttl: FreshnessPolicy.twoHours)
/// albums.freshness(fetchedAt: t, now: t + 119 * 60)   // .fresh
/// albums.freshness(fetchedAt: t, now: t + 121 * 60)   // .stale
/// ```
///
/// The boundary: data is fresh while its age is **less than** the TTL and stale from the TTL on
/// (`age >= ttl`). A `fetchedAt` later than `now` (the clock was set back, or the store came from another
/// machine) counts as stale, so a wrong clock can never pin old data as fresh.
public struct FreshnessPolicy: Sendable, Hashable {
    /// The time to live, in seconds.
    public var ttl: TimeInterval

    /// A policy with the given time to live in seconds.
    public init(ttl: TimeInterval) {
        self.ttl = ttl
    }

    /// 2 hours: Vimeo albums and album video pages (seed 001).
    public static let twoHours: TimeInterval = 2 * 3600
    /// 4 hours: Interlochen's content-meta.json (seed 000).
    public static let fourHours: TimeInterval = 4 * 3600
    /// 24 hours: the Vimeo user, `/me` (seed 001).
    public static let oneDay: TimeInterval = 24 * 3600

    /// Whether data fetched at `fetchedAt` is still fresh at `now`.
    public func freshness(fetchedAt: Date, now: Date) -> Freshness {
        let age = now.timeIntervalSince(fetchedAt)
        return age >= 0 && age < ttl ? .fresh : .stale
    }

    /// What to do for a resource last fetched at `storedAt` (`nil`: nothing stored), at `now`, with the
    /// network in state `connectivity`, when the user may have asked for a refresh (`force`).
    ///
    /// | stored | age vs TTL | force | connectivity | decision |
    /// |---|---|---|---|---|
    /// | no  | –     | any | online  | `.fetch(fallback: false)` |
    /// | no  | –     | any | offline | `.unavailable` |
    /// | yes | fresh | no  | any     | `.useStored(.fresh)` |
    /// | yes | fresh | yes | online  | `.fetch(fallback: true)` |
    /// | yes | stale | any | online  | `.fetch(fallback: true)` |
    /// | yes | stale, or forced | any | offline | `.useStored(.stale)` |
    ///
    /// `fallback: true` means a fetch that fails for a transient reason (``FeedError/isTransient``) may
    /// fall back to the stored copy, marked stale; a failed refresh never replaces stored data.
    public func decide(storedAt: Date?, now: Date, connectivity: Connectivity, force: Bool = false) -> CacheDecision {
        guard let storedAt else {
            return connectivity == .online ? .fetch(fallback: false) : .unavailable
        }
        let freshness = freshness(fetchedAt: storedAt, now: now)
        if freshness == .fresh, !force {
            return .useStored(.fresh)
        }
        return connectivity == .online ? .fetch(fallback: true) : .useStored(.stale)
    }
}

/// Whether stored data is within its time to live.
public enum Freshness: String, Sendable, Hashable {
    /// Younger than the TTL.
    case fresh
    /// As old as the TTL or older, or kept because the network could not be used.
    case stale
}

/// The outcome of ``FreshnessPolicy/decide(storedAt:now:connectivity:force:)``.
public enum CacheDecision: Sendable, Hashable {
    /// Use the stored copy, as it is (`.fresh`) or marked stale (`.stale`, offline).
    case useStored(Freshness)
    /// Fetch from the network; `fallback` says whether a stored copy exists to use if the fetch fails.
    case fetch(fallback: Bool)
    /// Offline with nothing stored: there is nothing to show.
    case unavailable
}
