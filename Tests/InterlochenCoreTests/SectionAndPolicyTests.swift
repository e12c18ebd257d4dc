import FeedCore
import Foundation
import Testing
@testable import InterlochenCore

@Suite("Sections")
struct SectionTests {
    let meta: ContentMeta
    let media: MediaSnapshot

    init() throws {
        meta = try ContentMeta.decode(from: Array(sampleContentMeta.utf8))
        let shared = InterlochenVideo(id: "v2", title: "In both albums", duration: 60, hlsURL: "http://x/v2.m3u8")
        media = MediaSnapshot(
            albums: ["3001": [InterlochenVideo(id: "v1", title: "Overture"), shared], "3002": [shared],
                     "3003": [InterlochenVideo(id: "v3", title: "Symphony")], "3005": []],
            stories: ["501": NPRStory(id: "501", title: "A concert", audioURL: "http://x/501.mp3")],
            queries: [NPRQuery(["id": "1039", "numResults": "10"]): [NPRStory(id: "601", title: "News 1")]],
            casts: [LiveStreamCast(account: "7001", event: "8001"): LiveStreamEvent(id: "8001", title: "Commencement"),
                    LiveStreamCast(account: "7001", event: "8003"): LiveStreamEvent(id: "8003", title: "Campus cam",
                                                                                hlsURL: "http://x/cam.m3u8", streamIsLive: true)])
    }

    @Test("featured: every video of each album, then stories, then casts; a video in two albums once; missing media pending")
    func featured() {
        let section = meta.section(.featured, media: media)
        #expect(section.items.map { "\($0.type.rawValue):\($0.id)" } == ["vimeo:v1", "vimeo:v2", "npr:501", "livestream:8001"])
        #expect(section.pending == [.nprStory(id: "502")])
        #expect(section.groups.count == 1 && section.groups[0].title == nil)
    }

    @Test("radio: stations, then the query's stories; Listen plays a station's stream or a story's MP3")
    func radio() {
        let section = meta.section(.radio, media: media)
        #expect(section.groups.map(\.title) == ["Stations", "Stories"])
        #expect(section.groups[0].items.map(\.id) == ["classical", "news"])
        #expect(section.groups[1].items.map(\.id) == ["601"])
        #expect(section.groups[0].items[0].listenURL == "http://127.0.0.1/classical.mp3")
        #expect(section.pending.isEmpty)
        #expect(SectionItem.story(NPRStory(id: "1", title: "t")).listenURL == nil)
    }

    @Test("performances and extras by category in the file's order; Campus View apart; More as links")
    func categories() {
        let performances = meta.section(.performances, media: media)
        #expect(performances.groups.map(\.title) == ["Orchestra", "Dance"])
        #expect(performances.groups[0].items.map(\.id) == ["v3"])
        #expect(Set(performances.pending) == [.nprQuery(NPRQuery(["id": "2001"])), .liveStream(LiveStreamCast(account: "7001", event: "8002")),
                                              .vimeoAlbum(id: "3004")])
        let extras = meta.section(.extras, media: media)
        #expect(extras.groups.map(\.title) == ["Interviews"] && extras.items.isEmpty && extras.pending.isEmpty,
                "an album that is loaded and empty is not pending")
        let campus = meta.section(.campusView, media: media)
        #expect(campus.items.map(\.id) == ["8003"] && campus.items[0].watchURL == "http://x/cam.m3u8")
        let more = meta.section(.more, media: media)
        #expect(more.items == [.link(MoreLink(name: "Support Interlochen", link: "https://example.org/give"))])
        #expect(more.items[0].type == .link && more.items[0].id == "https://example.org/give")
    }
}

@Suite("Refresh rules")
struct RefreshPolicyTests {
    let policy = InterlochenRefreshPolicy()
    let t0 = Date(timeIntervalSince1970: 1_700_000_000)
    let album = MediaReference.vimeoAlbum(id: "3001")
    let story = MediaReference.nprStory(id: "501")

    @Test("content-meta: 3 h 59 min → from the store; 4 h 01 min → fetched first")
    func fourHours() {
        let stored = [album: t0, story: t0]
        let at359 = policy.plan(metaFetchedAt: t0, mediaFetchedAt: stored, references: [album, story],
                                now: t0 + (3 * 60 + 59) * 60, connectivity: .online, userRequested: false)
        #expect(at359 == [.fetchMedia(album), .fetchMedia(story)], "media is 2 h old by then")
        let freshMedia = [album: t0 + 3 * 3600, story: t0 + 3 * 3600]
        #expect(policy.plan(metaFetchedAt: t0, mediaFetchedAt: freshMedia, references: [album, story],
                            now: t0 + (3 * 60 + 59) * 60, connectivity: .online, userRequested: false).isEmpty)
        #expect(policy.plan(metaFetchedAt: t0, mediaFetchedAt: freshMedia, references: [album, story],
                            now: t0 + (4 * 60 + 1) * 60, connectivity: .online, userRequested: false) == [.fetchContentMeta])
    }

    @Test("a refresh the user asks for fetches content-meta first, then every list of the section")
    func userRefresh() {
        let fresh = [album: t0, story: t0]
        #expect(policy.plan(metaFetchedAt: t0, mediaFetchedAt: fresh, references: [album, story, album],
                            now: t0 + 60, connectivity: .online, userRequested: true)
            == [.fetchContentMeta, .fetchMedia(album), .fetchMedia(story)])
    }

    @Test("nothing stored: content-meta first; media not stored is fetched; offline: nothing")
    func coldAndOffline() {
        #expect(policy.plan(metaFetchedAt: nil, mediaFetchedAt: [:], references: [], now: t0, connectivity: .online,
                            userRequested: false) == [.fetchContentMeta])
        #expect(policy.plan(metaFetchedAt: t0, mediaFetchedAt: [album: t0], references: [album, story], now: t0 + 60,
                            connectivity: .online, userRequested: false) == [.fetchMedia(story)])
        #expect(policy.plan(metaFetchedAt: t0 - 86_400, mediaFetchedAt: [:], references: [album], now: t0,
                            connectivity: .offline, userRequested: true).isEmpty)
    }
}
