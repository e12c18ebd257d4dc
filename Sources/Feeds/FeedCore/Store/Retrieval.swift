import Foundation

/// One retrieval of a resource from the network, as a store logs it: which resource, when (the `now` the
/// caller passed), and from which URL (redacted).
public struct Retrieval: Sendable, Hashable {
    /// The resource fetched.
    public var resource: ResourceKey
    /// When it was fetched (the caller's `now`, not a clock read by the store).
    public var fetchedAt: Date
    /// The URL it came from, redacted; `nil` when not recorded.
    public var url: String?

    /// A retrieval of `resource` at `fetchedAt` from `url`.
    public init(resource: ResourceKey, fetchedAt: Date, url: String? = nil) {
        self.resource = resource
        self.fetchedAt = fetchedAt
        self.url = url
    }

    /// Whether this retrieval is fresh under `policy` at `now`.
    public func freshness(under policy: FreshnessPolicy, now: Date) -> Freshness {
        policy.freshness(fetchedAt: fetchedAt, now: now)
    }
}
