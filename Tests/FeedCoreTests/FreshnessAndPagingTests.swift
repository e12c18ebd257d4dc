import Foundation
import Testing
@testable import FeedCore

/// Freshness on a virtual clock, the cache decision table, and paging guards, links and numbers.
@Suite struct FreshnessAndPagingTests {
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func freshUntilTheTTLAndStaleFromIt() {
        let albums = FreshnessPolicy(ttl: FreshnessPolicy.twoHours)
        let me = FreshnessPolicy(ttl: FreshnessPolicy.oneDay)
        let content = FreshnessPolicy(ttl: FreshnessPolicy.fourHours)
        let minute = 60.0
        #expect(albums.freshness(fetchedAt: Self.t0, now: Self.t0) == .fresh)
        #expect(albums.freshness(fetchedAt: Self.t0, now: Self.t0 + 119 * minute) == .fresh)
        #expect(albums.freshness(fetchedAt: Self.t0, now: Self.t0 + 120 * minute - 0.001) == .fresh)
        #expect(albums.freshness(fetchedAt: Self.t0, now: Self.t0 + 120 * minute) == .stale)
        #expect(albums.freshness(fetchedAt: Self.t0, now: Self.t0 + 121 * minute) == .stale)
        #expect(me.freshness(fetchedAt: Self.t0, now: Self.t0 + (23 * 60 + 59) * minute) == .fresh)
        #expect(me.freshness(fetchedAt: Self.t0, now: Self.t0 + (24 * 60 + 1) * minute) == .stale)
        #expect(content.freshness(fetchedAt: Self.t0, now: Self.t0 + (3 * 60 + 59) * minute) == .fresh)
        #expect(content.freshness(fetchedAt: Self.t0, now: Self.t0 + (4 * 60 + 1) * minute) == .stale)
        // Fetched "in the future" (clock set back): stale, never pinned as fresh.
        #expect(albums.freshness(fetchedAt: Self.t0 + 60, now: Self.t0) == .stale)
    }

    @Test func theDecisionTableHasEveryRow() {
        let policy = FreshnessPolicy(ttl: 3600)
        let fresh = Self.t0 + 60
        let stale = Self.t0 + 7200
        typealias Row = (stored: Date?, now: Date, connectivity: Connectivity, force: Bool, decision: CacheDecision)
        let rows: [Row] = [
            (nil, fresh, .online, false, .fetch(fallback: false)),
            (nil, fresh, .online, true, .fetch(fallback: false)),
            (nil, fresh, .offline, false, .unavailable),
            (nil, fresh, .offline, true, .unavailable),
            (Self.t0, fresh, .online, false, .useStored(.fresh)),
            (Self.t0, fresh, .offline, false, .useStored(.fresh)),
            (Self.t0, fresh, .online, true, .fetch(fallback: true)),
            (Self.t0, fresh, .offline, true, .useStored(.stale)),
            (Self.t0, stale, .online, false, .fetch(fallback: true)),
            (Self.t0, stale, .online, true, .fetch(fallback: true)),
            (Self.t0, stale, .offline, false, .useStored(.stale)),
            (Self.t0, stale, .offline, true, .useStored(.stale)),
        ]
        for row in rows {
            #expect(policy.decide(storedAt: row.stored, now: row.now, connectivity: row.connectivity, force: row.force)
                == row.decision, "\(row)")
        }
        let retrieval = Retrieval(resource: "vimeo.albums", fetchedAt: Self.t0)
        #expect(retrieval.freshness(under: policy, now: fresh) == .fresh)
        #expect(retrieval.freshness(under: policy, now: stale) == .stale)
    }

    @Test func theGuardRefusesAPageTwiceAndTooManyPages() throws {
        var pages = PagingGuard(maxPages: 3)
        try pages.admit(.number(1))
        try pages.admit(.number(2))
        #expect(throws: FeedError.Kind.pagingLoop(page: "page 1")) { try pages.admit(.number(1)) }
        try pages.admit(.number(3))
        #expect(throws: FeedError.Kind.tooManyPages(limit: 3)) { try pages.admit(.number(4)) }
        #expect(pages.admitted == [.number(1), .number(2), .number(3)])

        var links = PagingGuard(maxPages: 10)
        let base = URL(string: "https://api.vimeo.com")!
        let page1 = try PagingLinks.resolve("/me/albums?page=1", against: base)
        try links.admit(.link(page1))
        try links.admit(.link(try PagingLinks.resolve("/me/albums?page=2", against: base)))
        let again = try PagingLinks.resolve("https://api.vimeo.com/me/albums?page=1", against: base)
        #expect(throws: FeedError.Kind.pagingLoop(page: "https://api.vimeo.com/me/albums?page=1")) {
            try links.admit(.link(again))
        }
    }

    @Test func pagingLinksAreRelativeToTheAPIBaseAndMayBeNullOrMissing() throws {
        let prefixed = URL(string: "http://127.0.0.1:8080/vimeo/")!
        #expect(try PagingLinks.resolve("/me/albums?page=2", against: prefixed).absoluteString
            == "http://127.0.0.1:8080/vimeo/me/albums?page=2")
        #expect(try PagingLinks.resolve("https://other.example/x?page=2", against: prefixed).absoluteString
            == "https://other.example/x?page=2")
        #expect(try PagingLinks.resolve("albums?page=2", against: URL(string: "http://h/me/")!).absoluteString
            == "http://h/me/albums?page=2")
        #expect(throws: FeedError.Kind.self) { try PagingLinks.resolve("ftp://h/x", against: prefixed) }

        struct List: Decodable { var paging: PagingLinks? }
        let decoded = try JSONDecoder().decode(List.self, from: Data(
            #"{"paging": {"next": "/me/albums?page=2", "previous": null, "first": "/me/albums?page=1", "last": ""}}"#.utf8))
        #expect(decoded.paging == PagingLinks(next: "/me/albums?page=2", first: "/me/albums?page=1"))
        #expect(try JSONDecoder().decode(List.self, from: Data("{}".utf8)).paging == nil)
        #expect(try JSONDecoder().decode(List.self, from: Data(#"{"paging": {}}"#.utf8)).paging == PagingLinks.none)
    }

    @Test func pageNumbersStopAtTheTotalOrAShortPage() {
        #expect(PageNumbering.next(after: 1, perPage: 25, total: 60, received: 25) == 2)
        #expect(PageNumbering.next(after: 2, perPage: 25, total: 60, received: 25) == 3)
        #expect(PageNumbering.next(after: 3, perPage: 25, total: 60, received: 10) == nil)
        #expect(PageNumbering.next(after: 2, perPage: 25, total: 50, received: 25) == nil)
        #expect(PageNumbering.next(after: 1, perPage: 10, total: nil, received: 10) == 2)
        #expect(PageNumbering.next(after: 1, perPage: 10, total: nil, received: 9) == nil)
        #expect(PageNumbering.next(after: 1, perPage: 10, total: 1000, received: 0) == nil)
        #expect(PageNumbering.hasMore(after: 1, perPage: 25, total: 60, received: 25))
        #expect(!PageNumbering.hasMore(after: 3, perPage: 25, total: 60, received: 10))
    }
}
