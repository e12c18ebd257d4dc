import FeedCore
import FeedKit
import Foundation
import IPlayerCore
import StreamServer
import Testing
import TestSupport
@testable import IPlayerKit

/// The iBL client: the seed's requests exactly, iBL's error messages, and the sample catalog end to end.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct IPlayerKitTests {
    @Test func sendsTheSeedsRequestsExactly() async throws {
        let stub = StubTransport { _ in .json(#"{"categories": [], "category_highlights": {"elements": []}}"#) }
        let ibl = IPlayerClient(transport: stub)
        _ = try await ibl.categories()
        _ = try await ibl.highlights(category: "documentaries")
        #expect(await stub.requests.map(\.url.absoluteString) == [
            "http://ibl.api.bbc.co.uk/ibl/v1/categories?rights=mobile",
            "http://ibl.api.bbc.co.uk/ibl/v1/categories/documentaries/highlights?lang=en&rights=mobile&availability=available",
        ])
        let prefixed = IPlayerClient(baseURL: URL(string: "http://127.0.0.1:9/mirror/")!, transport: stub)
        #expect(try prefixed.highlightsURL(category: "a/b c").absoluteString
            == "http://127.0.0.1:9/mirror/ibl/v1/categories/a%2Fb%20c/highlights?lang=en&rights=mobile&availability=available")
        #expect(try prefixed.categoriesURL().absoluteString == "http://127.0.0.1:9/mirror/ibl/v1/categories?rights=mobile")
    }

    @Test func errorsAreIBLsWithItsOwnMessageAndTheJSONPath() async throws {
        let stub = StubTransport([
            "http://ibl.test/ibl/v1/categories?rights=mobile":
                .status(503, body: #"{"error": {"details": "Service temporarily unavailable", "http_response_code": 503}}"#),
            "http://ibl.test/ibl/v1/categories/arts/highlights?lang=en&rights=mobile&availability=available":
                .json(#"{"category_highlights": {"elements": [{"type": "episode", "id": "e", "title": "T", "versions": [{"duration": {"value": "PTX"}}]}]}}"#),
        ])
        let ibl = IPlayerClient(baseURL: URL(string: "http://ibl.test")!, transport: stub)
        do {
            _ = try await ibl.categories()
            Issue.record("no error")
        } catch let error as FeedError {
            #expect(error.description
                == "iBL: HTTP 503 Service Unavailable: \"Service temporarily unavailable\" (http://ibl.test/ibl/v1/categories?rights=mobile)")
        }
        do {
            _ = try await ibl.highlights(category: "arts")
            Issue.record("no error")
        } catch let error as FeedError {
            guard case .decoding(let path, _) = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "category_highlights.elements[0].versions[0].duration.value")
            #expect(error.service == "iBL")
        }
    }

    @Test func theSampleCatalogServedByRoutesDecodesAndItsImagesLoad() async throws {
        try await withStreamServer(routes: try sampleRoutes()) { server async throws in
            try await AsyncHTTPTransport.withTransport { transport async throws in
                let ibl = IPlayerClient(baseURL: server.baseURL, transport: transport)
                let categories = try await ibl.categories()
                #expect(categories.count == 6)
                for category in categories {
                    let highlights = try await ibl.highlights(category: category.id)
                    #expect(highlights.category?.id == category.id)
                    for row in highlights.elements.map(HighlightRow.init) {
                        let url = try #require(row.imageURL(width: 160))
                        #expect(url.absoluteString.hasPrefix(server.baseURL.absoluteString + "/images/ic/160x90/"))
                        let image = try await FeedHTTPClient(service: "ImageChef", baseURL: server.baseURL,
                                                             transport: transport).get(url: url)
                        #expect(image.body.starts(with: [0xFF, 0xD8, 0xFF]), "\(url)")
                        #expect(image.headers["Content-Type"] == "image/jpeg")
                    }
                }
            }
            let highlightRequests = server.statistics.requests.filter { $0.path.hasSuffix("/highlights") }
            #expect(highlightRequests.count == 6)
            #expect(highlightRequests.allSatisfy { $0.query == "lang=en&rights=mobile&availability=available" })
        }
    }
}
