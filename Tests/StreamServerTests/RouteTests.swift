import Foundation
import Testing
import TestSupport
@testable import StreamServer

/// Fixture routes: matching by method, path and query; auth; templated bodies; recording; faults; routes.json.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct RouteTests {
    static let categories = #"{"categories": [{"id": "arts", "title": "Arts"}]}"#

    static let table = RouteTable(routes: [
        Route(path: "/ibl/v1/categories", query: .exact(["rights": "mobile"]),
              response: RouteResponse(string: categories)),
        Route(path: "/search", query: .subset(["q": "jazz & blues"]),
              response: RouteResponse(string: #"{"hits": 1}"#)),
        Route(path: "/images/ic/*/p01.jpg", response: RouteResponse(data: [0xFF, 0xD8, 0xFF, 0xD9], contentType: "image/jpeg")),
        Route(method: "POST", path: "/votes", response: RouteResponse(status: 201, string: "{}")),
        Route(path: "/basic", auth: .basic(user: "user", password: "pa:ss"), response: RouteResponse(string: "{}")),
        Route(path: "/me", auth: .bearer(token: "t0ken"),
              response: RouteResponse(headers: ["X-Rate": "10"], data: Array(#"{"name": "me"}"#.utf8),
                                      contentType: "application/json",
                                      unauthorizedBody: Array(#"{"error": "no token"}"#.utf8))),
        Route(path: "/linked", response: RouteResponse(string: #"{"next": "{{base_url}}/page2"}"#, template: true)),
        Route(path: "/verbatim", response: RouteResponse(string: #"{"next": "{{base_url}}/page2"}"#)),
        Route(path: "/broken", response: RouteResponse(status: 500, string: "<html>oops</html>", contentType: "text/html")),
        Route(path: "/moved", response: RouteResponse(status: 302, headers: ["Location": "/ibl/v1/categories?rights=mobile"],
                                                      string: "", contentType: "text/plain")),
    ])

    static func withRoutes<T>(_ table: RouteTable = table, fallback: ServerContent = .files([:]),
                              _ body: (StreamServer) async throws -> T) async throws -> T {
        let server = try await StreamServer.start(routes: table, fallback: fallback)
        do {
            let result = try await body(server)
            try await server.shutdown()
            return result
        } catch {
            try await server.shutdown()
            throw error
        }
    }

    @Test func matchesMethodPathAndExactOrSubsetQueries() async throws {
        try await Self.withRoutes { server in
            let ok = try await RawHTTPConnection.fetch(port: server.port, "GET", "/ibl/v1/categories?rights=mobile")
            #expect(ok.status == 200)
            #expect(String(decoding: ok.body, as: UTF8.self) == Self.categories)
            #expect(ok.headers["content-type"] == "application/json")
            // Exact: another value, an extra parameter, or none at all do not match (404 from the empty fallback).
            for target in ["/ibl/v1/categories?rights=web", "/ibl/v1/categories?rights=mobile&x=1", "/ibl/v1/categories"] {
                #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", target).status == 404, "\(target)")
            }
            // Subset: extra parameters are fine, order does not matter, values are percent-decoded.
            let search = try await RawHTTPConnection.fetch(port: server.port, "GET", "/search?page=2&q=jazz%20%26%20blues")
            #expect(search.status == 200)
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/search?q=jazz").status == 404)
            // Globs, HEAD on a GET route, other methods.
            let image = try await RawHTTPConnection.fetch(port: server.port, "GET", "/images/ic/320x180/p01.jpg")
            #expect(image.body == [0xFF, 0xD8, 0xFF, 0xD9])
            #expect(image.headers["content-type"] == "image/jpeg")
            let head = try await RawHTTPConnection.fetch(port: server.port, "HEAD", "/images/ic/640x360/p01.jpg")
            #expect(head.status == 200)
            #expect(head.headers["content-length"] == "4")
            let post = try await RawHTTPConnection.fetch(port: server.port, "POST", "/votes")
            #expect(post.status == 201)
            let wrongMethod = try await RawHTTPConnection.fetch(port: server.port, "DELETE", "/ibl/v1/categories?rights=mobile")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.headers["allow"] == "GET, HEAD")
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/votes").status == 405)
        }
    }

    @Test func basicAndBearerAuthAnswer401WithAChallengeOtherwise() async throws {
        try await Self.withRoutes { server in
            let none = try await RawHTTPConnection.fetch(port: server.port, "GET", "/basic")
            #expect(none.status == 401)
            #expect(none.headers["www-authenticate"]?.hasPrefix("Basic realm=") == true)
            let good = Data("user:pa:ss".utf8).base64EncodedString()
            let bad = Data("user:nope".utf8).base64EncodedString()
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/basic",
                                                      headers: ["Authorization: Basic \(good)"]).status == 200)
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/basic",
                                                      headers: ["Authorization: basic \(good)"]).status == 200)
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/basic",
                                                      headers: ["Authorization: Basic \(bad)"]).status == 401)
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/basic",
                                                      headers: ["Authorization: Bearer \(good)"]).status == 401)

            let noToken = try await RawHTTPConnection.fetch(port: server.port, "GET", "/me")
            #expect(noToken.status == 401)
            #expect(noToken.headers["www-authenticate"] == "Bearer realm=\"StreamServer\"")
            #expect(String(decoding: noToken.body, as: UTF8.self) == #"{"error": "no token"}"#)
            let wrong = try await RawHTTPConnection.fetch(port: server.port, "GET", "/me", headers: ["Authorization: Bearer t0ke"])
            #expect(wrong.status == 401)
            let me = try await RawHTTPConnection.fetch(port: server.port, "GET", "/me", headers: ["Authorization: Bearer t0ken"])
            #expect(me.status == 200)
            #expect(me.headers["x-rate"] == "10")
        }
    }

    @Test func everyRequestIsRecordedWithQueryAndHeadersButNoCredentials() async throws {
        try await Self.withRoutes { server in
            _ = try await RawHTTPConnection.fetch(port: server.port, "GET", "/me", headers: ["Authorization: Bearer t0ken",
                                                                                              "X-Trace: 7"])
            _ = try await RawHTTPConnection.fetch(port: server.port, "GET", "/ibl/v1/categories?rights=mobile")
            let records = server.statistics.requests
            #expect(records.count == 2)
            let me = try #require(records.first { $0.path == "/me" })
            #expect(me.authorizationScheme == "Bearer")
            #expect(me.header("authorization") == "Bearer ***")
            #expect(me.header("x-trace") == "7")
            #expect(me.query == nil)
            #expect(!me.headers.contains { $0.value.contains("t0ken") })
            let list = try #require(records.first { $0.path == "/ibl/v1/categories" })
            #expect(list.query == "rights=mobile")
            #expect(list.queryParameters.map { "\($0.name)=\($0.value)" } == ["rights=mobile"])
            #expect(list.authorizationScheme == nil)
            #expect(list.status == 200)
        }
    }

    @Test func templatedBodiesLinkToThisServerAndOthersAreServedVerbatim() async throws {
        try await Self.withRoutes { server in
            let linked = try await RawHTTPConnection.fetch(port: server.port, "GET", "/linked")
            #expect(String(decoding: linked.body, as: UTF8.self) == #"{"next": "\#(server.baseURL.absoluteString)/page2"}"#)
            #expect(linked.headers["content-length"] == String(linked.body.count))
            let verbatim = try await RawHTTPConnection.fetch(port: server.port, "GET", "/verbatim")
            #expect(String(decoding: verbatim.body, as: UTF8.self) == #"{"next": "{{base_url}}/page2"}"#)
        }
    }

    @Test func routesCanAnswerErrorsAndRedirectsAndIgnoreRanges() async throws {
        try await Self.withRoutes { server in
            let broken = try await RawHTTPConnection.fetch(port: server.port, "GET", "/broken", headers: ["Range: bytes=0-1"])
            #expect(broken.status == 500)
            #expect(String(decoding: broken.body, as: UTF8.self) == "<html>oops</html>")
            #expect(broken.headers["accept-ranges"] == nil)
            let moved = try await RawHTTPConnection.fetch(port: server.port, "GET", "/moved")
            #expect(moved.status == 302)
            #expect(moved.headers["location"] == "/ibl/v1/categories?rights=mobile")
            let ranged = try await RawHTTPConnection.fetch(port: server.port, "GET", "/ibl/v1/categories?rights=mobile",
                                                           headers: ["Range: bytes=2-11"])
            #expect(ranged.status == 206)
            #expect(String(decoding: ranged.body, as: UTF8.self) == "categories")
        }
    }

    @Test func faultRulesApplyToRoutesByPath() async throws {
        try await Self.withRoutes { server in
            server.setFaults([
                FaultRule(path: "/ibl/v1/categories", fault: .status(code: 503, times: 1)),
                FaultRule(path: "/search", fault: .stallAfterHeaders(times: 1)),
                FaultRule(path: "/linked", fault: .holdUntilReleased),
            ])
            let target = "/ibl/v1/categories?rights=mobile"
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", target).status == 503)
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", target).status == 200)

            let stalled = try await RawHTTPConnection.connect(port: server.port)
            try await stalled.sendRequest("GET", "/search?q=jazz%20%26%20blues")
            let head = try await stalled.readHead()
            #expect(head.status == 200)
            await stalled.close()
            // The server sent the head and not one body byte before the client gave up.
            let stalledStats = await server.waitForStatistics { stats in
                stats.requests.contains { $0.path == "/search" }
            }
            let record = try #require(stalledStats.requests.first { $0.path == "/search" })
            #expect(record.status == 200)
            #expect(record.bytesSent == 0)
            #expect(!record.completed)

            let held = try await RawHTTPConnection.connect(port: server.port)
            try await held.sendRequest("GET", "/linked")
            let stats = await server.waitForStatistics { $0.heldRequests == 1 }
            #expect(stats.heldRequests == 1)
            #expect(server.releaseHeld(1, matching: "/linked") == 1)
            #expect(try await held.readResponse().status == 200)
            await held.close()
        }
    }

    @Test func unmatchedRequestsFallBackToTheServersFiles() async throws {
        let files = ServerContent.files(["/a.ts": ServedFile(data: [1, 2, 3], path: "/a.ts")])
        try await Self.withRoutes(fallback: files) { server async throws in
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/a.ts").body == [1, 2, 3])
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/b.ts").status == 404)
            #expect(try await RawHTTPConnection.fetch(port: server.port, "POST", "/a.ts").status == 405)
        }
    }
}

/// routes.json: files relative to its folder, inline bodies, auth, faults, and strict errors.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct RouteTableFileTests {
    static func write(_ files: [String: String]) throws -> URL {
        let folder = try makeTemporaryDirectory("StreamServerTests")
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder.appendingPathComponent("routes.json")
    }

    @Test func loadsEveryKindOfEntry() async throws {
        let routes = try Self.write([
            "data/list.json": #"{"items": ["{{base_url}}/x"]}"#,
            "routes.json": """
                {"comment": "a fixture", "routes": [
                  {"path": "/list", "query": {"page": 1}, "file": "data/list.json", "template": true,
                   "faults": [{"status": 503, "times": 1}]},
                  {"path": "/inline", "body": "hello", "headers": {"X-A": "b"}},
                  {"path": "/json", "json": {"b": [1, 2], "a": null}, "status": 404},
                  {"method": "get", "path": "/secret", "queryMatch": "subset", "query": {"k": "v"},
                   "auth": {"basic": {"user": "u", "password": "p"}}, "unauthorizedBody": "{\\"error\\": \\"who\\"}",
                   "json": {}}
                ]}
                """,
        ])
        let table = try RouteTable.load(contentsOf: routes)
        #expect(table.routes.count == 4)
        #expect(table.routes[0].query == .exact(["page": "1"]))
        #expect(table.routes[0].response.contentType == "application/json")
        #expect(table.routes[1].response.contentType == "text/plain; charset=utf-8")
        #expect(table.routes[2].response.body == Array(#"{"a":null,"b":[1,2]}"#.utf8))
        #expect(table.routes[3].method == "GET")
        #expect(table.routes[3].auth == .basic(user: "u", password: "p"))
        #expect(table.faults == [FaultRule(path: "/list", fault: .status(code: 503, times: 1))])

        try await RouteTests.withRoutes(table) { server in
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/list?page=1").status == 503)
            let list = try await RawHTTPConnection.fetch(port: server.port, "GET", "/list?page=1")
            #expect(String(decoding: list.body, as: UTF8.self) == #"{"items": ["\#(server.baseURL.absoluteString)/x"]}"#)
            let inline = try await RawHTTPConnection.fetch(port: server.port, "GET", "/inline")
            #expect(inline.headers["x-a"] == "b")
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/json").status == 404)
            let secret = try await RawHTTPConnection.fetch(port: server.port, "GET", "/secret?k=v&z=1")
            #expect(secret.status == 401)
            #expect(String(decoding: secret.body, as: UTF8.self) == #"{"error": "who"}"#)
        }
    }

    @Test(arguments: [
        (#"{"routes": [{"path": "/a", "qurey": {}}]}"#, "routes[0]: unknown key \"qurey\""),
        (#"{"routes": [{"path": "/a", "file": "missing.json"}]}"#, "routes[0]: cannot read"),
        (#"{"routes": [{"path": "/a", "file": "../etc/passwd"}]}"#, "inside the routes.json folder"),
        (#"{"routes": [{"path": "/a", "body": "x", "json": {}}]}"#, "not several"),
        (#"{"routes": [{"path": "a"}]}"#, "\"path\" must be"),
        (#"{"routes": [{"path": "/a", "status": "200"}]}"#, "\"status\" must be an integer"),
        (#"{"routes": [{"path": "/a", "auth": {"bearer": 5}}]}"#, "\"auth\" must be"),
        (#"{"routes": [{"path": "/a", "faults": [{"explode": 1}]}]}"#, "unknown fault \"explode\""),
        (#"{"routes": [{"path": "/a", "queryMatch": "subset"}]}"#, "without \"query\""),
        (#"{"routes": [{"path": "/a", "template": 1}]}"#, "true or false"),
        (#"{"paths": []}"#, "expected {\"routes\""),
        (#"{"routes": [}"#, "not JSON"),
    ])
    func rejectsMistakesNamingTheRoute(json: String, message: String) throws {
        let routes = try Self.write(["routes.json": json])
        do {
            _ = try RouteTable.load(contentsOf: routes)
            Issue.record("accepted \(json)")
        } catch let error as RouteTableError {
            #expect(error.description.contains(message), "\(error)")
            #expect(error.file == routes.path)
        }
    }
}

/// The `streamserve` command line.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct StreamServeCLITests {
    static let binary = ProcessRunner.executable(named: "streamserve")

    @Test func helpWorksAndUsageErrorsExit64() async throws {
        let streamserve = try #require(Self.binary)
        let help = try await ProcessRunner.run(streamserve, ["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: streamserve [<directory>] [--routes <routes>] [--port <port>]"))
        for arguments in [[], ["--port", "70000", "/tmp"], ["--bogus", "/tmp"], ["/tmp", "--port"]] {
            let outcome = try await ProcessRunner.run(streamserve, arguments)
            #expect(outcome.status == 64, "\(arguments): \(outcome.stderr)")
        }
        let missing = try await ProcessRunner.run(streamserve, ["/nonexistent-dir"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent-dir is not a directory"))
        let badRoutes = try RouteTableFileTests.write(["routes.json": #"{"routes": [{"path": "/a", "nope": 1}]}"#])
        let bad = try await ProcessRunner.run(streamserve, ["--routes", badRoutes.path])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("routes[0]: unknown key \"nope\""))
    }

    @Test func servesARouteTableAndADirectoryOn127001() async throws {
        let streamserve = try #require(Self.binary)
        let routes = try RouteTableFileTests.write([
            "routes.json": #"{"routes": [{"path": "/hello", "query": {"x": "1"}, "json": {"hi": true}}]}"#,
            "static.txt": "static file",
        ])
        let folder = routes.deletingLastPathComponent().path
        let running = try await ProcessRunner.Running.start(streamserve, [folder, "--routes", routes.path])
        let banner = await running.waitForOutput(containing: "(Ctrl-C to stop)")
        let url = try #require(banner.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") })
        let port = try #require(Int(url.split(separator: ":").last?.trimmingCharacters(in: .init(charactersIn: "/")) ?? ""))
        #expect(banner.contains("1 routes from \(routes.path) and \(folder)"))
        let hello = try await RawHTTPConnection.fetch(port: port, "GET", "/hello?x=1")
        #expect(String(decoding: hello.body, as: UTF8.self) == #"{"hi":true}"#)
        let file = try await RawHTTPConnection.fetch(port: port, "GET", "/static.txt")
        #expect(String(decoding: file.body, as: UTF8.self) == "static file")
        running.interrupt()
        let outcome = await running.finish()
        #expect(outcome.sanitizerReport == nil)
    }
}
