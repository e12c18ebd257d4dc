import FeedCore
import FeedKit
import Foundation
import StreamServer
import Testing
import TestSupport
import VimeoCore
import VimeoKit

/// The client against the sample routes on a real server: exact requests, the token, every album page,
/// loops, and Vimeo's error bodies.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct ClientTests {
    static func client(_ server: StreamServer, _ transport: any HTTPTransport, token: String? = VimeoSample.token,
                       timeout: Duration = TestBounds.outlastingDeadline) -> VimeoClient {
        VimeoClient(baseURL: server.baseURL, token: token, transport: transport, limits: RequestLimits(timeout: timeout))
    }

    @Test("the seed's requests, exactly, with the Bearer token")
    func requests() async throws {
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            try await AsyncHTTPTransport.withTransport { transport in
                let vimeo = Self.client(server, transport)
                let user = try await vimeo.user()
                #expect(user.name == "Interlochen Center for the Arts")
                let page = try await vimeo.videos(.album("1001"), page: 2)
                #expect(page.videos.count == 25 && page.page == 2 && page.total == 60 && page.hasMore)
                let search = try await vimeo.videos(.search("night"), page: 1)
                #expect(search.videos.count == 25 && search.total == 30 && search.hasMore)
                let nothing = try await vimeo.videos(.search("a b&c"), page: 1)
                #expect(nothing.videos.isEmpty && !nothing.hasMore)
                #expect(server.receivedRequestLines == ["/me", "/me/albums/1001/videos?page=2&per_page=25",
                                                "/me/videos?query=night&page=1&per_page=25",
                                                "/me/videos?query=a%20b%26c&page=1&per_page=25"])
                #expect(server.statistics.requests.allSatisfy { $0.authorizationScheme == "Bearer" })
                #expect(try vimeo.albumsURL(page: 3).absoluteString == server.baseURL.absoluteString + "/me/albums?page=3")
            }
        }
    }

    @Test("albums: three pages, following paging.next until null")
    func threeAlbumPages() async throws {
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            try await AsyncHTTPTransport.withTransport { transport in
                let albums = try await Self.client(server, transport).albums()
                #expect(albums.map(\.id) == ["1001", "1002", "1003", "1004", "1005", "1006", "1007"])
                #expect(server.receivedRequestLines == ["/me/albums?page=1", "/me/albums?page=2", "/me/albums?page=3"])
            }
        }
    }

    @Test("a next link pointing to itself is an error, not a loop: page 2 is fetched once")
    func selfLoop() async throws {
        let looping = try VimeoSample.text("albums/page-2.json").replacingOccurrences(of: #""next": "/me/albums?page=3""#,
                                                                                     with: #""next": "/me/albums?page=2""#)
        let override = Route(path: "/me/albums", query: .exact(["page": "2"]), auth: .bearer(token: VimeoSample.token),
                             response: RouteResponse(string: looping, template: true))
        try await withStreamServer(routes: try VimeoSample.routes(overrides: [override])) { server in
            try await AsyncHTTPTransport.withTransport { transport in
                await #expect {
                    try await Self.client(server, transport).albums()
                } throws: { error in
                    guard let error = error as? FeedError, case .pagingLoop(let page) = error.kind else { return false }
                    return page == server.baseURL.absoluteString + "/me/albums?page=2"
                }
                #expect(server.receivedRequestLines == ["/me/albums?page=1", "/me/albums?page=2"])
            }
        }
    }

    @Test("a next link to page 1 from the last page is a loop too")
    func loopToFirst() async throws {
        let back = try VimeoSample.text("albums/page-3.json").replacingOccurrences(of: #""next": null"#, with: #""next": "/me/albums?page=1""#)
        let override = Route(path: "/me/albums", query: .exact(["page": "3"]), auth: .bearer(token: VimeoSample.token),
                             response: RouteResponse(string: back, template: true))
        try await withStreamServer(routes: try VimeoSample.routes(overrides: [override])) { server in
            try await AsyncHTTPTransport.withTransport { transport in
                await #expect(throws: FeedError.self) { try await Self.client(server, transport).albums() }
                #expect(server.statistics.requests.count == 3)
            }
        }
    }

    @Test("Vimeo's error bodies become one line naming what failed")
    func errors() async throws {
        let html = Route(path: "/me", response: RouteResponse(status: 500, string: "<html><body>Oops</body></html>", contentType: "text/html"))
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            try await AsyncHTTPTransport.withTransport { transport in
                let base = server.baseURL.absoluteString
                // 401: {"error"} only.
                do {
                    _ = try await Self.client(server, transport, token: "wrong").user()
                    Issue.record("no error")
                } catch let error as FeedError {
                    let vimeo = VimeoError(error)
                    #expect(vimeo.reason == .auth)
                    #expect(vimeo.message == "Vimeo: authentication failed: HTTP 401 Unauthorized: \"A valid user token must be passed.\" (\(base)/me)")
                }
                // 404: {error, developer_message, error_code}.
                do {
                    _ = try await Self.client(server, transport).videos(.album("424242"), page: 1)
                    Issue.record("no error")
                } catch let error as FeedError {
                    let vimeo = VimeoError(error)
                    #expect(vimeo.reason == .notFound)
                    #expect(vimeo.message == "Vimeo: not found: HTTP 404 Not Found: \"The requested album couldn't be found. (error 5000)\" (\(base)/me/albums/424242/videos?page=1&per_page=25)")
                }
            }
        }
        try await withStreamServer(routes: try VimeoSample.routes(overrides: [html])) { server in
            try await AsyncHTTPTransport.withTransport { transport in
                do {
                    _ = try await Self.client(server, transport).user()
                    Issue.record("no error")
                } catch let error as FeedError {
                    let vimeo = VimeoError(error)
                    #expect(vimeo.reason == .server && vimeo.isTransient)
                    #expect(vimeo.message == "Vimeo: server error: HTTP 500 Internal Server Error (\(server.baseURL.absoluteString)/me)")
                }
            }
        }
    }

    @Test("the token is never in an error or a request record")
    func tokenNeverShown() async throws {
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            try await AsyncHTTPTransport.withTransport { transport in
                let vimeo = Self.client(server, transport, token: "s3cr3t-token")
                do {
                    _ = try await vimeo.user()
                } catch {
                    #expect(!"\(error)".contains("s3cr3t"))
                    #expect(!String(reflecting: error).contains("s3cr3t"))
                }
                #expect(!"\(vimeo.http)".contains("s3cr3t") && !String(reflecting: vimeo).contains("s3cr3t"))
                #expect(!server.statistics.requests.contains { $0.headers.contains { $0.value.contains("s3cr3t") } })
            }
        }
    }
}
