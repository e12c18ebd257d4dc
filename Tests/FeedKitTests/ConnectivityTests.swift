import FeedCore
import Foundation
import StreamServer
import Testing
import TestSupport
@testable import FeedKit

/// The connectivity check: a TCP connect to the base URL's host, and the forced answer of `--offline`.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct ConnectivityTests {
    @Test func aListeningServerIsOnlineAndAClosedPortOffline() async throws {
        let server = try await StreamServer.start(content: .files([:]))
        let url = server.url(for: "/api")
        #expect(await HostConnectivityCheck(url: url, timeout: .seconds(2)).check() == .online)
        // Nothing is requested: the check only opens and closes a connection.
        #expect(await waitUntil { server.statistics.connectionsAccepted >= 1 && server.statistics.openConnections == 0 })
        #expect(server.statistics.requestCount == 0)
        try await server.shutdown()
        #expect(await HostConnectivityCheck(url: url, timeout: .seconds(2)).check() == .offline)
    }

    @Test func forcedAnswersAndURLsWithoutAHost() async {
        #expect(await FixedConnectivity(.offline).check() == .offline)
        #expect(await FixedConnectivity(.online).check() == .online)
        #expect(await HostConnectivityCheck(url: URL(fileURLWithPath: "/tmp")).check() == .offline)
    }
}
