import FeedCore
import FeedKit
import Foundation
import InterlochenCore

/// The Interlochen app's data: content-meta.json and the media it points at, fetched by the rules of
/// ``InterlochenRefreshPolicy`` (4 h for the file; the file first on every refresh a user asks for; only
/// added media fetched after it changes) and kept in an ``InterlochenStore``.
///
/// ```swift
/// let library = InterlochenLibrary(store: store, services: services)
/// let loaded = try await library.section(.featured, now: Date(), connectivity: .online, refresh: false)
/// loaded.section.items          // what to show
/// loaded.contentMetaSource      // .network or .store
/// loaded.notices                // e.g. a failed refresh that fell back to the stored copy
/// ```
public actor InterlochenLibrary {
    /// The services the library calls.
    public struct Services: Sendable {
        /// content-meta.json.
        public var contentMeta: ContentMetaClient
        /// The NPR Story API.
        public var npr: NPRClient
        /// The LiveStream API.
        public var liveStream: LiveStreamClient
        /// Vimeo album videos (`nil`: albums stay pending).
        public var albums: (any AlbumVideoSource)?

        /// The services.
        public init(contentMeta: ContentMetaClient, npr: NPRClient, liveStream: LiveStreamClient,
                    albums: (any AlbumVideoSource)?) {
            self.contentMeta = contentMeta
            self.npr = npr
            self.liveStream = liveStream
            self.albums = albums
        }
    }

    /// Where content-meta.json came from on this call.
    public enum Source: String, Sendable, Hashable {
        /// Fetched now.
        case network
        /// The stored copy (fresh, offline, or a refresh that failed).
        case store
    }

    /// A piece of media that could not be fetched, with nothing stored to stand in.
    public struct MediaFailure: Error, Sendable, CustomStringConvertible {
        /// Which media.
        public var reference: MediaReference
        /// Why (one line naming the service: `NPR: HTTP 500 …`).
        public var message: String

        /// `npr:story/502: NPR: HTTP 500 Internal Server Error (…)`.
        public var description: String { "\(reference): \(message)" }
    }

    /// A section as loaded.
    public struct Loaded: Sendable {
        /// The configuration used.
        public var meta: ContentMeta
        /// Where it came from.
        public var contentMetaSource: Source
        /// The section.
        public var section: Section
        /// Things the user should know (a refresh that failed and fell back to the store), one line each.
        public var notices: [String]
        /// Media of the section that failed with nothing stored (its items are missing).
        public var failures: [MediaFailure]
    }

    let store: InterlochenStore
    let services: Services
    let policy: InterlochenRefreshPolicy

    /// A library over `store` and `services`.
    public init(store: InterlochenStore, services: Services, policy: InterlochenRefreshPolicy = InterlochenRefreshPolicy()) {
        self.store = store
        self.services = services
        self.policy = policy
    }

    /// Section `name`, brought up to date as the rules say at `now`.
    ///
    /// - Parameter refresh: the user asked (pull to refresh, `--refresh`): content-meta.json is fetched first,
    ///   then every list of the section.
    /// - Throws: ``FeedError`` of service `content-meta` when there is no configuration at all (nothing stored
    ///   and the fetch failed, or offline); media failures do not throw (see ``Loaded/failures``).
    public func section(_ name: SectionName, now: Date, connectivity: Connectivity, refresh: Bool) async throws -> Loaded {
        let all = try await sections([name], now: now, connectivity: connectivity, refresh: refresh)
        return Loaded(meta: all.meta, contentMetaSource: all.contentMetaSource, section: all.sections[0],
                      notices: all.notices, failures: all.failures)
    }

    /// Several sections at once: content-meta.json once (first), then the media of each section in order.
    public func sections(_ names: [SectionName], now: Date, connectivity: Connectivity, refresh: Bool)
        async throws -> (meta: ContentMeta, contentMetaSource: Source, sections: [Section], notices: [String],
                         failures: [MediaFailure]) {
        let (meta, source, metaNotices) = try await contentMeta(now: now, connectivity: connectivity, refresh: refresh)
        var notices = metaNotices
        var failures: [MediaFailure] = []
        var seen = Set<MediaReference>()
        let references = names.flatMap { meta.references(of: $0) }.filter { seen.insert($0).inserted }
        if connectivity == .online {
            let dates = try await mediaDates(for: references)
            let steps = policy.mediaSteps(references: references, mediaFetchedAt: dates, now: now, userRequested: refresh)
            for case .fetchMedia(let reference) in steps {
                do {
                    try await fetch(reference, now: now, userRequested: refresh)
                } catch {
                    if dates[reference] != nil {
                        notices.append("\(Self.message(error)); showing the copy stored earlier")
                    } else {
                        failures.append(MediaFailure(reference: reference, message: Self.message(error)))
                    }
                }
            }
        }
        let snapshot = try await snapshot(for: references)
        return (meta, source, names.map { meta.section($0, media: snapshot) }, notices, failures)
    }

    /// Fetches the next page of the Radio section's NPR stories (infinite scrolling) and returns the section.
    /// Returns `nil` when the last page fetched was not full (there is no next page).
    public func loadMoreStories(now: Date, connectivity: Connectivity) async throws -> Loaded? {
        var loaded = try await section(.radio, now: now, connectivity: connectivity, refresh: false)
        guard let query = loaded.meta.radio.storyQuery, connectivity == .online else { return nil }
        let reference = MediaReference.nprQuery(query)
        let pages = try await store.media(reference)?.pages ?? []
        guard let last = pages.last, let decoded = try? NPRClient.decode(last, url: services.npr.http.baseURL),
              NPRPage(query: query, number: pages.count).mayHaveNext(afterReceiving: decoded.stories.count) else {
            return nil
        }
        let next = NPRPage(query: query, number: pages.count + 1)
        let (bytes, _) = try await services.npr.page(next)
        try await store.storePage(next.number, of: reference, body: bytes, fetchedAt: now)
        loaded.section = loaded.meta.section(.radio, media: try await snapshot(for: loaded.meta.references(of: .radio)))
        return loaded
    }

    /// Page `number` (from 1) of the Radio section's NPR stories, fetching the pages before it that are not
    /// stored (infinite scrolling, as a command line asks for it). Past the last page: no stories.
    public func radioStories(page number: Int, now: Date, connectivity: Connectivity, refresh: Bool)
        async throws -> (loaded: Loaded, stories: [NPRStory]) {
        let loaded = try await section(.radio, now: now, connectivity: connectivity, refresh: refresh)
        guard let query = loaded.meta.radio.storyQuery else { return (loaded, []) }
        let reference = MediaReference.nprQuery(query)
        var pages = try await store.media(reference)?.pages ?? []
        while pages.count < number, connectivity == .online, loaded.failures.isEmpty {
            guard try await loadMoreStories(now: now, connectivity: connectivity) != nil else { break }
            pages = try await store.media(reference)?.pages ?? []
        }
        guard number >= 1, number <= pages.count else { return (loaded, []) }
        let stories = try NPRClient.decode(pages[number - 1], url: services.npr.http.baseURL).stories
        var result = loaded
        result.section = loaded.meta.section(.radio, media: try await snapshot(for: loaded.meta.references(of: .radio)))
        return (result, stories)
    }

    // MARK: - content-meta

    private func contentMeta(now: Date, connectivity: Connectivity, refresh: Bool) async throws -> (ContentMeta, Source, [String]) {
        let stored = try await store.contentMeta()
        let storedMeta = stored.flatMap { try? ContentMeta.decode(from: Array($0.bytes)) }
        let steps = policy.plan(metaFetchedAt: storedMeta == nil ? nil : stored?.fetchedAt, mediaFetchedAt: [:],
                                references: [], now: now, connectivity: connectivity, userRequested: refresh)
        let url = URLRedaction.redact(services.contentMeta.http.baseURL)
        guard steps.contains(.fetchContentMeta) else {
            guard let storedMeta else {
                throw FeedError(service: ContentMetaClient.service, url: url, kind: .offline)
            }
            return (storedMeta, .store, [])
        }
        do {
            let (bytes, meta) = try await services.contentMeta.fetch()
            let change = MediaChange(from: storedMeta?.mediaReferences ?? [], to: meta.mediaReferences)
            try await store.replaceContentMeta(bytes, fetchedAt: now, url: url, removing: change.removed)
            return (meta, .network, [])
        } catch let error as FeedError {
            guard let storedMeta, let stored else { throw error }
            let notice = "\(error); using the copy stored at \(ISO8601Timestamp.format(stored.fetchedAt))"
            return (storedMeta, .store, [notice])
        }
    }

    // MARK: - media

    /// When each of `references` was stored (those not stored are absent).
    private func mediaDates(for references: [MediaReference]) async throws -> [MediaReference: Date] {
        let byKey = try await store.mediaDates()
        var dates: [MediaReference: Date] = [:]
        for reference in references { dates[reference] = byKey[reference.description] }
        return dates
    }

    private func fetch(_ reference: MediaReference, now: Date, userRequested: Bool = false) async throws {
        switch reference {
        case .vimeoAlbum(let id):
            guard let albums = services.albums else {
                throw FeedError(service: "Vimeo", url: nil, kind: .network(reason: "no Vimeo library configured"))
            }
            let videos = try await albums.videos(ofAlbum: id, now: now, force: userRequested)
            try await store.replaceMedia(reference, body: try JSONEncoder().encode(videos), fetchedAt: now, url: nil)
        case .nprStory(let id):
            let page = NPRPage(query: NPRQuery(["id": id]), number: 1)
            let (bytes, _) = try await services.npr.page(page)
            try await store.replaceMedia(reference, body: bytes, fetchedAt: now,
                                         url: URLRedaction.redact(try services.npr.url(for: page)))
        case .nprQuery(let query):
            let page = NPRPage(query: query, number: 1)
            let (bytes, _) = try await services.npr.page(page)
            try await store.replaceMedia(reference, body: bytes, fetchedAt: now,
                                         url: URLRedaction.redact(try services.npr.url(for: page)))
        case .liveStream(let cast):
            let (bytes, _) = try await services.liveStream.event(cast)
            try await store.replaceMedia(reference, body: bytes, fetchedAt: now, url: nil)
        }
    }

    /// The stored media of `references`, decoded (a stored body that no longer decodes counts as missing).
    private func snapshot(for references: [MediaReference]) async throws -> MediaSnapshot {
        var snapshot = MediaSnapshot()
        let base = services.npr.http.baseURL
        for reference in Set(references) {
            guard let stored = try await store.media(reference) else { continue }
            switch reference {
            case .vimeoAlbum(let id):
                snapshot.albums[id] = try? JSONDecoder().decode([InterlochenVideo].self, from: stored.pages[0])
            case .nprStory(let id):
                snapshot.stories[id] = (try? NPRClient.decode(stored.pages[0], url: base))?.stories.first { $0.id == id }
            case .nprQuery(let query):
                let pages = stored.pages.compactMap { try? NPRClient.decode($0, url: base) }
                if pages.count == stored.pages.count { snapshot.queries[query] = pages.flatMap(\.stories) }
            case .liveStream(let cast):
                snapshot.casts[cast] = try? FeedJSON.decode(LiveStreamEvent.self, from: stored.pages[0])
            }
        }
        return snapshot
    }

    static func message(_ error: any Error) -> String {
        "\(error)"
    }
}
