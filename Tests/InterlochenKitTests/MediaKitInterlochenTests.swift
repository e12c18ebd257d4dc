import FeedCore
import Foundation
import StreamServer
import Testing
import TestSupport

/// `mediakit interlochen` end to end against the embedded sample (Interlochen's and Vimeo's routes on one
/// local server), with Basic auth, a store in a temporary directory and the clock given by `--now`.
@Suite("mediakit interlochen end to end", .serialized)
struct MediaKitInterlochenTests {
    static let binary = ProcessRunner.executable(named: "mediakit")

    struct Run {
        let server: StreamServer
        let store: String

        func callAsFunction(_ arguments: [String], user: String = "interlochen", password: String = "sample-password",
                            now: String = "2026-11-23T10:00:00Z") async throws -> ProcessRunner.Outcome {
            let base = server.baseURL.absoluteString
            let common = ["--content-url", base + "/data/content-meta.json", "--user", user, "--password", password,
                          "--npr-base", base + "/npr", "--npr-key", "sample-key", "--vimeo-base", base,
                          "--token", "sample-token", "--livestream-base", base + "/livestream", "--store", store,
                          "--now", now, "--timeout", TestBounds.clientTimeoutArgument]
            return try await ProcessRunner.run(try #require(MediaKitInterlochenTests.binary),
                                               ["interlochen"] + arguments + common)
        }

        /// The requests so far, as paths (content-meta, npr, livestream, Vimeo).
        var paths: [String] { server.statistics.requests.sorted { $0.startedAt < $1.startedAt }.map(\.path) }
    }

    static func withSample(_ body: (Run) async throws -> Void) async throws {
        let interlochen = try RouteTable.load(contentsOf: PackagePaths.interlochenSample.appendingPathComponent("routes.json"))
        let vimeo = try RouteTable.load(contentsOf: PackagePaths.vimeoSample.appendingPathComponent("routes.json"))
        let server = try await StreamServer.start(routes: RouteTable(routes: interlochen.routes + vimeo.routes))
        let directory = TestScratch.root.appendingPathComponent("mediakit-interlochen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try await body(Run(server: server, store: directory.appendingPathComponent("store.sqlite").path))
        } catch {
            try await server.shutdown()
            throw error
        }
        try await server.shutdown()
    }

    func json(_ outcome: ProcessRunner.Outcome) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], "\(outcome.stdout)")
    }

    @Test("sections --json: every section in order, items with the documented keys, contentMetaSource")
    func sections() async throws {
        try await Self.withSample { run in
            let outcome = try await run(["sections", "--json"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let document = try json(outcome)
            #expect(document["contentMetaSource"] as? String == "network")
            let sections = try #require(document["sections"] as? [[String: Any]])
            #expect(sections.map { $0["name"] as? String } == ["featured", "radio", "performances", "extras", "campus-view", "more"])
            let featured = try #require(sections[0]["items"] as? [[String: Any]])
            #expect(featured.map { $0["type"] as? String }.filter { $0 == "vimeo" }.count == 12, "all videos of album 1002")
            let story = try #require(featured.first { $0["type"] as? String == "npr" })
            #expect(story["id"] as? String == "901" && story["duration"] as? Int == 720)
            #expect((story["audioUrl"] as? String)?.hasSuffix("/npr/audio/story-720.mp3") == true, "its MP3 as long as listed")
            let cast = try #require(featured.first { $0["type"] as? String == "livestream" })
            #expect(cast["live"] as? Bool == true && (cast["hlsUrl"] as? String)?.hasSuffix("/live-video/index.m3u8") == true)
            let video = try #require(featured.first)
            for key in ["type", "id", "title", "duration", "image", "hlsUrl"] { #expect(video[key] != nil, "video lacks \(key)") }
            let radio = try #require(sections[1]["items"] as? [[String: Any]])
            #expect(radio.prefix(2).map { $0["type"] as? String } == ["station", "station"])
            #expect((radio[0]["streamUrl"] as? String)?.hasSuffix("/radio/classical.mp3") == true)
            let more = try #require(sections[5]["items"] as? [[String: Any]])
            #expect(more.first?["link"] as? String == "https://www.interlochen.org/give")
            // content-meta's skipped entry and NPR's warning are said on stderr, not in the document.
            #expect(outcome.stderr.contains("mediakit: warning: content-meta.json: extras[1].content[1]: unknown content type \"podcast\", skipped"),
                    "\(outcome.stderr)")
            #expect(!outcome.stderr.contains("sample-password") && !outcome.stdout.contains("sample-key"))
            // The Basic credentials reached content-meta.json.
            let meta = try #require(run.server.statistics.requests.first { $0.path == "/data/content-meta.json" })
            #expect(meta.status == 200 && meta.authorizationScheme == "Basic")
        }
    }

    @Test("without the right credentials: one line naming content-meta's auth error, exit 1")
    func authError() async throws {
        try await Self.withSample { run in
            let outcome = try await run(["section", "featured"], password: "wrong")
            #expect(outcome.status == 1)
            #expect(outcome.stderr.hasPrefix("mediakit: error: content-meta: HTTP 401"), "\(outcome.stderr)")
            #expect(outcome.stderr.split(separator: "\n").count == 1 && !outcome.stderr.contains("wrong"))
            #expect(outcome.stdout.isEmpty)
        }
    }

    @Test("4 h: at 3 h 59 min no request for content-meta; at 4 h 01 min one; a 500 with a stored copy uses the copy")
    func freshnessAndFallback() async throws {
        try await Self.withSample { run in
            func metaRequests() -> Int { run.paths.filter { $0 == "/data/content-meta.json" }.count }
            #expect(try await run(["more"], now: "2026-11-23T10:00:00Z").status == 0)
            #expect(metaRequests() == 1)
            let at359 = try await run(["more", "--json"], now: "2026-11-23T13:59:00Z")
            #expect(try json(at359)["contentMetaSource"] as? String == "store")
            #expect(metaRequests() == 1)
            #expect(try await run(["more"], now: "2026-11-23T14:01:00Z").status == 0)
            #expect(metaRequests() == 2)
            run.server.setFaults([FaultRule(path: "/data/content-meta.json", fault: .status(code: 500, times: 10))])
            let failed = try await run(["more", "--json"], now: "2026-11-23T18:30:00Z")
            #expect(failed.status == 0, "\(failed.stderr)")
            #expect(try json(failed)["contentMetaSource"] as? String == "store")
            #expect(failed.stderr.contains("mediakit: warning: content-meta: HTTP 500")
                && failed.stderr.contains("using the copy stored at 2026-11-23T14:01:00Z"), "\(failed.stderr)")
        }
    }

    @Test("radio --page: stations, then NPR pages by 1-based startNum; search through Vimeo; offline uses the store")
    func radioSearchOffline() async throws {
        try await Self.withSample { run in
            let second = try await run(["radio", "--page", "2", "--json"])
            #expect(second.status == 0, "\(second.stderr)")
            let document = try json(second)
            #expect((document["stations"] as? [[String: Any]])?.map { $0["id"] as? String } == ["classical", "news"])
            let stories = try #require(document["stories"] as? [[String: Any]])
            #expect(stories.map { $0["id"] as? String } == (11...20).map { "\(1100 + $0 - 1)" })
            #expect(stories.contains { $0["audioUrl"] == nil }, "an unplayable story has no audioUrl")
            let starts = run.server.statistics.requests.filter { $0.path == "/npr/query" }
                .compactMap { $0.queryParameters.first { $0.name == "startNum" }?.value }
            #expect(starts == ["1", "11"])
            let search = try await run(["search", "night", "--json"])
            #expect(search.status == 0, "\(search.stderr)")
            #expect((try json(search)["items"] as? [[String: Any]])?.isEmpty == false)
            let count = run.server.statistics.requestCount
            let offline = try await run(["radio", "--offline", "--json"], now: "2026-11-24T10:00:00Z")
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(try json(offline)["contentMetaSource"] as? String == "store")
            #expect(run.server.statistics.requestCount == count, "offline: no request")
        }
    }

    @Test("HDRelay (issue 19): \"type\": \"hdrelay\" with hlsUrl and live in JSON, a row in the text table; podcast still skipped")
    func hdRelay() async throws {
        try await Self.withSample { run in
            let outcome = try await run(["section", "performances", "--json"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let section = try #require(try json(outcome)["section"] as? [String: Any])
            let groups = try #require(section["groups"] as? [[String: Any]])
            let live = try #require(groups.first { $0["title"] as? String == "Live" }?["items"] as? [[String: Any]])
            #expect(live.map { $0["type"] as? String } == ["livestream", "hdrelay"], "beside the cast, in the file's order")
            let relay = try #require(live.last)
            #expect(relay["id"] as? String == "chapel" && relay["title"] as? String == "Chapel concert (HDRelay)")
            #expect(relay["live"] as? Bool == true)
            #expect(relay["hlsUrl"] as? String == run.server.baseURL.absoluteString + "/live-video/index.m3u8")
            #expect((relay["image"] as? String)?.hasSuffix("/pictures/pink_200.jpg") == true)
            #expect(relay["description"] as? String == "The chapel concert, relayed live in HD.")
            #expect(!run.paths.contains { $0.contains("chapel") || $0.hasPrefix("/live-video/") }, "nothing fetched for it")

            let text = try await run(["section", "performances"])
            #expect(text.status == 0, "\(text.stderr)")
            let row = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("hdrelay") }, "\(text.stdout)")
            #expect(row.contains("chapel") && row.contains("Chapel concert (HDRelay)")
                    && row.contains("LIVE " + run.server.baseURL.absoluteString + "/live-video/index.m3u8"), "\(row)")
            #expect(text.stderr.contains("unknown content type \"podcast\", skipped") && !text.stderr.contains("hdrelay"),
                    "\(text.stderr)")
        }
    }

    @Test("HDRelay: entries without a playable http(s) stream are skipped with a warning; unknown types too; exit 0")
    func hdRelayHostile() async throws {
        let file = """
        {"performances": [{"category": "Relays", "content": [
          {"type": "hdrelay", "id": "a", "title": "\\u001b[2JCleared", "hlsUrl": "file:///etc/passwd"},
          {"type": "hdrelay", "id": "b", "title": "No stream"},
          {"type": "hdrelay", "id": "c", "title": "On demand", "hlsUrl": "https://relay.example/c.m3u8", "live": false},
          {"type": "youtube", "id": "d"}]}]}
        """
        let server = try await StreamServer.start(routes: RouteTable(routes: [
            Route(path: "/data/content-meta.json", response: RouteResponse(string: file)),
        ]))
        let directory = TestScratch.root.appendingPathComponent("mediakit-hdrelay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome: ProcessRunner.Outcome
        do {
            outcome = try await ProcessRunner.run(try #require(Self.binary), [
                "interlochen", "section", "performances", "--json", "--content-url", server.baseURL.absoluteString + "/data/content-meta.json",
                "--store", directory.appendingPathComponent("store.sqlite").path, "--timeout", TestBounds.clientTimeoutArgument])
        } catch {
            try await server.shutdown()
            throw error
        }
        try await server.shutdown()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let items = try #require((try json(outcome)["section"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.map { $0["id"] as? String } == ["c"])
        #expect(items.first?["live"] as? Bool == false && items.first?["description"] == nil)
        #expect(outcome.stderr.contains("performances[0].content[0]: an hdrelay entry whose hlsUrl is not an http(s) address, skipped"),
                "\(outcome.stderr)")
        #expect(outcome.stderr.contains("performances[0].content[1]: an hdrelay entry without an hlsUrl, skipped"))
        #expect(outcome.stderr.contains("performances[0].content[3]: unknown content type \"youtube\", skipped"))
        #expect(!outcome.stdout.contains("\u{1B}") && !outcome.stderr.contains("\u{1B}") && !outcome.stderr.contains("/etc/passwd"))
    }

    @Test("usage: a section that does not exist, no --content-url: exit 64")
    func usage() async throws {
        let binary = try #require(Self.binary)
        let unknown = try await ProcessRunner.run(binary, ["interlochen", "section", "radios", "--content-url", "http://127.0.0.1:9/x"])
        #expect(unknown.status == 64 && unknown.stderr.contains("unknown section 'radios'"), "\(unknown.stderr)")
        let missing = try await ProcessRunner.run(binary, ["interlochen", "sections"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(missing.status == 64 && missing.stderr.contains("--content-url is required"), "\(missing.stderr)")
    }
}
