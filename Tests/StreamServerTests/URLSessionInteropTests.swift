import Foundation
import Testing
import TestSupport
@testable import StreamServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server as an ordinary client library sees it.
@Suite("URLSession interoperability")
struct URLSessionInteropTests {
    static let segment = Fixtures.bytes(70_000, seed: 21)

    @Test func fullAndRangedGetsOverKeptAliveConnections() async throws {
        let files = ServerContent.files(["/s/seg0.ts": ServedFile(data: Self.segment, path: "/s/seg0.ts")])
        try await withStreamServer(content: files) { server in
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = 10  // fail fast instead of after 60 s
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }

            let (full, fullResponse) = try await session.data(from: server.url(for: "/s/seg0.ts"))
            let fullHTTP = try #require(fullResponse as? HTTPURLResponse)
            #expect(fullHTTP.statusCode == 200)
            #expect(Fixtures.mismatch(Array(full), Self.segment) == nil)
            #expect(fullHTTP.value(forHTTPHeaderField: "Content-Type") == "video/mp2t")

            var request = URLRequest(url: server.url(for: "/s/seg0.ts"))
            request.setValue("bytes=65530-65545", forHTTPHeaderField: "Range")
            let (part, partResponse) = try await session.data(for: request)
            let partHTTP = try #require(partResponse as? HTTPURLResponse)
            #expect(partHTTP.statusCode == 206)
            #expect(Array(part) == Array(Self.segment[65530...65545]))
            #expect(partHTTP.value(forHTTPHeaderField: "Content-Range") == "bytes 65530-65545/70000")

            let (_, missing) = try await session.data(from: server.url(for: "/s/none.ts"))
            #expect((missing as? HTTPURLResponse)?.statusCode == 404)

            let stats = server.statistics
            #expect(stats.requestCount == 3)
            // Sequential requests from one session reuse one connection.
            #expect(stats.connectionsAccepted == 1)
        }
    }
}
