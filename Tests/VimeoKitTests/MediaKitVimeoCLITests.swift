import Foundation
import StreamServer
import Testing
import TestSupport

/// `mediakit vimeo …`, the built binary, against the sample routes on 127.0.0.1: the issue's command line,
/// its `--json` keys, the freshness cases counted in the server's requests, one-line errors with exit 1 and
/// the store unchanged, a stalled page failing at the deadline.
@Suite(.enabled(if: ProcessRunner.executable(named: "mediakit") != nil, "mediakit binary not built"), .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct MediaKitVimeoCLITests {
    /// A temporary directory with a store path and the sample whitelist; removed afterwards.
    struct Files {
        let directory: URL
        var store: String { directory.appendingPathComponent("vimeo.sqlite").path }
        var whitelist: String { VimeoSample.directory.appendingPathComponent("albums.json").path }

        init() throws { directory = try makeTemporaryDirectory("VimeoKitTests") }

        /// The store file's bytes (to show it unchanged).
        func storeBytes() -> Data? { try? Data(contentsOf: URL(fileURLWithPath: store)) }
    }

    static func mediakit(_ server: StreamServer, _ files: Files, _ arguments: [String], token: String? = VimeoSample.token,
                         environment: [String: String]? = nil) async throws -> ProcessRunner.Outcome {
        let binary = try #require(ProcessRunner.executable(named: "mediakit"))
        var all = ["vimeo", "--base-url", server.baseURL.absoluteString, "--store", files.store]
        if let token { all += ["--token", token] }
        // A request deadline no loaded machine makes a healthy request miss, unless the test is about one.
        if !arguments.contains("--timeout") { all += ["--timeout", TestBounds.clientTimeoutArgument] }
        // Stdout goes to a file, read after the exit: a page of videos is tens of kB of JSON, more than a pipe
        // holds, and a loaded machine must not truncate what the test reads.
        let output = files.directory.appendingPathComponent("stdout-\(UUID().uuidString).txt")
        var outcome = try await ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"),
                                                  ["-c", "exec \"$0\" \"$@\" > \"$STDOUT_FILE\"", binary.path] + all + arguments,
                                                  environment: (environment ?? ProcessInfo.processInfo.environment)
                                                      .merging(["STDOUT_FILE": output.path]) { _, new in new })
        outcome.stdout = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: output)
        #expect(outcome.sanitizerReport == nil, "\(outcome.stderr)")
        return outcome
    }

    static func document(_ outcome: ProcessRunner.Outcome) throws -> [String: Any] {
        try #require(outcome.status == 0, "exit \(outcome.status): \(outcome.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], "\(outcome.stdout)")
    }

    @Test("albums: every page, the whitelist, the documented keys; then from the store until 2 h, then refreshed")
    func albumsFreshness() async throws {
        let files = try Files()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            let first = try await Self.mediakit(server, files, ["--whitelist", files.whitelist, "--now", "2026-01-01T10:00:00Z", "--json", "albums"])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stderr.isEmpty)
            let document = try Self.document(first)
            #expect(document["source"] as? String == "network")
            #expect(document["fetchedAt"] as? String == "2026-01-01T10:00:00Z")
            let albums = try #require(document["albums"] as? [[String: Any]])
            #expect(albums.map { $0["id"] as? String ?? "" } == ["1001", "1002", "1003", "1004", "1005", "1006"],
                    "listed ones only; 9999 (missing upstream) ignored")
            let album = try #require(albums.first)
            #expect(Set(album.keys) == ["id", "name", "description", "createdTime", "pictures", "videosLink"])
            #expect(album["videosLink"] as? String == "/albums/1001/videos")
            #expect(albums.first { $0["id"] as? String == "1005" }?["videosLink"] == nil, "no videos: no videosLink")
            #expect(server.receivedRequestLines == ["/me/albums?page=1", "/me/albums?page=2", "/me/albums?page=3"])

            // 1 h 59 min later: from the store, no request.
            let fresh = try await Self.mediakit(server, files, ["--whitelist", files.whitelist, "--now", "2026-01-01T11:59:00Z", "albums", "--json"])
            #expect(fresh.status == 0, "\(fresh.stderr)")
            #expect(try Self.document(fresh)["source"] as? String == "store")
            #expect(try Self.document(fresh)["fetchedAt"] as? String == "2026-01-01T10:00:00Z")
            #expect(server.statistics.requests.count == 3)

            // 2 h 01 min later, online: refreshed (three pages again).
            let stale = try await Self.mediakit(server, files, ["--whitelist", files.whitelist, "--now", "2026-01-01T12:01:00Z", "--json", "albums"])
            #expect(try Self.document(stale)["source"] as? String == "network")
            #expect(server.statistics.requests.count == 6)

            // Offline, much later: the stored copy, marked stale, no request.
            let offline = try await Self.mediakit(server, files, ["--whitelist", files.whitelist, "--now", "2026-01-02T12:00:00Z", "--offline", "--json", "albums"])
            #expect(offline.status == 0, "\(offline.stderr)")
            let stored = try Self.document(offline)
            #expect(stored["source"] as? String == "store" && stored["stale"] as? Bool == true)
            #expect(stored["fetchedAt"] as? String == "2026-01-01T12:01:00Z")
            #expect(server.statistics.requests.count == 6)

            // Text output, for people.
            let text = try await Self.mediakit(server, files, ["--whitelist", files.whitelist, "--now", "2026-01-01T12:30:00Z", "albums"])
            #expect(text.stdout.hasPrefix("6 albums\n"))
            #expect(text.stdout.contains("from the store, fetched 2026-01-01T12:01:00Z"))
            #expect(server.statistics.requests.count == 6)
        }
    }

    @Test("me: fetched, then from the store at 23 h 59 min, fetched again at 24 h 01 min")
    func meEvery24Hours() async throws {
        let files = try Files()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            let first = try await Self.mediakit(server, files, ["--now", "2026-01-01T00:00:00Z", "--json", "me"])
            #expect(first.status == 0, "\(first.stderr)")
            let document = try Self.document(first)
            #expect(Set(document.keys) == ["source", "fetchedAt", "stale", "name", "link", "location", "bio", "pictures", "websites", "metadata"])
            #expect((document["pictures"] as? [String])?.isEmpty == false)
            #expect((document["websites"] as? [[String: Any]])?.count == 2)
            #expect(server.receivedRequestLines == ["/me"])
            let almost = try await Self.mediakit(server, files, ["--now", "2026-01-01T23:59:00Z", "--json", "me"])
            #expect(try Self.document(almost)["source"] as? String == "store")
            #expect(server.receivedRequestLines == ["/me"])
            let after = try await Self.mediakit(server, files, ["--now", "2026-01-02T00:01:00Z", "--json", "me"])
            #expect(try Self.document(after)["source"] as? String == "network")
            #expect(server.receivedRequestLines == ["/me", "/me"])
        }
    }

    @Test("videos and search: a page of 25 with the documented keys; the page from the store while fresh")
    func videosAndSearch() async throws {
        let files = try Files()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            let page = try await Self.mediakit(server, files, ["--now", "2026-01-01T00:00:00Z", "--json", "videos", "1001", "--page", "2"])
            #expect(page.status == 0, "\(page.stderr)")
            let document = try Self.document(page)
            #expect(document["source"] as? String == "network")
            #expect(document["page"] as? Int == 2 && document["perPage"] as? Int == 25 && document["total"] as? Int == 60)
            #expect(document["hasMore"] as? Bool == true)
            let videos = try #require(document["videos"] as? [[String: Any]])
            #expect(videos.count == 25)
            let video = try #require(videos.first)
            #expect(Set(video.keys) == ["id", "name", "description", "duration", "width", "height", "createdTime", "pictures",
                                        "tags", "metadataLink", "files", "status"])
            #expect(video["tags"] as? [String] == ["night", "drive"])
            let hls = try #require((video["files"] as? [[String: Any]])?.first { $0["quality"] as? String == "hls" })
            #expect(Set(hls.keys) == ["quality", "type", "width", "height", "link", "linkSecure", "size", "md5"])
            #expect(hls["width"] is NSNull && (hls["linkSecure"] as? String)?.hasSuffix(".m3u8") == true)
            #expect(server.receivedRequestLines == ["/me/albums/1001/videos?page=2&per_page=25"])

            let again = try await Self.mediakit(server, files, ["--now", "2026-01-01T01:59:00Z", "--json", "videos", "1001", "--page", "2"])
            #expect(try Self.document(again)["source"] as? String == "store")
            #expect(server.statistics.requests.count == 1)
            let last = try await Self.mediakit(server, files, ["--now", "2026-01-01T00:00:00Z", "--json", "videos", "1001", "--page", "3"])
            #expect(try Self.document(last)["hasMore"] as? Bool == false)
            #expect((try Self.document(last)["videos"] as? [Any])?.count == 10)

            let search = try await Self.mediakit(server, files, ["--now", "2026-01-01T00:00:00Z", "--json", "search", "night"])
            #expect(search.status == 0, "\(search.stderr)")
            let found = try Self.document(search)
            #expect(found["page"] as? Int == 1 && (found["videos"] as? [Any])?.isEmpty == false)
            #expect(server.receivedRequestLines.last == "/me/videos?query=night&page=1&per_page=25")
        }
    }

    @Test("refresh: stale parts only, everything with --force, nothing while fresh")
    func refresh() async throws {
        let files = try Files()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            let first = try await Self.mediakit(server, files, ["--whitelist", files.whitelist, "--now", "2026-01-01T00:00:00Z", "--json", "refresh"])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(try Self.document(first)["albums"] as? Int == 6)
            let count = server.statistics.requests.count
            #expect(count == 9, "\(server.receivedRequestLines)")
            let fresh = try await Self.mediakit(server, files, ["--whitelist", files.whitelist, "--now", "2026-01-01T01:00:00Z", "--json", "refresh"])
            #expect(try Self.document(fresh)["source"] as? String == "store")
            #expect(server.statistics.requests.count == count)
            let forced = try await Self.mediakit(server, files, ["--whitelist", files.whitelist, "--now", "2026-01-01T01:00:00Z", "refresh", "--force"])
            #expect(forced.status == 0, "\(forced.stderr)")
            #expect(server.statistics.requests.count == 2 * count)
        }
    }

    @Test("401, 404 and 500 bodies: one line naming what failed, exit 1, the store unchanged")
    func errorsLeaveTheStore() async throws {
        let files = try Files()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        let broken = Route(path: "/me/albums", query: .exact(["page": "2"]), auth: .bearer(token: VimeoSample.token),
                           response: RouteResponse(status: 500, string: #"{"error": "Something strange occurred."}"#))
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            let filled = try await Self.mediakit(server, files, ["--now", "2026-01-01T00:00:00Z", "refresh"])
            #expect(filled.status == 0, "\(filled.stderr)")
            let before = try #require(files.storeBytes())
            let base = server.baseURL.absoluteString

            // Fresh albums need no request: a command that must ask (refresh --force).
            let unauthorized = try await Self.mediakit(server, files, ["--now", "2026-01-01T00:10:00Z", "refresh", "--force"], token: "wrong")
            #expect(unauthorized.status == 1)
            #expect(unauthorized.stdout.isEmpty)
            #expect(unauthorized.stderr == "mediakit: error: Vimeo: authentication failed: HTTP 401 Unauthorized: \"A valid user token must be passed.\" (\(base)/me)\n")
            #expect(files.storeBytes() == before)

            let missing = try await Self.mediakit(server, files, ["--now", "2026-01-01T00:10:00Z", "videos", "424242"])
            #expect(missing.status == 1)
            #expect(missing.stderr == "mediakit: error: Vimeo: not found: HTTP 404 Not Found: \"The requested album couldn't be found. (error 5000)\" (\(base)/me/albums/424242/videos?page=1&per_page=25)\n")
            #expect(files.storeBytes() == before)

            server.setRoutes(try VimeoSample.routes(overrides: [broken]))
            let failing = try await Self.mediakit(server, files, ["--now", "2026-01-01T00:10:00Z", "refresh", "--force"])
            #expect(failing.status == 1)
            #expect(failing.stderr == "mediakit: error: Vimeo: server error: HTTP 500 Internal Server Error: \"Something strange occurred.\" (\(base)/me/albums?page=2)\n")
            #expect(files.storeBytes() == before)

            // Offline with nothing stored.
            let empty = try await Self.mediakit(server, files, ["--offline", "search", "night"])
            #expect(empty.status == 1)
            #expect(empty.stderr.hasPrefix("mediakit: error: Vimeo: offline, and ") && empty.stderr.split(separator: "\n").count == 1)
            // No token anywhere.
            let anonymous = try await Self.mediakit(server, files, ["--now", "2026-01-01T00:10:00Z", "refresh", "--force"], token: nil,
                                                    environment: ProcessInfo.processInfo.environment.filter { $0.key != "VIMEO_TOKEN" })
            #expect(anonymous.status == 1)
            #expect(anonymous.stderr == "mediakit: error: Vimeo: authentication failed: no access token (pass --token or set VIMEO_TOKEN)\n")
            #expect(files.storeBytes() == before)
        }
    }

    @Test("a stale copy whose refresh fails (a 500, a stalled page): the copy printed marked stale, one error line, exit 1, the store unchanged")
    func failedRefreshOfAStaleCopy() async throws {
        let files = try Files()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        let broken = Route(path: "/me/albums", query: .exact(["page": "2"]), auth: .bearer(token: VimeoSample.token),
                           response: RouteResponse(status: 500, string: #"{"error": "Something strange occurred."}"#))
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            let filled = try await Self.mediakit(server, files, ["--now", "2026-01-01T00:00:00Z", "albums"])
            #expect(filled.status == 0, "\(filled.stderr)")
            let before = try #require(files.storeBytes())
            let base = server.baseURL.absoluteString

            // 3 h later the albums are stale: fetched again, and page 2 answers 500.
            server.setRoutes(try VimeoSample.routes(overrides: [broken]))
            let failing = try await Self.mediakit(server, files, ["--now", "2026-01-01T03:00:00Z", "albums"])
            #expect(failing.status == 1)
            #expect(failing.stderr == "mediakit: error: Vimeo: server error: HTTP 500 Internal Server Error: \"Something strange occurred.\" (\(base)/me/albums?page=2); the stored copy is used\n")
            #expect(failing.stdout.contains("from the store, fetched 2026-01-01T00:00:00Z (stale)"), "\(failing.stdout)")
            #expect(files.storeBytes() == before)
            let json = try await Self.mediakit(server, files, ["--now", "2026-01-01T03:00:00Z", "--json", "albums"])
            #expect(json.status == 1)
            #expect(json.stderr.split(separator: "\n").count == 1)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(document["source"] as? String == "store" && document["stale"] as? Bool == true)
            #expect(files.storeBytes() == before)

            // A stalled page: the same contract at the deadline.
            server.setRoutes(try VimeoSample.routes())
            server.setFaults([FaultRule(path: "/me/albums", fault: .holdUntilReleased)])
            let stalled = try await Self.mediakit(server, files, ["--now", "2026-01-01T03:00:00Z", "--timeout", "2", "albums"])
            #expect(stalled.status == 1)
            #expect(stalled.stderr.hasPrefix("mediakit: error: Vimeo: ") && stalled.stderr.split(separator: "\n").count == 1, "\(stalled.stderr)")
            #expect(stalled.stdout.contains("(stale)"))
            #expect(files.storeBytes() == before)
            _ = server.releaseHeld()
        }
    }

    @Test("the token from VIMEO_TOKEN, never printed; usage errors exit 64")
    func tokenAndUsage() async throws {
        let files = try Files()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            var environment = ProcessInfo.processInfo.environment
            environment["VIMEO_TOKEN"] = VimeoSample.token
            let outcome = try await Self.mediakit(server, files, ["--json", "me"], token: nil, environment: environment)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(server.statistics.requests.first?.authorizationScheme == "Bearer")
            #expect(!outcome.stdout.contains(VimeoSample.token) && !outcome.stderr.contains(VimeoSample.token))
            for arguments in [["videos"], ["videos", "1001", "--page", "0"], ["search", " "], ["bogus"], []] {
                let usage = try await Self.mediakit(server, files, arguments)
                #expect(usage.status == 64, "\(arguments): \(usage.stderr)")
            }
        }
    }

    @Test("a stalled page: an error within the deadline, the store unchanged")
    func stalledPage() async throws {
        let files = try Files()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        // Page 1 points on to a page whose path the server holds.
        let page1 = try VimeoSample.text("albums/page-1.json").replacingOccurrences(of: #""next": "/me/albums?page=2""#,
                                                                                    with: #""next": "/me/stalled-albums?page=2""#)
        let overrides = [Route(path: "/me/albums", query: .exact(["page": "1"]), auth: .bearer(token: VimeoSample.token),
                               response: RouteResponse(string: page1, template: true)),
                         Route(path: "/me/stalled-albums", response: RouteResponse(string: "{}"))]
        try await withStreamServer(routes: try VimeoSample.routes()) { server in
            _ = try await Self.mediakit(server, files, ["--now", "2026-01-01T00:00:00Z", "albums"])
            let before = try #require(files.storeBytes())
            server.setRoutes(try VimeoSample.routes(overrides: overrides))
            server.setFaults([FaultRule(path: "/me/stalled-albums", fault: .holdUntilReleased)])
            // The deadline runs in mediakit from before it connects: on a loaded machine a short one can pass
            // before the request reaches the server. Such a run proves nothing about a stalled page, so it is
            // repeated with a longer deadline; each run's own record at the server decides, never the clock.
            var reached = false
            for seconds in ["1", "4", "10"] where !reached {
                let outcome = try await Self.mediakit(server, files, ["--now", "2026-01-01T00:30:00Z", "--timeout", seconds, "refresh", "--force"])
                #expect(outcome.status == 1)
                #expect(outcome.stderr == "mediakit: error: Vimeo: timed out after \(seconds) s (\(server.baseURL.absoluteString)/me/stalled-albums?page=2)\n")
                #expect(files.storeBytes() == before)
                // The held request is recorded once the server sees the client close it (asynchronously).
                await server.waitForStatistics { $0.currentRequests == 0 }
                reached = server.statistics.requests.contains { $0.path == "/me/stalled-albums" && !$0.completed }
            }
            #expect(reached, "the stalled page was never requested, even with a 10 s deadline")
            _ = server.releaseHeld()
        }
    }
}
