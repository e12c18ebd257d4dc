// docs/FeedKit.md, "Freshness and the cache decision".
import FeedCore
import Foundation

// snippet.hide
func decide(t: Date, now: Date, stored: Retrieval?) {
// snippet.show
let albums = FreshnessPolicy(ttl: FreshnessPolicy.twoHours)        // also .fourHours, .oneDay
albums.freshness(fetchedAt: t, now: t + 119 * 60)                  // .fresh
albums.decide(storedAt: stored?.fetchedAt, now: now, connectivity: .offline, force: false)
// snippet.hide
}
// snippet.show
