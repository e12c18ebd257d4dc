import FeedCore
import Foundation
import StreamServer
import Testing
import TestSupport
@testable import FeedKit

/// The paginator: page numbers, next links, a missing `paging`, loops and page-count guards, and no partial lists.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct PaginatorTests {
    @Test func pageNumbersUntilAShortPage() async throws {
        var asked: [PageRequest] = []
        let items = try await Paginator(service: "NPR").collect(from: .number(1)) { request -> Page<Int> in
            asked.append(request)
            guard case .number(let n) = request else { throw CancellationError() }
            let items = n < 3 ? [n * 10, n * 10 + 1] : [n * 10]
            let next = PageNumbering.next(after: n, perPage: 2, total: nil, received: items.count).map(PageRequest.number)
            return Page(items: items, next: next)
        }
        #expect(items == [10, 11, 20, 21, 30])
        #expect(asked == [.number(1), .number(2), .number(3)])
    }

    @Test func aPageNumberAlreadyFetchedIsALoopError() async {
        do {
            _ = try await Paginator(service: "NPR").collect(from: .number(1)) { _ in Page(items: [1], next: .number(1)) }
            Issue.record("looped without an error")
        } catch {
            #expect(error as? FeedError == FeedError(service: "NPR", url: nil, kind: .pagingLoop(page: "page 1")))
        }
    }

    @Test func thePageCountGuardStopsARunawayList() async {
        var fetched = 0
        do {
            _ = try await Paginator(service: "X", maxPages: 4).collect(from: .number(1)) { request -> Page<Int> in
                fetched += 1
                guard case .number(let n) = request else { throw CancellationError() }
                return Page(items: [n], next: .number(n + 1))
            }
            Issue.record("no guard")
        } catch {
            #expect(error as? FeedError == FeedError(service: "X", url: nil, kind: .tooManyPages(limit: 4)))
        }
        #expect(fetched == 4)
    }

    /// A Vimeo-like list in three pages with relative `paging.next` links, served by StreamServer.
    struct AlbumList: Decodable {
        var paging: PagingLinks?
        var data: [Album]
        struct Album: Decodable, Equatable { var name: String }
    }

    static func page(_ n: Int, next: String?) -> Route {
        let nextJSON = next.map { "\"\($0)\"" } ?? "null"
        return Route(path: "/me/albums", query: .subset(["page": "\(n)"]), auth: .bearer(token: "T"),
                     response: RouteResponse(string: """
                         {"total": 5, "page": \(n), "per_page": 2,
                          "paging": {"next": \(nextJSON), "previous": null, "first": "/me/albums?page=1", "last": "/me/albums?page=3"},
                          "data": [{"name": "album \(2 * n - 1)"}, {"name": "album \(2 * n)"}]}
                         """))
    }

    static func albums(_ client: FeedHTTPClient) async throws -> [String] {
        let first = try client.url(path: ["me", "albums"], query: [QueryItem("page", "1")])
        return try await Paginator(service: client.service).collect(from: .link(first)) { request in
            guard case .link(let url) = request else { throw CancellationError() }
            let list = try await client.getJSON(AlbumList.self, url: url)
            let next = try list.paging?.next.map { PageRequest.link(try PagingLinks.resolve($0, against: client.baseURL)) }
            return Page(items: list.data.map(\.name), next: next)
        }
    }

    @Test func followsRelativeNextLinksAcrossThreePagesWithTheToken() async throws {
        let routes = [Self.page(1, next: "/me/albums?page=2"), Self.page(2, next: "/me/albums?page=3"), Self.page(3, next: nil)]
        try await withStreamServer(routes: routes) { server async throws in
            try await AsyncHTTPTransport.withTransport { transport async throws in
                let client = FeedHTTPClient(service: "Vimeo", baseURL: server.baseURL, credentials: .bearer(token: "T"),
                                            transport: transport)
                #expect(try await Self.albums(client) == (1...6).map { "album \($0)" })
            }
            #expect(server.statistics.requests.map { $0.query ?? "" } == ["page=1", "page=2", "page=3"])
            #expect(server.statistics.requests.allSatisfy { $0.authorizationScheme == "Bearer" && $0.status == 200 })
        }
    }

    @Test func aNextLinkToAPageAlreadyFetchedIsAnErrorNotALoop() async throws {
        let routes = [Self.page(1, next: "/me/albums?page=2"), Self.page(2, next: "/me/albums?page=1")]
        try await withStreamServer(routes: routes) { server async throws in
            try await AsyncHTTPTransport.withTransport { transport async throws in
                let client = FeedHTTPClient(service: "Vimeo", baseURL: server.baseURL, credentials: .bearer(token: "T"),
                                            transport: transport)
                do {
                    _ = try await Self.albums(client)
                    Issue.record("looped")
                } catch let error as FeedError {
                    #expect(error.kind == .pagingLoop(page: server.url(for: "/me/albums?page=1").absoluteString))
                }
            }
            #expect(server.statistics.requestCount == 2)
        }
    }

    @Test func aListWithoutPagingIsOnePage() async throws {
        let routes = [Route(path: "/me/albums", response: RouteResponse(string: #"{"data": [{"name": "only"}]}"#))]
        try await withStreamServer(routes: routes) { server async throws in
            try await AsyncHTTPTransport.withTransport { transport async throws in
                let client = FeedHTTPClient(service: "Vimeo", baseURL: server.baseURL, transport: transport)
                #expect(try await Self.albums(client) == ["only"])
            }
            #expect(server.statistics.requestCount == 1)
        }
    }

    @Test func aFailingPageFailsTheWholeListSoNothingPartialIsKept() async throws {
        let routes = [Self.page(1, next: "/me/albums?page=2"), Self.page(2, next: "/me/albums?page=3"), Self.page(3, next: nil)]
        // Page 2 answers 500 (a route of its own: status faults attach to paths, and all pages share one path).
        let failing = [
            routes[0],
            Route(path: "/me/albums", query: .subset(["page": "2"]),
                  response: RouteResponse(status: 500, string: #"{"error": "Something strange"}"#)),
            routes[2],
        ]
        try await withStreamServer(routes: failing) { server async throws in
            let store = try FeedStore.inMemory()
            try await AsyncHTTPTransport.withTransport { transport async throws in
                let client = FeedHTTPClient(service: "Vimeo", baseURL: server.baseURL, credentials: .bearer(token: "T"),
                                            transport: transport, errorMessage: .jsonText(at: [JSONPath([.key("error")])]))
                do {
                    let names = try await Self.albums(client)
                    try await store.refresh("vimeo.albums", fetchedAt: Date(timeIntervalSince1970: 0)) { _ in names.count }
                    Issue.record("a failed page produced a list")
                } catch let error as FeedError {
                    #expect(error.kind == .httpStatus(code: 500, apiMessage: "Something strange"))
                }
            }
            #expect(try await store.lastRetrieval(of: "vimeo.albums") == nil)
            #expect(server.statistics.requests.map { $0.query ?? "" } == ["page=1", "page=2"])
        }
    }
}
