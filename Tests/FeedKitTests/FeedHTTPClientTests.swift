import FeedCore
import Foundation
import Testing
@testable import FeedKit

/// ``FeedHTTPClient`` over a ``StubTransport``: URLs, headers, auth, redirects, statuses, caps, error mapping.
@Suite struct FeedHTTPClientTests {
    static let base = URL(string: "http://api.test")!
    static let ibl = APIErrorMessage.jsonText(at: [JSONPath([.key("error"), .key("details")])])

    static func client(_ stub: StubTransport, credentials: Credentials? = nil, limits: RequestLimits = RequestLimits(),
                       errorMessage: APIErrorMessage = ibl) -> FeedHTTPClient {
        FeedHTTPClient(service: "Test", baseURL: base, credentials: credentials, transport: stub, limits: limits,
                       errorMessage: errorMessage)
    }

    struct List: Decodable, Equatable { var items: [String] }

    @Test func getsJSONBelowTheBaseURLWithAcceptAndUserAgent() async throws {
        let stub = StubTransport(["http://api.test/v1/list?rights=mobile&q=a%2Bb": .json(#"{"items": ["x"]}"#)])
        let list = try await Self.client(stub).getJSON(List.self, path: ["v1", "list"],
                                                       query: [QueryItem("rights", "mobile"), QueryItem("q", "a+b")])
        #expect(list == List(items: ["x"]))
        let request = try #require(await stub.requests.first)
        #expect(request.method == "GET")
        #expect(request.headers["accept"] == "application/json")
        #expect(request.headers["User-Agent"] == FeedHTTPClient.userAgent)
        #expect(request.headers["Authorization"] == nil)
        #expect(request.timeout <= .seconds(15))
        #expect(request.maxBodyBytes == 16 << 20)
    }

    @Test func sendsBasicAndBearerCredentialsButNeverPrintsThem() async throws {
        let stub = StubTransport { _ in .json("{}") }
        _ = try await Self.client(stub, credentials: .basic(user: "Aladdin", password: "open sesame")).get(path: ["a"])
        _ = try await Self.client(stub, credentials: .bearer(token: "s3cr3t")).get(path: ["b"])
        let requests = await stub.requests
        // RFC 7617 §2's example.
        #expect(requests[0].headers["Authorization"] == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        #expect(requests[1].headers["Authorization"] == "Bearer s3cr3t")
        for request in requests {
            var dumped = ""
            dump(request, to: &dumped)
            for text in [request.description, "\(request)", String(reflecting: request), dumped] {
                #expect(!text.contains("QWxhZGRp") && !text.contains("s3cr3t"), "\(text)")
            }
        }
        let token = Credentials.bearer(token: "s3cr3t")
        var dumped = ""
        dump(token, to: &dumped)
        #expect("\(token)" == "Bearer ***")
        #expect(String(reflecting: token) == "Bearer ***")
        #expect(!dumped.contains("s3cr3t"))
        #expect("\(Credentials.basic(user: "u", password: "p"))" == "Basic ***")
    }

    @Test func refusesCredentialsThatCannotBeSent() async {
        let stub = StubTransport { _ in .json("{}") }
        let colon = await failure { _ = try await Self.client(stub, credentials: .basic(user: "a:b", password: "p")).get(path: ["x"]) }
        #expect(colon?.kind == .invalidURL(reason: "a Basic user name cannot contain \":\" (RFC 7617 §2)"))
        let empty = await failure { _ = try await Self.client(stub, credentials: .bearer(token: "")).get(path: ["x"]) }
        #expect(empty?.kind == .invalidURL(reason: "the Bearer token is empty"))
        #expect(await stub.requests.isEmpty)
    }

    @Test func followsRedirectsRelativeAndAbsoluteUpToTheLimit() async throws {
        let stub = StubTransport([
            "http://api.test/old": .redirect(301, to: "/new?x=1"),
            "http://api.test/new?x=1": .redirect(307, to: "http://api.test/final"),
            "http://api.test/final": .json(#"{"items": []}"#),
            "http://api.test/loop": .redirect(to: "/loop"),
            "http://api.test/nowhere": .status(302),
            "http://api.test/ftp": .redirect(to: "ftp://api.test/file"),
        ])
        let client = Self.client(stub)
        let response = try await client.get(url: URL(string: "http://api.test/old")!)
        #expect(response.url.absoluteString == "http://api.test/final")
        #expect(await stub.requests.map(\.url.absoluteString)
            == ["http://api.test/old", "http://api.test/new?x=1", "http://api.test/final"])

        let loop = await failure { _ = try await client.get(url: URL(string: "http://api.test/loop")!) }
        #expect(loop?.kind == .tooManyRedirects(limit: 5))
        #expect(loop?.url == "http://api.test/loop")
        #expect(await stub.requests.count == 3 + 6)  // the first request and five redirects
        let nowhere = await failure { _ = try await client.get(url: URL(string: "http://api.test/nowhere")!) }
        #expect(nowhere?.kind == .httpStatus(code: 302, apiMessage: nil))
        let ftp = await failure { _ = try await client.get(url: URL(string: "http://api.test/ftp")!) }
        #expect(ftp?.kind == .badRedirect(reason: "Location \"ftp://api.test/file\" is not an http(s) URL"))
    }

    @Test func credentialsStayOnTheBaseURLsOrigin() async throws {
        let stub = StubTransport([
            "http://api.test/a": .redirect(to: "http://cdn.test/a"),
            "http://cdn.test/a": .redirect(to: "http://api.test:80/b"),
            "http://api.test:80/b": .redirect(to: "https://api.test/c"),
            "https://api.test/c": .json("{}"),
        ])
        _ = try await Self.client(stub, credentials: .bearer(token: "t")).get(url: URL(string: "http://api.test/a")!)
        let sent = await stub.requests.map { ($0.url.absoluteString, $0.headers["Authorization"]) }
        #expect(sent.map(\.0) == ["http://api.test/a", "http://cdn.test/a", "http://api.test:80/b", "https://api.test/c"])
        // Same origin (port 80 is http's default): sent; another host or scheme: not sent.
        #expect(sent.map(\.1) == ["Bearer t", nil, "Bearer t", nil])
    }

    @Test func errorStatusesCarryTheAPIsOwnMessageWhenThereIsOne() async {
        let stub = StubTransport([
            "http://api.test/ibl": .status(404, body: #"{"error": {"details": "Category not found", "http_response_code": 404}}"#),
            "http://api.test/html": .status(500, body: "<html><body><h1>500 Internal Server Error</h1></body></html>"),
            "http://api.test/vimeo": .status(401, body: #"{"error": "Unauthorized", "developer_message": "Token invalid"}"#),
            "http://api.test/npr": .status(400, body: #"{"message": [{"id": "201", "text": {"$text": "Invalid API key"}}]}"#),
        ])
        let ibl = await failure { _ = try await Self.client(stub).get(path: ["ibl"]) }
        #expect(ibl?.kind == .httpStatus(code: 404, apiMessage: "Category not found"))
        #expect(ibl?.description == "Test: HTTP 404 Not Found: \"Category not found\" (http://api.test/ibl)")
        let html = await failure { _ = try await Self.client(stub).get(path: ["html"]) }
        #expect(html?.kind == .httpStatus(code: 500, apiMessage: nil))
        let vimeo = APIErrorMessage.jsonText(at: [JSONPath([.key("developer_message")]), JSONPath([.key("error")])])
        let unauthorized = await failure { _ = try await Self.client(stub, errorMessage: vimeo).get(path: ["vimeo"]) }
        #expect(unauthorized?.kind == .httpStatus(code: 401, apiMessage: "Token invalid"))
        let npr = APIErrorMessage.jsonText(at: [JSONPath([.key("message"), .index(0), .key("text")])])
        let badKey = await failure { _ = try await Self.client(stub, errorMessage: npr).get(path: ["npr"]) }
        #expect(badKey?.kind == .httpStatus(code: 400, apiMessage: "Invalid API key"))
    }

    @Test func decodingFailuresNameServiceURLAndJSONPath() async {
        let stub = StubTransport([
            "http://api.test/bad": .json(#"{"items": ["a", 2]}"#),
            "http://api.test/cut": .json(#"{"items": ["a", "#),
        ])
        let bad = await failure { _ = try await Self.client(stub).getJSON(List.self, path: ["bad"]) }
        #expect(bad == FeedError(service: "Test", url: "http://api.test/bad",
                                 kind: .decoding(path: "items[1]", reason: "expected a string, got number")))
        let cut = await failure { _ = try await Self.client(stub).getJSON(List.self, path: ["cut"]) }
        guard case .invalidJSON(let reason) = cut?.kind else {
            Issue.record("\(String(describing: cut))")
            return
        }
        #expect(reason.contains("truncated"))
    }

    @Test func transportFailuresBecomeFeedErrorsWithTheRedactedURL() async {
        let stub = StubTransport { request in
            switch request.url.path {
            case "/slow": .failure(.timeout)
            case "/down": .failure(.unreachable("connection refused"))
            case "/cut": .failure(.incompleteBody(received: 10, expected: 20))
            case "/huge": .json(String(repeating: " ", count: 2000) + "{}")
            default: .failure(.other("boom"))
            }
        }
        let client = Self.client(stub, limits: RequestLimits(timeout: .milliseconds(1500), maxBodyBytes: 1000))
        let slow = await failure { _ = try await client.get(url: URL(string: "http://me:pw@api.test/slow?apiKey=k")!) }
        #expect(slow == FeedError(service: "Test", url: "http://***@api.test/slow?apiKey=***", kind: .timeout(seconds: 1.5)))
        #expect(slow?.description == "Test: timed out after 1.5 s (http://***@api.test/slow?apiKey=***)")
        #expect(await failure { _ = try await client.get(path: ["down"]) }?.kind == .unreachable(reason: "connection refused"))
        #expect(await failure { _ = try await client.get(path: ["cut"]) }?.kind == .incompleteBody(received: 10, expected: 20))
        #expect(await failure { _ = try await client.get(path: ["huge"]) }?.kind == .bodyTooLarge(limit: 1000))
        #expect(await failure { _ = try await client.get(path: ["other"]) }?.kind == .network(reason: "boom"))
        #expect(await failure { _ = try await client.get(url: URL(string: "file:///etc/passwd")!) }?.kind
            == .invalidURL(reason: "only http and https URLs are supported"))
    }

    @Test func anInvalidBaseURLIsReportedNotCrashed() async {
        let client = FeedHTTPClient(service: "Test", baseURL: URL(string: "ftp://api.test")!,
                                    transport: StubTransport { _ in .json("{}") })
        let error = await failure { _ = try await client.get(path: ["x"]) }
        #expect(error?.kind == .invalidURL(reason: "base URL ftp://api.test is not an http(s) URL"))
    }
}
