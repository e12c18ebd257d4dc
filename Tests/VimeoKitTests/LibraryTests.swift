import FeedCore
import FeedKit
import Foundation
import StreamServer
import Testing
import TestSupport
import VimeoCore
import VimeoKit

/// The library's freshness rules on a virtual clock, judged by the requests the server saw.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct LibraryTests {
    @Test("albums: fetched (every page), 1 h 59 min → the store, no request; 2 h 01 min online → all pages again")
    func albumsTwoHours() async throws {
        try await withRig(whitelist: try VimeoSample.whitelist()) { rig in
            let first = try await rig.library().albums(now: t0)
            #expect(first.source == .network && first.fetchedAt == t0 && first.freshness == .fresh)
            #expect(first.value.map(\.id) == ["1001", "1002", "1003", "1004", "1005", "1006"], "whitelisted; 1007 left out, 9999 ignored")
            #expect(rig.server.statistics.requests.count == 3)
            let cached = try await rig.library().albums(now: at(1, 59))
            #expect(cached.source == .store && cached.fetchedAt == t0 && cached.freshness == .fresh && cached.value == first.value)
            #expect(rig.server.statistics.requests.count == 3, "no request under 2 h")
            let again = try await rig.library().albums(now: at(2, 1))
            #expect(again.source == .network && again.fetchedAt == at(2, 1))
            #expect(rig.server.statistics.requests.count == 6)
        }
    }

    @Test("offline: the stored albums, marked stale, no request; nothing stored: an offline error")
    func offline() async throws {
        try await withRig { rig in
            await #expect {
                try await rig.library(.offline).albums(now: t0)
            } throws: { ($0 as? VimeoError)?.message == "Vimeo: offline, and the albums were never stored (connect once to fetch them)" }
            _ = try await rig.library().albums(now: t0)
            let offline = try await rig.library(.offline).albums(now: at(5, 0))
            #expect(offline.source == .store && offline.freshness == .stale && offline.fetchedAt == t0 && offline.value.count == 7)
            let forced = try await rig.library(.offline).albums(now: at(0, 1), force: true)
            #expect(forced.source == .store && forced.freshness == .stale)
            #expect(rig.server.statistics.requests.count == 3)
            await #expect {
                try await rig.library(.offline).videos(album: "1001", page: 1, now: t0)
            } throws: { ($0 as? VimeoError)?.reason == .offline }
        }
    }

    @Test("/me: 23 h 59 min → the store; 24 h 01 min → fetched")
    func userOneDay() async throws {
        try await withRig { rig in
            let user = try await rig.library().user(now: t0)
            #expect(user.value.name == "Interlochen Center for the Arts" && user.source == .network)
            let stored = try await rig.library().user(now: at(23, 59))
            #expect(stored.source == .store && stored.value == user.value)
            #expect(rig.server.receivedRequestLines == ["/me"])
            let fetched = try await rig.library().user(now: at(24, 1))
            #expect(fetched.source == .network)
            #expect(rig.server.receivedRequestLines == ["/me", "/me"])
        }
    }

    @Test("album pages: each page on its own clock; a fetched page 1 starts the list over")
    func pages() async throws {
        try await withRig { rig in
            let library = rig.library()
            _ = try await library.videos(album: "1001", page: 1, now: t0)
            let second = try await library.videos(album: "1001", page: 2, now: at(1, 0))
            #expect(second.value.videos.first?.id == "1201025" && second.value.hasMore)
            #expect(try await library.videos(album: "1001", page: 1, now: at(1, 59)).source == .store)
            #expect(try await library.videos(album: "1001", page: 2, now: at(2, 1)).source == .store, "page 2 is 1 h 01 min old")
            #expect(rig.server.statistics.requests.count == 2)
            // Page 1 again at 2 h 01 min: fetched, and the stored page 2 is dropped with the old list.
            #expect(try await library.videos(album: "1001", page: 1, now: at(2, 1)).source == .network)
            #expect(try await rig.store.page(.album("1001"), page: 2) == nil)
            #expect(try await library.videos(album: "1001", page: 2, now: at(2, 2)).source == .network)
            let third = try await library.videos(album: "1001", page: 3, now: at(2, 2))
            #expect(third.value.videos.count == 10 && !third.value.hasMore)
            #expect(rig.server.receivedRequestLines.suffix(3) == ["/me/albums/1001/videos?page=1&per_page=25",
                                                          "/me/albums/1001/videos?page=2&per_page=25",
                                                          "/me/albums/1001/videos?page=3&per_page=25"])
        }
    }

    @Test("the whitelist: another album is not found, without a request; a changed whitelist refetches")
    func whitelist() async throws {
        try await withRig(whitelist: .ids(["1001"])) { rig in
            await #expect {
                try await rig.library().videos(album: "1007", page: 1, now: t0)
            } throws: { ($0 as? VimeoError)?.message == "Vimeo: not found: album 1007 is not in the albums whitelist" }
            #expect(rig.server.statistics.requests.isEmpty)
            #expect(try await rig.library().albums(now: t0).value.map(\.id) == ["1001"])
            var wider = rig
            wider.whitelist = .ids(["1001", "1002"])
            let refetched = try await wider.library().albums(now: at(0, 5))
            #expect(refetched.source == .network && refetched.value.map(\.id) == ["1001", "1002"])
            // Offline, a list filtered by another whitelist is shown through the new one.
            var narrower = rig
            narrower.whitelist = .ids(["1002"])
            let offline = try await narrower.library(.offline).albums(now: at(0, 6))
            #expect(offline.value.map(\.id) == ["1002"] && offline.freshness == .stale)
            #expect(try await rig.library().album(id: "1001", now: at(0, 7)).value.name == "Night Drives")
        }
    }

    @Test("a stale fetch that fails for a server reason: the stored copy with a note; 401 and 404: the error")
    func fallback() async throws {
        try await withRig { rig in
            _ = try await rig.library().albums(now: t0)
            _ = try await rig.library().videos(album: "1001", page: 1, now: t0)
            rig.server.setFaults([FaultRule(path: "/me/albums", fault: .status(code: 503, times: 1))])
            let stale = try await rig.library().albums(now: at(3, 0))
            #expect(stale.source == .store && stale.freshness == .stale && stale.fetchedAt == t0)
            #expect(stale.note?.hasPrefix("Vimeo: server error: HTTP 503 Service Unavailable (") == true, "\(stale.note ?? "")")
            // Forced (pull to refresh): the failure is reported.
            rig.server.setFaults([FaultRule(path: "/me/albums", fault: .status(code: 503, times: 1))])
            await #expect(throws: VimeoError.self) { try await rig.library().albums(now: at(3, 0), force: true) }
            var wrong = rig
            wrong.token = "wrong"
            await #expect {
                try await wrong.library().videos(album: "1001", page: 1, now: at(3, 0))
            } throws: { ($0 as? VimeoError)?.reason == .auth }
            var none = rig
            none.token = nil
            await #expect {
                try await none.library().user(now: t0)
            } throws: { $0 as? VimeoError == .noToken }
            #expect(try await none.library().albums(now: at(0, 1)).source == .store, "no token needed for the store")
        }
    }

    @Test("search pages are cached like album pages; every page of an album in one call")
    func searchAndAllVideos() async throws {
        try await withRig { rig in
            let library = rig.library()
            let night = try await library.search("night", page: 2, now: t0)
            #expect(night.value.videos.count == 5 && !night.value.hasMore && night.value.list == .search("night"))
            #expect(try await library.search("night", page: 2, now: at(1, 0)).source == .store)
            let all = try await library.allVideos(album: "1001", now: t0)
            #expect(all.value.count == 60 && Set(all.value.map(\.id)).count == 60)
            #expect(rig.server.statistics.requests.count == 4)
            await #expect(throws: VimeoError.self) { try await library.videos(album: "1001", page: 0, now: t0) }
        }
    }

    @Test("connectivity: the base URL's host answers; a closed port is offline")
    func connectivity() async throws {
        let server = try await StreamServer.start(routes: try VimeoSample.routes())
        let base = server.baseURL
        try await AsyncHTTPTransport.withTransport { transport in
            let library = VimeoLibrary(baseURL: base, token: "t", transport: transport, store: try VimeoStore())
            #expect(await library.connectivity() == .online)
            try await server.shutdown()
            #expect(await library.connectivity() == .offline)
        }
    }
}
