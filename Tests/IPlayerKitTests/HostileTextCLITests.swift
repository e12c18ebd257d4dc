import Foundation
import StreamServer
import Testing
import TestSupport

/// Issue 20: feed text with terminal escapes (a title that would retitle the terminal, clear the screen and
/// change the colour) reaches `mediakit`'s text tables, details and error lines escaped: no raw ESC byte.
@Suite(.enabled(if: MediaKitBinary.url != nil, "mediakit binary not built"), .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct HostileTextCLITests {
    /// The issue's station name, as JSON text (`\u001b` is ESC, `\u0007` BEL) and as printed.
    static let hostileJSON = #"Evil\u001b]0;PWNED\u0007\u001b[2J\u001b[31mRED\u202eeman"#
    static let printed = #"Evil\e]0;PWNED\x07\e[2J\e[31mRED\u{202e}eman"#

    @Test("hostile category titles: the table shows them escaped, JSON escapes them, no ESC byte anywhere")
    func hostileTitlesInTables() async throws {
        let categories = Route(path: "/ibl/v1/categories", response: RouteResponse(string: """
            {"version": "1.0", "categories": [{"id": "arts", "title": "\(Self.hostileJSON)", "type": "category"},
                                              {"id": "news", "title": "News", "type": "category"}]}
            """))
        let failing = Route(path: "/ibl/v1/categories/news/highlights", response: RouteResponse(
            status: 404, string: #"{"error": {"details": "\#(Self.hostileJSON)", "http_response_code": 404}}"#))
        try await withStreamServer(routes: try sampleRoutes(extra: [categories, failing])) { server async throws in
            let base = server.baseURL.absoluteString
            let table = try await MediaKitCLITests.run(["iplayer", "categories", "--base-url", base])
            #expect(table.status == 0, "\(table.stderr)")
            #expect(!table.stdout.utf8.contains(0x1B) && !table.stderr.utf8.contains(0x1B))
            #expect(table.stdout.contains("arts  " + Self.printed), "\(table.stdout)")
            #expect(!table.stdout.unicodeScalars.contains("\u{202E}"))

            let json = try await MediaKitCLITests.run(["iplayer", "categories", "--base-url", base, "--json"])
            #expect(json.status == 0)
            #expect(!json.stdout.utf8.contains(0x1B))

            let error = try await MediaKitCLITests.run(["iplayer", "highlights", "news", "--base-url", base])
            #expect(error.status == 1)
            #expect(!error.stderr.utf8.contains(0x1B) && !error.stderr.utf8.contains(0x07))
            #expect(error.stderr.contains(Self.printed), "\(error.stderr)")
            #expect(error.stderr.split(separator: "\n").count == 1)
        }
    }
}
