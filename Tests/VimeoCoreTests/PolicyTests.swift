import FeedCore
import Foundation
import Testing
import VimeoCore

/// Every freshness case of seed 001 on a virtual clock (`now` is a value).
@Suite("Vimeo cache policy")
struct PolicyTests {
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)
    static func at(_ hours: Int, _ minutes: Int) -> Date { t0.addingTimeInterval(Double(hours * 3600 + minutes * 60)) }
    static let page = VimeoResource.videos(.album("1001"), page: 2)

    @Test("albums and album pages: 1 h 59 min → the store, no request; 2 h 01 min online → fetch")
    func twoHours() {
        for resource in [VimeoResource.albums, Self.page, .videos(.search("night"), page: 1)] {
            #expect(VimeoCachePolicy.decide(resource, storedAt: Self.t0, now: Self.at(1, 59), connectivity: .online) == .useStored(.fresh))
            #expect(!VimeoCachePolicy.needsConnectivity(resource, storedAt: Self.t0, now: Self.at(1, 59)), "no check either")
            #expect(VimeoCachePolicy.decide(resource, storedAt: Self.t0, now: Self.at(2, 1), connectivity: .online) == .fetch(fallback: true))
            #expect(VimeoCachePolicy.decide(resource, storedAt: Self.t0, now: Self.at(2, 0), connectivity: .online) == .fetch(fallback: true),
                    "stale from the TTL on")
        }
    }

    @Test("offline: the stored copy, marked stale; nothing stored: unavailable")
    func offline() {
        #expect(VimeoCachePolicy.decide(.albums, storedAt: Self.t0, now: Self.at(2, 1), connectivity: .offline) == .useStored(.stale))
        #expect(VimeoCachePolicy.decide(.albums, storedAt: Self.t0, now: Self.at(1, 0), connectivity: .offline) == .useStored(.fresh))
        #expect(VimeoCachePolicy.decide(.user, storedAt: Self.t0, now: Self.at(30, 0), connectivity: .offline) == .useStored(.stale))
        #expect(VimeoCachePolicy.decide(Self.page, storedAt: nil, now: Self.t0, connectivity: .offline) == .unavailable)
        #expect(VimeoCachePolicy.decide(Self.page, storedAt: nil, now: Self.t0, connectivity: .online) == .fetch(fallback: false))
    }

    @Test("/me every 24 h: 23 h 59 min → the store, 24 h 01 min → fetch")
    func user() {
        #expect(VimeoCachePolicy.decide(.user, storedAt: Self.t0, now: Self.at(23, 59), connectivity: .online) == .useStored(.fresh))
        #expect(VimeoCachePolicy.decide(.user, storedAt: Self.t0, now: Self.at(24, 1), connectivity: .online) == .fetch(fallback: true))
        #expect(VimeoCachePolicy.decide(.user, storedAt: Self.t0, now: Self.at(2, 1), connectivity: .online) == .useStored(.fresh),
                "the user is not on the 2 h rule")
    }

    @Test("refresh(force:): fresh data fetched when online, the store when offline")
    func force() {
        #expect(VimeoCachePolicy.decide(.albums, storedAt: Self.t0, now: Self.at(0, 1), connectivity: .online, force: true) == .fetch(fallback: true))
        #expect(VimeoCachePolicy.decide(.albums, storedAt: Self.t0, now: Self.at(0, 1), connectivity: .offline, force: true) == .useStored(.stale))
        #expect(VimeoCachePolicy.needsConnectivity(.albums, storedAt: Self.t0, now: Self.at(0, 1), force: true))
    }

    @Test("a clock set back (stored in the future) is stale; another whitelist makes fresh albums stale")
    func oddities() {
        #expect(VimeoCachePolicy.decide(.albums, storedAt: Self.at(1, 0), now: Self.t0, connectivity: .online) == .fetch(fallback: true))
        #expect(VimeoCachePolicy.decide(.albums, storedAt: Self.t0, now: Self.at(0, 5), connectivity: .online, whitelistChanged: true) == .fetch(fallback: true))
        #expect(VimeoCachePolicy.decide(.albums, storedAt: Self.t0, now: Self.at(0, 5), connectivity: .offline, whitelistChanged: true) == .useStored(.stale))
    }

    @Test("resources: keys in the retrieval log and their TTLs")
    func keys() {
        #expect(VimeoResource.user.key == "vimeo.me" && VimeoResource.user.freshness.ttl == 86_400)
        #expect(VimeoResource.albums.key == "vimeo.albums" && VimeoResource.albums.freshness.ttl == 7_200)
        #expect(Self.page.key == "vimeo.album.1001.videos.page.2")
        #expect(VimeoResource.videos(.search("night drive"), page: 1).key == "vimeo.search.night drive.page.1")
        #expect(Self.page.description == "page 2 of album 1001")
    }

    @Test("the refresh plan: what is stale or missing, then page 1 of each album with videos")
    func refreshPlan() {
        let now = Self.at(2, 1)
        #expect(VimeoRefreshPlan.lists(userStoredAt: Self.t0, albumsStoredAt: Self.t0, whitelistChanged: false, now: now, force: false) == [.albums])
        #expect(VimeoRefreshPlan.lists(userStoredAt: Self.t0, albumsStoredAt: Self.at(1, 0), whitelistChanged: false, now: now, force: false) == [])
        #expect(VimeoRefreshPlan.lists(userStoredAt: nil, albumsStoredAt: nil, whitelistChanged: false, now: now, force: false) == [.user, .albums])
        #expect(VimeoRefreshPlan.lists(userStoredAt: now, albumsStoredAt: now, whitelistChanged: false, now: now, force: true) == [.user, .albums])
        #expect(VimeoRefreshPlan.lists(userStoredAt: now, albumsStoredAt: now, whitelistChanged: true, now: now, force: false) == [.albums])
        let albums = [VimeoAlbum(id: "a", name: "A", metadata: VimeoMetadata(raw: try! JSONTree.parse(#"{"connections": {"videos": {"uri": "/albums/a/videos", "total": 3}}}"#))),
                      VimeoAlbum(id: "b", name: "B", metadata: VimeoMetadata(raw: try! JSONTree.parse(#"{"connections": {"videos": {"uri": "/albums/b/videos", "total": 0}}}"#))),
                      VimeoAlbum(id: "c", name: "C"), VimeoAlbum(id: "d", name: "D")]
        let stored = ["a": Self.at(1, 0), "c": Self.t0]
        #expect(VimeoRefreshPlan.albumPages(albums, firstPagesStoredAt: stored, now: now, force: false)
            == [.videos(.album("c"), page: 1), .videos(.album("d"), page: 1)], "a fresh, b empty, c stale, d missing")
        #expect(VimeoRefreshPlan.albumPages(albums, firstPagesStoredAt: stored, now: now, force: true).count == 3)
    }
}
