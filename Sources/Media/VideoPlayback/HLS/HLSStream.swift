import Downloader
import Foundation
import VideoCore

/// One opened HLS stream, shared by the tracks that feed from it and kept across seeks: the catalog, the media
/// playlists loaded so far (placed on the time line), and the live reload schedule.
///
/// Live playlists are reloaded only when a track needs a segment the last load did not list, and no sooner than
/// RFC 8216 §6.3.4 allows: the target duration after the previous load began, or half of it when that load found
/// the playlist unchanged.
actor HLSStream {
    /// What the top playlist offered.
    let catalog: HLSCatalog
    /// Whether the stream is live (the first media playlist loaded had no `EXT-X-ENDLIST`).
    private(set) var isLive = false
    private let loader: HLSMediaLoader
    private var plans: [PlaylistKey: SegmentPlan] = [:]
    private var live: [PlaylistKey: LiveTimeline] = [:]
    private var lastLoad: [PlaylistKey: (began: Double, changed: Bool, bytes: Int)] = [:]
    private let clock: @Sendable () -> Double

    /// Which media playlist: a variant's or the audio rendition's.
    enum PlaylistKey: Hashable, Sendable {
        /// Variant `id` of the catalog.
        case variant(Int)
        /// The separate audio rendition.
        case audio
    }

    /// Opens `url`: loads the top playlist and builds its catalog.
    /// - Throws: the ``DownloadError`` of the load (404, not a playlist …).
    static func open(_ url: URL, loader: HLSMediaLoader, clock: @escaping @Sendable () -> Double) async throws -> HLSStream {
        let playlist = try await loader.playlist(at: url, maxAttempts: 3)
        switch playlist {
        case .master(let master):
            return HLSStream(catalog: HLSCatalog(master: master), loader: loader, clock: clock, media: nil)
        case .media(let media):
            return HLSStream(catalog: HLSCatalog(media: media), loader: loader, clock: clock, media: media)
        }
    }

    private init(catalog: HLSCatalog, loader: HLSMediaLoader, clock: @escaping @Sendable () -> Double, media: MediaPlaylist?) {
        self.catalog = catalog
        self.loader = loader
        self.clock = clock
        if let media {
            isLive = !media.hasEndList
            let key = PlaylistKey.variant(0)
            plans[key] = Self.place(media, key: key, isLive: isLive, live: &live)
            lastLoad[key] = (clock(), true, media.segments.count)
        }
    }

    /// The plan of `key`, loading it the first time.
    func plan(_ key: PlaylistKey) async throws -> SegmentPlan {
        if let plan = plans[key] { return plan }
        return try await load(key)
    }

    /// The plan of `key`, reloaded first if it is live, the caller needs sequence `needed` (not listed yet) and
    /// RFC 8216 §6.3.4 allows a reload now. Returns nil when a reload is needed but not yet allowed (the caller
    /// waits).
    func livePlan(_ key: PlaylistKey, needing needed: Int) async throws -> SegmentPlan? {
        guard let plan = plans[key] else { return try await load(key) }
        // needed > the last sequence listed, written without a sum that could overflow (issue 28).
        guard needed.saturatingSubtracting(plan.playlist.mediaSequence) >= plan.playlist.segments.count,
              !plan.playlist.hasEndList else { return plan }
        let target = Double(max(1, plan.playlist.targetDuration))
        if let previous = lastLoad[key] {
            let wait = previous.changed ? target : target / 2
            if clock() < previous.began + wait { return nil }
        }
        return try await load(key)
    }

    /// The last plan loaded for `key`, if any (no I/O).
    func cachedPlan(_ key: PlaylistKey) -> SegmentPlan? { plans[key] }

    private func load(_ key: PlaylistKey) async throws -> SegmentPlan {
        let url: URL
        switch key {
        case .variant(let id):
            guard let variant = catalog.variant(id) else {
                throw DownloadError(.invalidPlaylist, .download, "no variant \(id)")
            }
            url = variant.uri
        case .audio:
            guard let uri = catalog.audio?.uri else { throw DownloadError(.invalidPlaylist, .download, "no audio rendition") }
            url = uri
        }
        let began = clock()
        let playlist = try await loader.playlist(at: url, masterVariables: catalog.masterVariables, maxAttempts: 2)
        guard case .media(let media) = playlist else {
            throw DownloadError(.invalidPlaylist, .playlist(url: url.absoluteString, line: nil),
                                "a master playlist where a media playlist was expected (RFC 8216 §4.3.4.2)")
        }
        guard !media.segments.isEmpty || !media.hasEndList else {
            throw DownloadError(.invalidPlaylist, .playlist(url: url.absoluteString, line: nil), "media playlist has no segments")
        }
        if plans.isEmpty { isLive = !media.hasEndList }
        let previous = plans[key]
        let changed = previous.map { $0.playlist.mediaSequence != media.mediaSequence || $0.playlist.segments.count != media.segments.count } ?? true
        lastLoad[key] = (began, changed, media.segments.count)
        let plan = Self.place(media, key: key, isLive: isLive, live: &live)
        plans[key] = plan
        return plan
    }

    private static func place(_ media: MediaPlaylist, key: PlaylistKey, isLive: Bool,
                              live: inout [PlaylistKey: LiveTimeline]) -> SegmentPlan {
        guard !media.hasEndList || isLive else { return SegmentPlan(playlist: media) }
        // Variants share one time line (their media sequence numbers are aligned, RFC 8216 §6.2.4: matching
        // content has matching timestamps and discontinuity sequence numbers); the audio rendition has its own.
        let shared: PlaylistKey = key == .audio ? .audio : .variant(-1)
        var timeline = live[shared] ?? LiveTimeline()
        let plan = SegmentPlan(playlist: media, live: &timeline)
        live[shared] = timeline
        return plan
    }
}
