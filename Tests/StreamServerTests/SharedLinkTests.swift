import Foundation
import Testing
import TestSupport
@testable import StreamServer

/// The shared link: concurrent bodies share one rate (a slow network), unlike the per-response throttle.
@Suite struct SharedLinkTests {
    @Test func concurrentBodiesShareTheRate() async throws {
        // Two 20 000-byte bodies at once behind a 40 000 B/s link: 40 000 bytes take at least ~1 s in all (a
        // per-response throttle would let both finish after 0.5 s).
        let body = Fixtures.bytes(20_000, seed: 4)
        try await withStreamServer(content: .files(["/a.ts": ServedFile(data: body, path: "/a.ts"),
                                              "/b.ts": ServedFile(data: body, path: "/b.ts")]), faults: []) { server in
            server.setLinkRate(bytesPerSecond: 40_000)
            #expect(server.linkRate == 40_000)
            let started = ContinuousClock.now
            async let a = RawHTTPConnection.fetch(port: server.port, "GET", "/a.ts")
            async let b = RawHTTPConnection.fetch(port: server.port, "GET", "/b.ts")
            let (first, second) = try await (a, b)
            let took = ContinuousClock.now - started
            #expect(first.body == body)
            #expect(second.body == body)
            #expect(took >= .milliseconds(850), "took \(took)")
        }
    }

    @Test func liftingTheLimitSpeedsUpABodyUnderWay() async throws {
        // 2 MB at 1 kB/s would take over half an hour: the body can only arrive within the anti-hang bound if
        // lifting the limit frees the rest of it (no wall-clock judgement).
        let body = Fixtures.bytes(2_000_000, seed: 5)
        try await withStreamServer(content: .files(["/big.ts": ServedFile(data: body, path: "/big.ts")]), faults: []) { server in
            server.setLinkRate(bytesPerSecond: 1_000)
            async let response = RawHTTPConnection.fetch(port: server.port, "GET", "/big.ts")
            // Under way: the first bytes went out at the limited rate.
            #expect(await server.waitForStatistics { $0.bodyBytesSent > 0 }.bodyBytesSent > 0)
            server.setLinkRate(bytesPerSecond: nil)
            #expect(server.linkRate == nil)
            let result = try await response
            #expect(result.body == body)
        }
    }

    @Test func reservationsAreFirstComeFirstServed() {
        let link = SharedLink()
        #expect(link.reserve(1000) == nil, "no limit: no wait")
        link.setRate(1000)
        let first = link.reserve(500)
        let second = link.reserve(500)
        #expect(first != nil && second != nil)
        if let first, let second {
            #expect(second.uptimeNanoseconds - first.uptimeNanoseconds == 500_000_000)
        }
    }
}
