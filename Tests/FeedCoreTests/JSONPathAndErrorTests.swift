import Foundation
import Testing
@testable import FeedCore

/// JSON paths in decoding errors, and the one-line descriptions of ``FeedError``.
@Suite struct JSONPathAndErrorTests {
    struct Feed: Decodable { var category_highlights: Highlights }
    struct Highlights: Decodable { var elements: [Element] }
    struct Element: Decodable { var id: String; var versions: [Version]? }
    struct Version: Decodable { var duration: DurationBox }
    struct DurationBox: Decodable { var value: ISO8601Duration }

    private func failure(_ json: String) -> FeedError.Kind? {
        do {
            _ = try FeedJSON.decode(Feed.self, from: Data(json.utf8))
            return nil
        } catch {
            return error.kind
        }
    }

    @Test func aBadDurationDeepInTheFeedIsNamedByItsPath() {
        let good = #"{"id": "a", "versions": [{"duration": {"value": "PT1M"}}]}"#
        let bad = #"{"id": "d", "versions": [{"duration": {"value": "PT5X"}}]}"#
        let json = #"{"category_highlights": {"elements": [\#(good), \#(good), \#(good), \#(bad)]}}"#
        guard case .decoding(let path, let reason) = failure(json) else {
            Issue.record("expected a decoding failure")
            return
        }
        #expect(path == "category_highlights.elements[3].versions[0].duration.value")
        #expect(reason.contains("PT5X"))
        #expect(reason.contains("ISO 8601 duration"))
    }

    @Test func missingKeysTypeMismatchesAndNullsAreNamed() {
        #expect(failure(#"{"category_highlights": {}}"#) == .decoding(path: "category_highlights.elements", reason: "missing"))
        #expect(failure(#"{"category_highlights": {"elements": [{"id": 5}]}}"#)
            == .decoding(path: "category_highlights.elements[0].id", reason: "expected a string, got number"))
        guard case .decoding(let path, let reason) = failure(#"{"category_highlights": {"elements": [{"id": null}]}}"#) else {
            Issue.record("expected a decoding failure")
            return
        }
        #expect(path == "category_highlights.elements[0].id")
        #expect(reason.contains("null"))
    }

    @Test func bodiesThatAreNotJSONSayWhy() {
        let truncated = #"{"category_highlights": {"elements": [{"id": "a", "ver"#
        guard case .invalidJSON(let reason) = failure(truncated) else {
            Issue.record("expected invalid JSON")
            return
        }
        #expect(reason.contains("truncated"), "\(reason)")
        #expect(failure("<html><body>500 Internal Server Error</body></html>")
            == .invalidJSON(reason: "the body is HTML or XML, not JSON"))
        #expect(failure("") == .invalidJSON(reason: "empty body"))
    }

    @Test func pathsRenderIndicesAndQuoteNonIdentifierKeys() {
        let path = JSONPath([.key("story"), .index(0), .key("title"), .key("$text")])
        #expect(path.description == "story[0].title[\"$text\"]")
        #expect(JSONPath([.index(2), .key("a")]).description == "[2].a")
        #expect(JSONPath().description == "")
        #expect(JSONPath([.key("0")]).description == "[\"0\"]")
    }

    @Test func errorDescriptionsAreOneLineWithServiceWhatAndWhere() {
        let url = "http://127.0.0.1:8080/ibl/v1/categories?rights=mobile"
        #expect(FeedError(service: "iBL", url: url, kind: .httpStatus(code: 500, apiMessage: nil)).description
            == "iBL: HTTP 500 Internal Server Error (\(url))")
        #expect(FeedError(service: "iBL", url: url, kind: .httpStatus(code: 404, apiMessage: "No such\ncategory  'x'")).description
            == "iBL: HTTP 404 Not Found: \"No such category 'x'\" (\(url))")
        #expect(FeedError(service: "Vimeo", url: nil, kind: .timeout(seconds: 2)).description
            == "Vimeo: timed out after 2 s")
        #expect(FeedError(service: "NPR", url: url, kind: .timeout(seconds: 0.5)).description
            == "NPR: timed out after 0.5 s (\(url))")
        #expect(FeedError(service: "iBL", url: url, kind: .decoding(path: "a[1].b", reason: "missing")).description
            == "iBL: unexpected JSON at a[1].b: missing (\(url))")
        #expect(!FeedError(service: "x", url: nil, kind: .httpStatus(code: 500, apiMessage: String(repeating: "m", count: 500)))
            .description.contains(String(repeating: "m", count: 201)))
    }

    @Test func transientFailuresAreTheNetworksAndTheServers() {
        func transient(_ kind: FeedError.Kind) -> Bool { FeedError(service: "s", url: nil, kind: kind).isTransient }
        #expect(transient(.offline))
        #expect(transient(.timeout(seconds: 1)))
        #expect(transient(.unreachable(reason: "refused")))
        #expect(transient(.httpStatus(code: 503, apiMessage: nil)))
        #expect(transient(.httpStatus(code: 429, apiMessage: nil)))
        #expect(!transient(.httpStatus(code: 404, apiMessage: nil)))
        #expect(!transient(.httpStatus(code: 401, apiMessage: nil)))
        #expect(!transient(.decoding(path: "a", reason: "b")))
        #expect(!transient(.pagingLoop(page: "page 2")))
    }
}
