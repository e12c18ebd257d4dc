import FeedCore
import FeedKit
import Foundation
import VimeoCore

/// The Vimeo model layer of seed 001: the user, the whitelisted albums (every page), album videos 25 to a
/// page for infinite scrolling, search, all cached in a ``VimeoStore`` under the seed's rules
/// (``VimeoCore/VimeoCachePolicy``: 2 h for albums and pages, 24 h for the user, the store when offline),
/// with a connectivity check and a manual refresh. Interlochen (seed 000) reuses it for albums by id,
/// their videos, and search.
///
/// Every call takes `now` (the clock freshness is judged by) and returns a ``VimeoCore/Sourced`` value:
/// where it came from (network or store), when it was fetched, and whether it is stale.
///
/// | situation | result |
/// |---|---|
/// | stored and fresh, not forced | the stored copy; no connectivity check, no request |
/// | stale (or forced) and online | fetched, stored (one transaction), returned |
/// | stale, online, and the fetch fails for a network or server reason | the stored copy, stale, with a `note` |
/// | forced, online, and the fetch fails | the error (the store is unchanged) |
/// | stale or forced, offline | the stored copy, stale |
/// | nothing stored, offline | ``VimeoError`` `.offline` |
/// | 401/403, 404, bad data | the error, whatever is stored (the store is unchanged) |
///
/// ```swift
/// let transport = AsyncHTTPTransport()
/// let library = try VimeoLibrary(baseURL: base, token: token, transport: transport,
///                                store: VimeoStore(path: VimeoStore.defaultPath(for: base)),
///                                whitelist: .ids(["1234", "5678"]))
/// let albums = try await library.albums(now: Date())                    // Sourced<[VimeoAlbum]>
/// let page = try await library.videos(album: "1234", page: 2, now: Date())
/// let results = try await library.search("night", page: 1, now: Date())
/// try await library.refresh(force: true, now: Date())                   // pull to refresh everything
/// ```
public struct VimeoLibrary: Sendable {
    /// The API client.
    public let client: VimeoClient
    /// The store.
    public let store: VimeoStore
    /// Which albums are stored and shown.
    public let whitelist: AlbumWhitelist
    /// Whether the network can be used (``FeedKit/HostConnectivityCheck`` on the base URL by default;
    /// ``FeedKit/FixedConnectivity`` for `--offline`).
    public let connectivityCheck: any ConnectivityCheck
    /// Whether a token was given (without one, nothing is fetched: an auth error instead).
    public let hasToken: Bool

    /// A library over `client` and `store`.
    public init(client: VimeoClient, store: VimeoStore, whitelist: AlbumWhitelist = .everything,
                connectivity: (any ConnectivityCheck)? = nil, hasToken: Bool = true) {
        self.client = client
        self.store = store
        self.whitelist = whitelist
        self.connectivityCheck = connectivity ?? HostConnectivityCheck(url: client.baseURL)
        self.hasToken = hasToken
    }

    /// A library for the API at `baseURL` with `token` (from `--token` or `VIMEO_TOKEN`; `nil`: only the
    /// store can answer), over `transport`.
    public init(baseURL: URL = VimeoClient.defaultBaseURL, token: String?, transport: any HTTPTransport,
                limits: RequestLimits = RequestLimits(), store: VimeoStore, whitelist: AlbumWhitelist = .everything,
                connectivity: (any ConnectivityCheck)? = nil) {
        self.init(client: VimeoClient(baseURL: baseURL, token: token, transport: transport, limits: limits),
                  store: store, whitelist: whitelist, connectivity: connectivity, hasToken: token != nil)
    }

    // MARK: The user

    /// The authenticated user (`GET /me`), fetched again after 24 h.
    /// - Throws: ``VimeoError``.
    public func user(now: Date, force: Bool = false) async throws(VimeoError) -> Sourced<VimeoUser> {
        let stored = try await storeCall { try await store.user() }
        return try await cached(.user, stored: stored.map { ($0.value, $0.fetchedAt) }, now: now, force: force) {
            let url = try client.userURL()
            let user = try await client.user()
            try await store.commit(VimeoStore.Batch(user: (user, url.absoluteString)), fetchedAt: now)
            return user
        }
    }

    // MARK: Albums

    /// The albums in the whitelist (every page of `GET /me/albums`), in the API's order; fetched again after
    /// 2 h, or when the stored list was filtered by another whitelist. A listed album the API does not
    /// return is ignored.
    /// - Throws: ``VimeoError``.
    public func albums(now: Date, force: Bool = false) async throws(VimeoError) -> Sourced<[VimeoAlbum]> {
        let stored = try await storeCall { try await store.albums() }
        let changed = stored.map { $0.whitelist != whitelist.fingerprint } ?? false
        let result = try await cached(.albums, stored: stored.map { ($0.albums, $0.fetchedAt) }, now: now, force: force,
                                      whitelistChanged: changed) {
            let url = try client.albumsURL(page: 1)
            let albums = whitelist.filter(try await client.albums())
            try await store.commit(VimeoStore.Batch(albums: (albums, whitelist.fingerprint, url.absoluteString)), fetchedAt: now)
            return albums
        }
        // A stored list filtered by another whitelist is shown through this one.
        return result.map(whitelist.filter)
    }

    /// The album `id`, from the album list (stored or fetched under the same rules as ``albums(now:force:)``).
    /// - Throws: ``VimeoError`` `.notFound` when the album is not in the whitelist or not on the account.
    public func album(id: String, now: Date) async throws(VimeoError) -> Sourced<VimeoAlbum> {
        guard whitelist.admits(id) else { throw .notWhitelisted(id) }
        let albums = try await albums(now: now)
        guard let album = albums.value.first(where: { $0.id == id }) else {
            throw VimeoError(.notFound, message: "\(VimeoClient.service): not found: album \(id) is not among the account's albums")
        }
        return albums.map { _ in album }
    }

    // MARK: Videos

    /// Page `page` (1-based, 25 videos) of album `album`'s videos; each page is fetched again after 2 h. A
    /// fetched page 1 starts the album's stored list over (later pages are fetched again when scrolled to).
    /// - Throws: ``VimeoError`` (`.notFound` for an album outside the whitelist).
    public func videos(album: String, page: Int, now: Date, force: Bool = false) async throws(VimeoError) -> Sourced<VideoPage> {
        guard whitelist.admits(album) else { throw .notWhitelisted(album) }
        return try await videos(.album(album), page: page, now: now, force: force)
    }

    /// Page `page` of the search for `query` among the user's videos (`GET /me/videos?query=`), cached like
    /// album pages.
    /// - Throws: ``VimeoError``.
    public func search(_ query: String, page: Int, now: Date, force: Bool = false) async throws(VimeoError) -> Sourced<VideoPage> {
        try await videos(.search(query), page: page, now: now, force: force)
    }

    /// Page `page` of `list`.
    public func videos(_ list: VideoListID, page: Int, now: Date, force: Bool = false) async throws(VimeoError) -> Sourced<VideoPage> {
        guard page >= 1 else { throw VimeoError(.data, message: "\(VimeoClient.service): page \(page) does not exist (pages start at 1)") }
        let stored = try await storeCall { try await store.page(list, page: page) }
        return try await cached(.videos(list, page: page), stored: stored.map { ($0.value, $0.fetchedAt) }, now: now, force: force) {
            let url = try client.videosURL(list, page: page)
            let fetched = try await client.videos(list, page: page)
            try await store.commit(VimeoStore.Batch(pages: [(fetched, url.absoluteString)]), fetchedAt: now)
            return fetched
        }
    }

    /// Every video of album `album`, page after page until the last (for screens that show a whole album,
    /// such as Interlochen's Featured section); each page under the usual rules, or fetched whatever its age
    /// with `force` (a refresh the user asked for).
    /// - Throws: ``VimeoError``.
    public func allVideos(album: String, now: Date, maxPages: Int = 40, force: Bool = false) async throws(VimeoError)
        -> Sourced<[VimeoVideo]> {
        var page = try await videos(album: album, page: 1, now: now, force: force)
        var videos = page.value.videos
        var oldest = page
        var number = 1
        while page.value.hasMore, number < maxPages {
            number += 1
            page = try await self.videos(album: album, page: number, now: now, force: force)
            videos += page.value.videos
            if page.fetchedAt < oldest.fetchedAt || page.freshness == .stale { oldest = page }
        }
        return oldest.map { _ in videos }
    }

    // MARK: Refresh and connectivity

    /// What a refresh did.
    public struct RefreshReport: Sendable, Equatable {
        /// What was fetched, in order.
        public var fetched: [VimeoResource]
        /// The albums now stored (whitelisted).
        public var albums: Int
        /// When (the `now` given).
        public var at: Date
    }

    /// The seed's full cache refresh: the user and the album list when stale (everything when `force`d:
    /// pull to refresh), then page 1 of each whitelisted album's videos when stale or missing (or forced).
    /// Everything is fetched first and then stored in one transaction: a refresh that fails halfway (a bad
    /// or stalled page) keeps the previous complete set and throws.
    /// - Throws: ``VimeoError`` (`.offline` when something needs fetching and the network cannot be used).
    public func refresh(force: Bool, now: Date) async throws(VimeoError) -> RefreshReport {
        let user = try await storeCall { try await store.user() }
        let storedAlbums = try await storeCall { try await store.albums() }
        let firstPages = try await storeCall { try await store.firstPagesStoredAt() }
        let changed = storedAlbums.map { $0.whitelist != whitelist.fingerprint } ?? false
        let lists = VimeoRefreshPlan.lists(userStoredAt: user?.fetchedAt, albumsStoredAt: storedAlbums?.fetchedAt,
                                           whitelistChanged: changed, now: now, force: force)
        // Whether album pages need fetching depends on the albums; with fresh albums, decide now.
        let knownAlbums = whitelist.filter(storedAlbums?.albums ?? [])
        let pagesNow = lists.contains(.albums) ? []
            : VimeoRefreshPlan.albumPages(knownAlbums, firstPagesStoredAt: firstPages, now: now, force: force)
        if lists.isEmpty, pagesNow.isEmpty {
            return RefreshReport(fetched: [], albums: knownAlbums.count, at: now)
        }
        try await requireNetwork(for: lists.first ?? pagesNow.first ?? .albums)
        var batch = VimeoStore.Batch()
        var fetched: [VimeoResource] = []
        var albums = knownAlbums
        do {
            if lists.contains(.user) {
                batch.user = (try await client.user(), try client.userURL().absoluteString)
                fetched.append(.user)
            }
            var pages = pagesNow
            if lists.contains(.albums) {
                albums = whitelist.filter(try await client.albums())
                batch.albums = (albums, whitelist.fingerprint, try client.albumsURL(page: 1).absoluteString)
                fetched.append(.albums)
                pages = VimeoRefreshPlan.albumPages(albums, firstPagesStoredAt: firstPages, now: now, force: force)
            }
            for resource in pages {
                guard case .videos(let list, let number) = resource else { continue }
                batch.pages.append((try await client.videos(list, page: number), try client.videosURL(list, page: number).absoluteString))
                fetched.append(resource)
            }
            try await store.commit(batch, fetchedAt: now)
        } catch {
            throw Self.wrap(error)
        }
        return RefreshReport(fetched: fetched, albums: albums.count, at: now)
    }

    /// Whether the network can be used now.
    public func connectivity() async -> Connectivity {
        await connectivityCheck.check()
    }

    /// The store's one global date: the last retrieval of anything.
    public func lastRetrieval() async throws(VimeoError) -> Date? {
        try await storeCall { try await store.lastRetrieval() }?.fetchedAt
    }

    // MARK: The rule

    private func cached<Value: Sendable>(
        _ resource: VimeoResource, stored: (Value, Date)?, now: Date, force: Bool, whitelistChanged: Bool = false,
        fetch: () async throws -> Value
    ) async throws(VimeoError) -> Sourced<Value> {
        let storedAt = stored?.1
        if let stored, !VimeoCachePolicy.needsConnectivity(resource, storedAt: storedAt, now: now, force: force,
                                                           whitelistChanged: whitelistChanged) {
            return Sourced(stored.0, source: .store, fetchedAt: stored.1, freshness: .fresh)
        }
        let connectivity = await connectivityCheck.check()
        switch VimeoCachePolicy.decide(resource, storedAt: storedAt, now: now, connectivity: connectivity, force: force,
                                       whitelistChanged: whitelistChanged) {
        case .useStored(let freshness):
            guard let stored else { throw .offlineNothingStored(resource) }
            return Sourced(stored.0, source: .store, fetchedAt: stored.1, freshness: freshness)
        case .unavailable:
            throw .offlineNothingStored(resource)
        case .fetch:
            guard hasToken else { throw .noToken }
            do {
                return Sourced(try await fetch(), source: .network, fetchedAt: now, freshness: .fresh)
            } catch {
                let failure = Self.wrap(error)
                if !force, failure.isTransient, let stored {
                    return Sourced(stored.0, source: .store, fetchedAt: stored.1, freshness: .stale,
                                   note: "\(failure.message); the stored copy is used")
                }
                throw failure
            }
        }
    }

    private func requireNetwork(for resource: VimeoResource) async throws(VimeoError) {
        guard hasToken else { throw .noToken }
        if await connectivityCheck.check() == .offline {
            throw VimeoError(.offline, message: "\(VimeoClient.service): offline: cannot refresh \(resource) (the store is unchanged)")
        }
    }

    private func storeCall<T>(_ body: () async throws -> T) async throws(VimeoError) -> T {
        do {
            return try await body()
        } catch {
            throw Self.wrap(error)
        }
    }

    static func wrap(_ error: any Error) -> VimeoError {
        switch error {
        case let error as VimeoError: error
        case let error as FeedError: VimeoError(error)
        case is CancellationError: VimeoError(.network, message: "\(VimeoClient.service): cancelled")
        default: VimeoError(.store, message: "\(VimeoClient.service): \(error)")
        }
    }
}
