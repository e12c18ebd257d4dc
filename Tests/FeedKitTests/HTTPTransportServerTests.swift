import FeedCore
import Foundation
import StreamServer
import Testing
import TestSupport
@testable import FeedKit

/// The real HTTP layer (AsyncHTTPClient) against StreamServer fixture routes: auth, deadline, size cap,
/// redirects, cut bodies, refused connections.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct HTTPTransportServerTests {
    static let json = #"{"items": ["a", "b"]}"#

    private func client(_ server: StreamServer, _ transport: AsyncHTTPTransport, credentials: Credentials? = nil,
                        limits: RequestLimits = RequestLimits(timeout: TestBounds.outlastingDeadline)) -> FeedHTTPClient {
        FeedHTTPClient(service: "Local", baseURL: server.baseURL, credentials: credentials, transport: transport,
                       limits: limits, errorMessage: .jsonText(at: [JSONPath([.key("error")])]))
    }

    @Test func basicAndBearerAuthReachTheServerAndWrongOnesGet401() async throws {
        let routes = [
            Route(path: "/basic", auth: .basic(user: "user", password: "pw"), response: RouteResponse(string: Self.json)),
            Route(path: "/bearer", auth: .bearer(token: "tok"),
                  response: RouteResponse(data: Array(Self.json.utf8), contentType: "application/json",
                                          unauthorizedBody: Array(#"{"error": "bad token"}"#.utf8))),
        ]
        try await withStreamServer(routes: routes) { server async throws in
            try await AsyncHTTPTransport.withTransport { transport async throws in
                let basic = try await client(server, transport, credentials: .basic(user: "user", password: "pw"))
                    .get(path: ["basic"])
                #expect(String(decoding: basic.body, as: UTF8.self) == Self.json)
                _ = try await client(server, transport, credentials: .bearer(token: "tok")).get(path: ["bearer"])
                let wrong = await failure {
                    _ = try await client(server, transport, credentials: .bearer(token: "nope")).get(path: ["bearer"])
                }
                #expect(wrong?.kind == .httpStatus(code: 401, apiMessage: "bad token"))
                let none = await failure { _ = try await client(server, transport).get(path: ["basic"]) }
                #expect(none?.kind == .httpStatus(code: 401, apiMessage: nil))
            }
            let schemes = server.statistics.requests.map { "\($0.path) \($0.authorizationScheme ?? "-") \($0.status)" }
            #expect(schemes == ["/basic Basic 200", "/bearer Bearer 200", "/bearer Bearer 401", "/basic - 401"])
        }
    }

    /// Deadlines to try, shortest first: a deadline runs from before the connection is made, so on a loaded
    /// machine a short one can pass before the request reaches the server; such a run proves nothing and is
    /// repeated with the next deadline (each run's own server record decides, never the clock).
    static let deadlines: [Duration] = [.milliseconds(300), .seconds(2), .seconds(8)]

    @Test func aHeldRequestTimesOutAtTheDeadlineWithATimeoutError() async throws {
        let routes = [Route(path: "/slow", response: RouteResponse(string: Self.json))]
        for deadline in Self.deadlines {
            let reached = try await withStreamServer(routes: routes, faults: [FaultRule(path: "/slow", fault: .holdUntilReleased)]) { server async throws -> Bool in
                try await AsyncHTTPTransport.withTransport { transport async throws in
                    let limits = RequestLimits(timeout: deadline)
                    let error = await failure { _ = try await client(server, transport, limits: limits).get(path: ["slow"]) }
                    #expect(error?.kind == .timeout(seconds: limits.timeout.seconds))
                    #expect(error?.url == server.url(for: "/slow").absoluteString)
                }
                // The server held the request and the client gave up on it: never answered.
                #expect(await waitUntil { server.statistics.currentRequests == 0 })
                guard let record = server.statistics.requests.first else { return false }
                #expect(record.path == "/slow")
                #expect(record.status == 0)
                #expect(!record.completed)
                return true
            }
            if reached { return }
        }
        Issue.record("the request never reached the server, even with an 8 s deadline")
    }

    @Test func aBodyStalledAfterTheHeadersTimesOutToo() async throws {
        let routes = [Route(path: "/stall", response: RouteResponse(string: Self.json))]
        for deadline in Self.deadlines {
            let reached = try await withStreamServer(routes: routes, faults: [FaultRule(path: "/stall", fault: .stallAfterHeaders(times: 1))]) { server async throws -> Bool in
                try await AsyncHTTPTransport.withTransport { transport async throws in
                    let limits = RequestLimits(timeout: deadline)
                    let error = await failure { _ = try await client(server, transport, limits: limits).get(path: ["stall"]) }
                    #expect(error?.kind == .timeout(seconds: limits.timeout.seconds))
                }
                #expect(await waitUntil { server.statistics.currentRequests == 0 })
                guard let record = server.statistics.requests.first else { return false }
                #expect(record.status == 200)
                #expect(record.bytesSent == 0)
                return true
            }
            if reached { return }
        }
        Issue.record("the request never reached the server, even with an 8 s deadline")
    }

    @Test func bodiesOverTheCapAreRefusedAndCutBodiesAreIncomplete() async throws {
        let big = String(repeating: "x", count: 5000)
        let routes = [
            Route(path: "/big", response: RouteResponse(string: big, contentType: "text/plain")),
            Route(path: "/cut", response: RouteResponse(string: big, contentType: "text/plain")),
        ]
        try await withStreamServer(routes: routes, faults: [FaultRule(path: "/cut", fault: .shortBody(times: 1))]) { server async throws in
            try await AsyncHTTPTransport.withTransport { transport async throws in
                let capped = client(server, transport, limits: RequestLimits(timeout: TestBounds.outlastingDeadline, maxBodyBytes: 4096))
                #expect(await failure { _ = try await capped.get(path: ["big"]) }?.kind == .bodyTooLarge(limit: 4096))
                let roomy = client(server, transport, limits: RequestLimits(timeout: TestBounds.outlastingDeadline, maxBodyBytes: 5000))
                #expect(try await roomy.get(path: ["big"]).body.count == 5000)
                #expect(await failure { _ = try await roomy.get(path: ["cut"]) }?.kind
                    == .incompleteBody(received: 2500, expected: 5000))
            }
        }
    }

    /// Issue 20: a response whose header section is larger than the HTTP parser's limit (swift-nio's
    /// `NIOHTTPDecoderLimitConfiguration`, 80 KB) is a clear network error at once, not a hang or a crash.
    @Test func hugeResponseHeadersAreRefused() async throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Padding: \(String(repeating: "a", count: 200_000))\r\n"
            + "Content-Length: 2\r\n\r\n{}"
        let server = try RawResponseServer(response: Array(head.utf8))
        defer { server.stop() }
        try await AsyncHTTPTransport.withTransport { transport async throws in
            let client = FeedHTTPClient(service: "Local", baseURL: server.url(for: "/"), transport: transport)
            let error = await failure { _ = try await client.get(url: server.url(for: "/huge")) }
            #expect(error != nil, "a 200 KB header was accepted")
            // A network error, not a timeout at the deadline: refused as soon as the limit was passed.
            if case .network? = error?.kind {} else { Issue.record("not a network error: \(String(describing: error))") }
            #expect(error?.description.contains(server.url(for: "/huge").absoluteString) == true, "\(String(describing: error))")
        }
    }

    @Test func redirectsAreFollowedAndBounded() async throws {
        let routes = [
            Route(path: "/old", response: RouteResponse(status: 301, headers: ["Location": "/new"], string: "")),
            Route(path: "/new", response: RouteResponse(status: 302, headers: ["Location": "{{base_url}}/final?x=1"],
                                                         string: "", template: true)),
            Route(path: "/final", query: .exact(["x": "1"]), response: RouteResponse(string: Self.json)),
            Route(path: "/loop", response: RouteResponse(status: 302, headers: ["Location": "/loop"], string: "")),
        ]
        try await withStreamServer(routes: routes) { server async throws in
            try await AsyncHTTPTransport.withTransport { transport async throws in
                let response = try await client(server, transport).get(path: ["old"])
                #expect(response.url == server.url(for: "/final?x=1"))
                #expect(String(decoding: response.body, as: UTF8.self) == Self.json)
                let loop = await failure {
                    _ = try await client(server, transport, limits: RequestLimits(timeout: TestBounds.outlastingDeadline, maxRedirects: 3)).get(path: ["loop"])
                }
                #expect(loop?.kind == .tooManyRedirects(limit: 3))
            }
            #expect(server.statistics.requests.map(\.path) == ["/old", "/new", "/final", "/loop", "/loop", "/loop", "/loop"])
        }
    }

    @Test func aClosedPortIsUnreachableNotAHang() async throws {
        let server = try await StreamServer.start(content: .files([:]))
        let url = server.baseURL
        try await server.shutdown()
        try await AsyncHTTPTransport.withTransport { transport async throws in
            let client = FeedHTTPClient(service: "Local", baseURL: url, transport: transport)
            let error = await failure { _ = try await client.get(path: ["x"]) }
            #expect(error?.kind == .unreachable(reason: "connection refused"))
            #expect(error?.isTransient == true)
        }
    }

    @Test func errorStatusesWithHTMLBodiesReportTheStatusAlone() async throws {
        let routes = [Route(path: "/err", response: RouteResponse(status: 500, string: "<html>Internal error</html>",
                                                                  contentType: "text/html"))]
        try await withStreamServer(routes: routes) { server async throws in
            try await AsyncHTTPTransport.withTransport { transport async throws in
                let error = await failure { _ = try await client(server, transport).get(path: ["err"]) }
                #expect(error?.kind == .httpStatus(code: 500, apiMessage: nil))
                #expect(error?.description == "Local: HTTP 500 Internal Server Error (\(server.url(for: "/err").absoluteString))")
            }
        }
    }
}
