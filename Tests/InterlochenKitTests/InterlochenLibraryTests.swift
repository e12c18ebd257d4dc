import FeedCore
import FeedKit
import Foundation
import InterlochenCore
import StreamServer
import Testing
import TestSupport
@testable import InterlochenKit

/// A small content-meta.json (the schema of issue 14, inferred from seed 000), with `{{base_url}}` for the
/// station's stream.
let contentMetaV1 = """
{ "featured": { "album": ["3001"], "audio": ["501"], "livestreamCasts": [{"account": "7001", "event": "8001"}] },
  "radio": { "stations": [{"id": "classical", "name": "Classical IPR", "streamUrl": "{{base_url}}/classical.mp3"}],
             "nprQueryParams": {"id": "1039", "numResults": "2"} },
  "performances": [{"category": "Orchestra", "content": [{"type": "npr", "params": {"id": "2001"}}]}],
  "more": [{"name": "Give", "link": "https://example.org/give"}] }
"""

func nprStories(_ ids: [String]) -> String {
    let stories = ids.map { id in
        #"{"id": "\#(id)", "title": {"$text": "Story \#(id)"}, "audio": [{"duration": {"$text": "60"}, "format": {"mp3": [{"$text": "http://x/\#(id).mp3"}]}}]}"#
    }
    return #"{"list": {"story": [\#(stories.joined(separator: ","))]}}"#
}

let liveEvent = #"{"id": 8001, "full_name": "Commencement", "in_progress": true, "stream_info": {"m3u8_url": "http://x/live.m3u8", "is_live": true}}"#

/// Album videos from a table (VimeoLibrary stands here in the apps), counting the calls.
actor TableAlbums: AlbumVideoSource {
    var calls: [String] = []
    let table: [String: [InterlochenVideo]]
    init(_ table: [String: [InterlochenVideo]]) { self.table = table }
    /// The albums asked for with `force` (a user refresh), in order.
    var forced: [String] = []
    func videos(ofAlbum id: String, now: Date, force: Bool) async throws -> [InterlochenVideo] {
        if force { forced.append(id) }
        return try await videos(ofAlbum: id, now: now)
    }
    func videos(ofAlbum id: String, now: Date) async throws -> [InterlochenVideo] {
        calls.append(id)
        guard let videos = table[id] else { throw FeedError(service: "Vimeo", url: nil, kind: .httpStatus(code: 404, apiMessage: nil)) }
        return videos
    }
}

struct Rig {
    let server: StreamServer
    let library: InterlochenLibrary
    let albums: TableAlbums
    let store: InterlochenStore

    static func routes(meta: String = contentMetaV1, metaStatus: Int = 200) -> RouteTable {
        RouteTable(routes: [
            Route(path: "/data/content-meta.json", auth: .basic(user: "icca", password: "s3cret"),
                  response: RouteResponse(status: metaStatus, string: meta, contentType: "application/json", template: true)),
            Route(path: "/npr/query", query: .subset(["id": "501", "startNum": "1"]),
                  response: RouteResponse(string: nprStories(["501"]), contentType: "application/json")),
            Route(path: "/npr/query", query: .subset(["id": "1039", "startNum": "1", "numResults": "2"]),
                  response: RouteResponse(string: nprStories(["601", "602"]), contentType: "application/json")),
            Route(path: "/npr/query", query: .subset(["id": "1039", "startNum": "3", "numResults": "2"]),
                  response: RouteResponse(string: nprStories(["603"]), contentType: "application/json")),
            Route(path: "/npr/query", query: .subset(["id": "2001", "startNum": "1"]),
                  response: RouteResponse(string: nprStories(["701"]), contentType: "application/json")),
            Route(path: "/livestream/accounts/7001/events/8001",
                  response: RouteResponse(string: liveEvent, contentType: "application/json")),
        ])
    }

    static func start(user: String = "icca", password: String = "s3cret", store: InterlochenStore? = nil,
                      body: (Rig) async throws -> Void) async throws {
        let server = try await StreamServer.start(routes: routes())
        let store = try store ?? InterlochenStore()
        let albums = TableAlbums(["3001": [InterlochenVideo(id: "v1", title: "Overture", hlsURL: "http://x/v1.m3u8")]])
        do {
            try await AsyncHTTPTransport.withTransport { transport in
                let base = server.baseURL
                let services = InterlochenLibrary.Services(
                    contentMeta: ContentMetaClient(url: base.appendingPathComponent("data/content-meta.json"),
                                                   credentials: .basic(user: user, password: password), transport: transport,
                                                   limits: RequestLimits(timeout: TestBounds.outlastingDeadline)),
                    npr: NPRClient(baseURL: base.appendingPathComponent("npr"), apiKey: "KEY", transport: transport),
                    liveStream: LiveStreamClient(baseURL: base.appendingPathComponent("livestream"), transport: transport),
                    albums: albums)
                try await body(Rig(server: server, library: InterlochenLibrary(store: store, services: services),
                                   albums: albums, store: store))
            }
        } catch {
            try await server.shutdown()
            throw error
        }
        try await server.shutdown()
    }

    /// The requests so far, as `path?query`, without the API key's value.
    var requests: [String] {
        server.statistics.requests.sorted { $0.startedAt < $1.startedAt }
            .map { $0.path + ($0.query.map { "?" + $0.replacingOccurrences(of: "apiKey=KEY", with: "apiKey=…") } ?? "") }
    }
}

@Suite("Interlochen library against a local server", .serialized)
struct InterlochenKitTests {
    let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("a cold start: content-meta with Basic auth, then the section's media, in the seed's URL forms")
    func coldStart() async throws {
        try await Rig.start { rig in
            let loaded = try await rig.library.section(.featured, now: t0, connectivity: .online, refresh: false)
            #expect(loaded.contentMetaSource == .network)
            #expect(loaded.section.items.map(\.id) == ["v1", "501", "8001"])
            #expect(loaded.section.pending.isEmpty && loaded.failures.isEmpty && loaded.notices.isEmpty)
            #expect(rig.requests == [
                "/data/content-meta.json",
                "/npr/query?id=501&startNum=1&numResults=10&apiKey=…&output=JSON",
                "/livestream/accounts/7001/events/8001",
            ])
            #expect(await rig.albums.calls == ["3001"])
            let metaRequest = try #require(rig.server.statistics.requests.first)
            #expect(metaRequest.status == 200, "Basic credentials accepted")
        }
    }

    @Test("content-meta within 4 h comes from the store (3 h 59 min: no request); at 4 h 01 min one request")
    func fourHours() async throws {
        try await Rig.start { rig in
            func metaRequests() -> Int { rig.requests.filter { $0 == "/data/content-meta.json" }.count }
            _ = try await rig.library.section(.performances, now: t0, connectivity: .online, refresh: false)
            #expect(metaRequests() == 1)
            let at359 = try await rig.library.section(.performances, now: t0 + (3 * 60 + 59) * 60, connectivity: .online, refresh: false)
            #expect(at359.contentMetaSource == .store)
            #expect(metaRequests() == 1, "\(rig.requests)")
            let at401 = try await rig.library.section(.performances, now: t0 + (4 * 60 + 1) * 60, connectivity: .online, refresh: false)
            #expect(at401.contentMetaSource == .network)
            #expect(metaRequests() == 2)
            #expect(at401.section.items.map(\.id) == ["701"])
        }
    }

    @Test("a refresh the user asks for fetches content-meta first, then the section's lists")
    func userRefresh() async throws {
        try await Rig.start { rig in
            _ = try await rig.library.section(.radio, now: t0, connectivity: .online, refresh: false)
            let before = rig.requests.count
            let loaded = try await rig.library.section(.radio, now: t0 + 60, connectivity: .online, refresh: true)
            #expect(Array(rig.requests.dropFirst(before)) == [
                "/data/content-meta.json",
                "/npr/query?id=1039&startNum=1&numResults=2&apiKey=…&output=JSON",
            ])
            #expect(loaded.section.groups.map { $0.items.map(\.id) } == [["classical"], ["601", "602"]])
            #expect(loaded.section.items[0].listenURL == rig.server.baseURL.absoluteString + "/classical.mp3")
        }
    }

    @Test("a refresh the user asks for reaches the album source with force (its own cache must not answer)")
    func userRefreshForcesAlbums() async throws {
        try await Rig.start { rig in
            _ = try await rig.library.section(.featured, now: t0, connectivity: .online, refresh: false)
            #expect(await rig.albums.forced.isEmpty)
            let calls = await rig.albums.calls
            #expect(!calls.isEmpty, "Featured has an album")
            _ = try await rig.library.section(.featured, now: t0 + 60, connectivity: .online, refresh: true)
            #expect(await rig.albums.forced == calls)
        }
    }

    @Test("infinite scrolling: the next NPR page starts at startNum = numResults + 1; a short page ends it")
    func paging() async throws {
        try await Rig.start { rig in
            _ = try await rig.library.section(.radio, now: t0, connectivity: .online, refresh: false)
            let more = try #require(try await rig.library.loadMoreStories(now: t0 + 1, connectivity: .online))
            #expect(more.section.groups[1].items.map(\.id) == ["601", "602", "603"])
            #expect(rig.requests.last == "/npr/query?id=1039&startNum=3&numResults=2&apiKey=…&output=JSON")
            let count = rig.requests.count
            #expect(try await rig.library.loadMoreStories(now: t0 + 2, connectivity: .online) == nil)
            #expect(rig.requests.count == count, "no request past a short page")
        }
    }

    @Test("a changed content-meta: only added media is fetched, media already stored is not reloaded, removed media disappears")
    func changedMeta() async throws {
        try await Rig.start { rig in
            _ = try await rig.library.section(.featured, now: t0, connectivity: .online, refresh: false)
            // At 3 h the media (2 h) is refreshed by its own rule; content-meta (4 h) is not.
            _ = try await rig.library.section(.featured, now: t0 + 3 * 3600, connectivity: .online, refresh: false)
            #expect(rig.requests.filter { $0 == "/data/content-meta.json" }.count == 1)
            rig.server.setRoutes(Rig.routes(meta: contentMetaV1
                .replacingOccurrences(of: #""audio": ["501"]"#, with: #""audio": []"#)
                .replacingOccurrences(of: #""album": ["3001"]"#, with: #""album": ["3001", "3002"]"#)))
            let before = rig.requests.count
            let callsBefore = await rig.albums.calls.count
            let loaded = try await rig.library.section(.featured, now: t0 + (4 * 60 + 1) * 60, connectivity: .online, refresh: false)
            #expect(Array(rig.requests.dropFirst(before)) == ["/data/content-meta.json"], "nothing else over HTTP")
            #expect(Array(await rig.albums.calls.dropFirst(callsBefore)) == ["3002"], "only the added album")
            #expect(loaded.section.items.map(\.id) == ["v1", "8001"], "story 501 is gone; album 3002 is not on Vimeo")
            #expect(loaded.failures.map(\.reference) == [.vimeoAlbum(id: "3002")])
            #expect(loaded.failures[0].description.contains("Vimeo: HTTP 404"), "\(loaded.failures)")
            #expect(try await rig.store.media(.nprStory(id: "501")) == nil, "removed media is dropped from the store")
        }
    }

    @Test("wrong credentials: an auth error naming the service; nothing stored")
    func authError() async throws {
        try await Rig.start(password: "wrong") { rig in
            do {
                _ = try await rig.library.section(.featured, now: t0, connectivity: .online, refresh: false)
                Issue.record("accepted")
            } catch let error as FeedError {
                #expect(error.service == "content-meta")
                #expect("\(error)".contains("HTTP 401"), "\(error)")
                #expect(!"\(error)".contains("wrong"), "the password is never printed")
            }
            #expect(try await rig.store.contentMeta() == nil)
        }
    }

    @Test("content-meta answering 500 with a stored copy: the stored copy is used, and the notice says so")
    func fallback() async throws {
        try await Rig.start { rig in
            _ = try await rig.library.section(.more, now: t0, connectivity: .online, refresh: false)
            rig.server.setRoutes(Rig.routes(metaStatus: 500))
            let loaded = try await rig.library.section(.more, now: t0 + 5 * 3600, connectivity: .online, refresh: false)
            #expect(loaded.contentMetaSource == .store)
            #expect(loaded.section.items.map(\.title) == ["Give"])
            #expect(loaded.notices.count == 1 && loaded.notices[0].contains("HTTP 500")
                && loaded.notices[0].contains("using the copy stored at 2023-11-14T22:13:20Z"), "\(loaded.notices)")
        }
    }

    @Test("offline: the stored copy; with nothing stored, an offline error")
    func offline() async throws {
        try await Rig.start { rig in
            await #expect(throws: FeedError.self) {
                _ = try await rig.library.section(.featured, now: t0, connectivity: .offline, refresh: false)
            }
            #expect(rig.requests.isEmpty)
            _ = try await rig.library.section(.featured, now: t0, connectivity: .online, refresh: false)
            let count = rig.requests.count
            let loaded = try await rig.library.section(.featured, now: t0 + 86_400, connectivity: .offline, refresh: true)
            #expect(loaded.contentMetaSource == .store && loaded.section.items.count == 3)
            #expect(rig.requests.count == count)
        }
    }

    @Test("the store survives a restart")
    func restart() async throws {
        let path = TestScratch.root.appendingPathComponent("interlochen-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await Rig.start(store: try InterlochenStore(path: path)) { rig in
            _ = try await rig.library.section(.featured, now: t0, connectivity: .online, refresh: false)
        }
        try await Rig.start(store: try InterlochenStore(path: path)) { rig in
            let loaded = try await rig.library.section(.featured, now: t0 + 60, connectivity: .online, refresh: false)
            #expect(loaded.contentMetaSource == .store && loaded.section.items.count == 3)
            #expect(rig.requests.isEmpty)
        }
    }
}
