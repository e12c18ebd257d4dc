import Foundation
import Testing
@testable import FeedCore

/// Building request URLs and redacting secrets from them.
@Suite struct URLTests {
    @Test func buildsTheSeedsRequestsExactly() throws {
        let base = URL(string: "http://ibl.api.bbc.co.uk")!
        #expect(try FeedURL.make(base: base, path: ["ibl", "v1", "categories"], query: [QueryItem("rights", "mobile")])
            .absoluteString == "http://ibl.api.bbc.co.uk/ibl/v1/categories?rights=mobile")
        let highlights = try FeedURL.make(
            base: base, path: ["ibl", "v1", "categories", "documentaries", "highlights"],
            query: [QueryItem("lang", "en"), QueryItem("rights", "mobile"), QueryItem("availability", "available")])
        #expect(highlights.absoluteString
            == "http://ibl.api.bbc.co.uk/ibl/v1/categories/documentaries/highlights?lang=en&rights=mobile&availability=available")
    }

    @Test func keepsTheBasePathAndEncodesSegmentsAndValuesAsData() throws {
        #expect(try FeedURL.make(base: URL(string: "http://127.0.0.1:8080/mirror/")!, path: ["a b", "c/d", "e?f#g%"])
            .absoluteString == "http://127.0.0.1:8080/mirror/a%20b/c%2Fd/e%3Ff%23g%25")
        #expect(try FeedURL.make(base: URL(string: "http://h/x?old=1#frag")!, path: ["y"]).absoluteString == "http://h/x/y")
        #expect(try FeedURL.make(base: URL(string: "http://h")!, path: []).absoluteString == "http://h/")
        let query = try FeedURL.make(base: URL(string: "https://h")!, path: ["q"],
                                     query: [QueryItem("query", "rock & roll+jazz=1"), QueryItem("é", "ü~")])
        #expect(query.absoluteString == "https://h/q?query=rock%20%26%20roll%2Bjazz%3D1&%C3%A9=%C3%BC~")
        #expect(throws: FeedError.Kind.self) { try FeedURL.make(base: URL(string: "ftp://h")!, path: ["a"]) }
        #expect(throws: FeedError.Kind.self) { try FeedURL.make(base: URL(fileURLWithPath: "/tmp"), path: ["a"]) }
    }

    @Test func redactsUserInfoAndSecretParameters() {
        #expect(URLRedaction.redact("https://me:secret@host/a") == "https://***@host/a")
        #expect(URLRedaction.redact("https://me@host:8080/a?x=1") == "https://***@host:8080/a?x=1")
        #expect(URLRedaction.redact("https://api.npr.org/query?id=1&apiKey=abc123&output=JSON")
            == "https://api.npr.org/query?id=1&apiKey=***&output=JSON")
        #expect(URLRedaction.redact("http://h/p?access_token=t&API-KEY=k&token=z#f") == "http://h/p?access_token=***&API-KEY=***&token=***#f")
        #expect(URLRedaction.redact("http://h/p?monkey=1&keys=2") == "http://h/p?monkey=1&keys=2")
        #expect(URLRedaction.redact("http://h/a@b") == "http://h/a@b")
        #expect(URLRedaction.redact(URL(string: "http://u:p@h/")!) == "http://***@h/")
    }
}
