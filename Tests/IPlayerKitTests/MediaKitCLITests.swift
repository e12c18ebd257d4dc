import Foundation
import StreamServer
import Testing
import TestSupport

/// The built `mediakit` executable.
enum MediaKitBinary {
    static let url = ProcessRunner.executable(named: "mediakit")
}

/// `mediakit iplayer …`, the built binary, against fixture routes on 127.0.0.1.
@Suite(.enabled(if: MediaKitBinary.url != nil, "mediakit binary not built"), .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct MediaKitCLITests {
    static let binary = MediaKitBinary.url

    static func run(_ arguments: [String]) async throws -> ProcessRunner.Outcome {
        let outcome = try await ProcessRunner.run(try #require(binary), arguments)
        #expect(outcome.sanitizerReport == nil, "\(outcome.stderr)")
        return outcome
    }

    static func json(_ outcome: ProcessRunner.Outcome) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    }

    @Test func categoriesAsATableAndAsJSON() async throws {
        try await withStreamServer(routes: try sampleRoutes()) { server async throws in
            let base = server.baseURL.absoluteString
            let table = try await Self.run(["iplayer", "categories", "--base-url", base])
            #expect(table.status == 0, "\(table.stderr)")
            #expect(table.stderr.isEmpty)
            #expect(table.stdout.split(separator: "\n").first == "ID               TITLE")
            #expect(table.stdout.contains("\ndrama-and-soaps  Drama & Soaps\n"))
            let json = try await Self.run(["iplayer", "categories", "--base-url", base, "--json"])
            #expect(json.status == 0)
            let list = try #require(try Self.json(json) as? [[String: String]])
            #expect(list.map { $0["id"] ?? "" } == ["arts", "cbbc", "comedy", "documentaries", "drama-and-soaps", "sport"])
            #expect(list.first == ["id": "arts", "title": "Arts"])
            #expect(server.statistics.requests.map { "\($0.path)?\($0.query ?? "")" }
                == Array(repeating: "/ibl/v1/categories?rights=mobile", count: 2))
        }
    }

    @Test func highlightsJSONHasEpisodeAndCollectionItemsWithImageChefURLs() async throws {
        try await withStreamServer(routes: try sampleRoutes()) { server async throws in
            let base = server.baseURL.absoluteString
            let outcome = try await Self.run(["iplayer", "highlights", "arts", "--base-url", base, "--image-width", "600", "--json"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let document = try #require(try Self.json(outcome) as? [String: Any])
            #expect(document["category"] as? [String: String] == ["id": "arts", "title": "Arts"])
            let items = try #require(document["items"] as? [[String: Any]])
            #expect(items.count == 6)
            let first = try #require(items.first)
            #expect(Set(first.keys) == ["kind", "id", "channel", "title", "subtitle", "image"])
            #expect(first["kind"] as? String == "episode")
            #expect(first["channel"] as? String == "BBC Four")
            #expect(first["subtitle"] as? String == "Series 3: 1. Bath")
            #expect(first["image"] as? String == "\(base)/images/ic/608x342/p06cfvzl.jpg")
            let collection = items[1]
            #expect(Set(collection.keys) == ["kind", "id", "channel", "title", "count", "image"])
            #expect(collection["kind"] as? String == "collection")
            #expect(collection["channel"] as? String == "COLLECTION")
            #expect(collection["count"] as? Int == 7)
            // A one-off: subtitle "" (never null).
            #expect(items[2]["subtitle"] as? String == "")
            let record = try #require(server.statistics.requests.first)
            #expect(record.path == "/ibl/v1/categories/arts/highlights")
            #expect(record.query == "lang=en&rights=mobile&availability=available")

            let table = try await Self.run(["iplayer", "highlights", "arts", "--base-url", base])
            #expect(table.status == 0)
            #expect(table.stdout.hasPrefix("Arts (arts): 6 items\n"))
            #expect(table.stdout.contains("COLLECTION  Jazz Music                   7 episodes"))
        }
    }

    @Test func episodeDetailsAsJSON() async throws {
        try await withStreamServer(routes: try sampleRoutes()) { server async throws in
            let base = server.baseURL.absoluteString
            let outcome = try await Self.run(["iplayer", "episode", "arts", "b0bbkw7p", "--base-url", base, "--json",
                                              "--now", "2018-07-01T21:00:00Z"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let details = try #require(try Self.json(outcome) as? [String: Any])
            #expect(details.count == 9)
            #expect(details["id"] as? String == "b0bbkw7p")
            #expect(details["channel"] as? String == "BBC Two")
            #expect(details["title"] as? String == "Lucian Freud: Painted Life")
            #expect(details["subtitle"] as? String == "")
            #expect((details["synopsis"] as? String)?.hasSuffix("a sentence or two about this episode.") == true)
            #expect(details["durationSeconds"] as? Double == 4443)
            #expect(details["firstBroadcast"] as? String == "9pm 30 Jun 2018")
            #expect(details["remaining"] as? String == "Available for 60 days")
            #expect(details["image"] as? String == "\(base)/images/ic/320x180/p05xhqzt.jpg")
            let fraction = try await Self.run(["iplayer", "episode", "arts", "b0bb8kqd", "--base-url", base, "--json"])
            #expect(outcome.stdout.contains("\"durationSeconds\": 4443,"))
            #expect(fraction.stdout.contains("\"durationSeconds\": 3514.44,"))
        }
    }

    @Test func anEpisodeThatIsACollectionOrMissingIsOneLineAndExit1() async throws {
        try await withStreamServer(routes: try sampleRoutes()) { server async throws in
            let base = server.baseURL.absoluteString
            let collection = try await Self.run(["iplayer", "episode", "arts", "p06b6l8p", "--base-url", base])
            #expect(collection.status == 1)
            #expect(collection.stderr == "mediakit: error: p06b6l8p is a collection in the highlights of arts, not an episode\n")
            let missing = try await Self.run(["iplayer", "episode", "arts", "p06promo", "--base-url", base, "--json"])
            #expect(missing.status == 1)
            #expect(missing.stderr == "mediakit: error: no episode p06promo in the highlights of arts\n")
            #expect(missing.stdout.isEmpty)
        }
    }

    @Test func http500WithAnHTMLBodyIsOneLineNamingStatusAndURL() async throws {
        let html = Route(path: "/ibl/v1/categories", response: RouteResponse(
            status: 500, string: "<html><body><h1>500</h1>\n<p>Internal error</p></body></html>", contentType: "text/html"))
        try await withStreamServer(routes: try sampleRoutes(extra: [html])) { server async throws in
            let outcome = try await Self.run(["iplayer", "categories", "--base-url", server.baseURL.absoluteString, "--json"])
            #expect(outcome.status == 1)
            #expect(outcome.stdout.isEmpty)
            #expect(outcome.stderr == "mediakit: error: iBL: HTTP 500 Internal Server Error (\(server.url(for: "/ibl/v1/categories?rights=mobile").absoluteString))\n")
        }
    }

    @Test func iblErrorBodiesGiveTheirDetails() async throws {
        let notFound = Route(path: "/ibl/v1/categories/news/highlights", response: RouteResponse(
            status: 404, string: #"{"error": {"details": "Category 'news' not found", "http_response_code": 404}}"#))
        try await withStreamServer(routes: try sampleRoutes(extra: [notFound])) { server async throws in
            let outcome = try await Self.run(["iplayer", "highlights", "news", "--base-url", server.baseURL.absoluteString])
            #expect(outcome.status == 1)
            #expect(outcome.stderr.hasPrefix("mediakit: error: iBL: HTTP 404 Not Found: \"Category 'news' not found\" ("))
            #expect(outcome.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func truncatedJSONAndABadFieldSayWhatAndWhere() async throws {
        let base = "http://placeholder"
        let arts = try sampleText("ibl/highlights/arts.json", base: base)
        let truncated = Route(path: "/ibl/v1/categories/arts/highlights",
                              response: RouteResponse(string: String(arts.prefix(arts.count / 2))))
        let badDuration = Route(path: "/ibl/v1/categories/comedy/highlights",
                                response: RouteResponse(string: arts.replacingOccurrences(of: "PT1H14M3S", with: "74 minutes")))
        try await withStreamServer(routes: try sampleRoutes(extra: [truncated, badDuration])) { server async throws in
            let cut = try await Self.run(["iplayer", "highlights", "arts", "--base-url", server.baseURL.absoluteString])
            #expect(cut.status == 1)
            #expect(cut.stderr.hasPrefix("mediakit: error: iBL: invalid JSON: the body ends in the middle of the document"))
            #expect(cut.stderr.hasSuffix("(\(server.url(for: "/ibl/v1/categories/arts/highlights").absoluteString)?lang=en&rights=mobile&availability=available)\n"))
            let bad = try await Self.run(["iplayer", "highlights", "comedy", "--base-url", server.baseURL.absoluteString])
            #expect(bad.status == 1)
            #expect(bad.stderr.contains(
                "unexpected JSON at category_highlights.elements[3].versions[0].duration.value: expected an ISO 8601 duration, got \"74 minutes\""))
        }
    }

    @Test func aStalledServerFailsWithinTheDeadlineWhileTheRequestIsHeld() async throws {
        // The deadline runs in mediakit from before it connects; on a loaded machine a short one can pass before
        // the request even reaches the server. Such a run proves nothing about a held request, so it is repeated
        // with a longer deadline (each run's own record decides, never the wall clock).
        for seconds in ["0.5", "2", "8"] {
            let reachedServer = try await withStreamServer(routes: try sampleRoutes(), faults: [FaultRule(path: "/ibl/v1/categories", fault: .holdUntilReleased)]) {
                server async throws -> Bool in
                let running = try await ProcessRunner.Running.start(try #require(Self.binary),
                                                        ["iplayer", "categories", "--base-url", server.baseURL.absoluteString,
                                                         "--timeout", seconds])
                let outcome = await running.finish()
                #expect(outcome.status == 1)
                #expect(outcome.stderr == "mediakit: error: iBL: timed out after \(seconds) s (\(server.url(for: "/ibl/v1/categories?rights=mobile").absoluteString))\n")
                // The client gave up on the held request: it was never answered.
                #expect(await waitUntil { server.statistics.heldRequests == 0 && server.statistics.currentRequests == 0 })
                guard server.statistics.requestCount > 0 else { return false }
                // One request, held and never answered: no status sent, not completed, the client closed it.
                let record = try #require(server.statistics.requests.first)
                #expect(record.path == "/ibl/v1/categories")
                #expect(record.status == 0)
                #expect(record.bytesSent == 0)
                #expect(!record.completed)
                #expect(server.statistics.requestCount == 1)
                return true
            }
            if reachedServer { return }
        }
        Issue.record("the request never reached the server, even with an 8 s deadline")
    }

    @Test func aBodyCutShortIsReportedAsSuch() async throws {
        try await withStreamServer(routes: try sampleRoutes(), faults: [FaultRule(path: "/ibl/v1/categories/sport/highlights", fault: .shortBody(times: 1))]) {
            server async throws in
            let outcome = try await Self.run(["iplayer", "highlights", "sport", "--base-url", server.baseURL.absoluteString])
            #expect(outcome.status == 1)
            #expect(outcome.stderr.contains("iBL: connection closed after "))
            #expect(outcome.stderr.contains(" bytes of the body ("))
        }
    }

    @Test func aServerThatIsNotThereIsUnreachable() async throws {
        let server = try await StreamServer.start(content: .files([:]))
        let base = server.baseURL.absoluteString
        try await server.shutdown()
        let outcome = try await Self.run(["iplayer", "categories", "--base-url", base])
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "mediakit: error: iBL: cannot reach the server: connection refused (\(base)/ibl/v1/categories?rights=mobile)\n")
    }

    @Test func usageErrorsExit64AndHelpExits0() async throws {
        let usage: [[String]] = [
            [], ["iplayer"], ["nope"], ["iplayer", "nope"],
            ["iplayer", "highlights"], ["iplayer", "episode", "arts"],
            ["iplayer", "categories", "--bogus"], ["iplayer", "categories", "extra"],
            ["iplayer", "categories", "--base-url"], ["iplayer", "categories", "--base-url", "ftp://h"],
            ["iplayer", "categories", "--base-url", "not a url"],
            ["iplayer", "highlights", "arts", "--image-width", "0"], ["iplayer", "highlights", "arts", "--image-width", "x"],
            ["iplayer", "highlights", "arts", "--image-width", "5000"],
            ["iplayer", "categories", "--timeout", "0"], ["iplayer", "categories", "--timeout", "inf"],
            ["iplayer", "episode", "arts", "e", "--now", "yesterday"], ["iplayer", "categories", "--image-width", "320"],
        ]
        for arguments in usage {
            let outcome = try await Self.run(arguments)
            #expect(outcome.status == 64, "\(arguments): \(outcome.status) \(outcome.stderr)")
            #expect(outcome.stdout.isEmpty, "\(arguments)")
        }
        for arguments in [["--help"], ["iplayer", "--help"], ["iplayer", "highlights", "--help"], ["help", "iplayer", "episode"]] {
            let help = try await Self.run(arguments)
            #expect(help.status == 0, "\(arguments)")
            #expect(help.stdout.contains("USAGE: mediakit"))
        }
        let episodeHelp = try await Self.run(["iplayer", "episode", "--help"])
        #expect(episodeHelp.stdout.contains(
            "USAGE: mediakit iplayer episode <category> <episode> [--base-url <url>] [--image-width <n>] [--json]"))
        #expect(episodeHelp.stdout.contains("(default: http://ibl.api.bbc.co.uk)"))
    }
}

/// Guards the suite above: its tests are skipped when the binary is missing, so its absence must fail.
@Suite struct MediaKitBinaryTests {
    @Test func mediakitIsBuiltNextToTheTests() {
        #expect(MediaKitBinary.url != nil, "swift build --build-tests builds every product; mediakit is missing")
    }
}
