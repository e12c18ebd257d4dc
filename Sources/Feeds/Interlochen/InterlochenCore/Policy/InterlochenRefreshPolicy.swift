import FeedCore
import Foundation

/// When content-meta.json and each piece of media are fetched (pure: `now` and connectivity are values).
///
/// The seed's rules:
/// - content-meta.json is used from the store for 4 hours (``contentMeta``);
/// - a refresh of any list the user asks for (pull to refresh, `--refresh`) fetches content-meta first and
///   then the list, so that a list is never refreshed against a stale configuration (``plan(for:…)``);
/// - when content-meta changes, only media it adds is fetched; media already stored is not reloaded, media it
///   removes disappears (``MediaChange``).
/// Media of a list is otherwise used from the store for ``mediaTTL`` (2 h, Vimeo's rule in seed 001).
public struct InterlochenRefreshPolicy: Sendable, Hashable {
    /// content-meta.json's freshness: 4 h.
    public var contentMeta = FreshnessPolicy(ttl: FreshnessPolicy.fourHours)
    /// A list's media freshness: 2 h.
    public var mediaTTL = FreshnessPolicy(ttl: FreshnessPolicy.twoHours)

    /// The default policy.
    public init() {}

    /// One step of a refresh, in the order it must run.
    public enum Step: Sendable, Hashable {
        /// Fetch content-meta.json (Basic auth).
        case fetchContentMeta
        /// Fetch this media (its first page for an NPR query).
        case fetchMedia(MediaReference)
    }

    /// The steps that bring section `section` up to date, given what is stored.
    ///
    /// - Parameters:
    ///   - metaFetchedAt: when the stored content-meta was fetched (`nil`: none stored).
    ///   - mediaFetchedAt: when each stored piece of the section's media was fetched.
    ///   - references: the section's media under the stored configuration (``ContentMeta/references(of:)``).
    ///   - userRequested: pull to refresh / `--refresh`: content-meta is fetched first whatever its age, then
    ///     every list of the section.
    ///
    /// | content-meta | user asked | steps |
    /// |---|---|---|
    /// | none stored | any | fetch content-meta (the section's media is planned again from it) |
    /// | stale (≥ 4 h) | no | fetch content-meta, then the media not stored or stale |
    /// | fresh | no | the media not stored or stale (≥ 2 h) |
    /// | any | yes | fetch content-meta, then every media of the section |
    ///
    /// Offline, nothing is fetched: the caller shows what is stored, marked stale.
    /// After a content-meta fetch, call ``mediaSteps(section:…)`` with the new configuration: that is where
    /// added media is found, and removed media stops being asked for.
    public func plan(metaFetchedAt: Date?, mediaFetchedAt: [MediaReference: Date], references: [MediaReference],
                     now: Date, connectivity: Connectivity, userRequested: Bool) -> [Step] {
        guard connectivity == .online else { return [] }
        guard let metaFetchedAt else { return [.fetchContentMeta] }
        let metaStale = contentMeta.freshness(fetchedAt: metaFetchedAt, now: now) == .stale
        let media = mediaSteps(references: references, mediaFetchedAt: mediaFetchedAt, now: now,
                               userRequested: userRequested)
        return (userRequested || metaStale ? [.fetchContentMeta] : []) + media
    }

    /// The media fetches for `references` (in order): all of them when the user asked, otherwise those not
    /// stored or stale.
    public func mediaSteps(references: [MediaReference], mediaFetchedAt: [MediaReference: Date], now: Date,
                           userRequested: Bool) -> [Step] {
        var seen = Set<MediaReference>()
        return references.filter { seen.insert($0).inserted }.filter { reference in
            if userRequested { return true }
            guard let fetchedAt = mediaFetchedAt[reference] else { return true }
            return mediaTTL.freshness(fetchedAt: fetchedAt, now: now) == .stale
        }.map(Step.fetchMedia)
    }
}
