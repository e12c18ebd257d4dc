import Foundation
import Testing
import TestSupport
@testable import StreamServer

@Suite("Concurrency and connection accounting")
struct AccountingTests {
    static let content = ServerContent.files([
        "/slow0.ts": ServedFile(data: Fixtures.bytes(1000, seed: 1), path: "/slow0.ts"),
        "/slow1.ts": ServedFile(data: Fixtures.bytes(1000, seed: 2), path: "/slow1.ts"),
        "/slow2.ts": ServedFile(data: Fixtures.bytes(1000, seed: 3), path: "/slow2.ts"),
        "/fast.ts": ServedFile(data: Fixtures.bytes(1000, seed: 4), path: "/fast.ts"),
    ])
    /// Requests to /slow* wait at the server until the test releases them, so "in flight at once"
    /// does not depend on timing.
    static let slow = FaultRule(path: "/slow*", fault: .holdUntilReleased)

    @Test func concurrentRequestsAreCountedExactly() async throws {
        try await withStreamServer(content: Self.content, faults: [Self.slow]) { server in
            var connections: [RawHTTPConnection] = []
            for index in 0..<3 {
                let connection = try await RawHTTPConnection.connect(port: server.port)
                try await connection.sendRequest("GET", "/slow\(index).ts")
                connections.append(connection)
            }
            let busy = await server.waitForStatistics { $0.heldRequests == 3 }
            #expect(busy.heldRequests == 3)
            #expect(busy.currentRequests == 3)
            #expect(busy.openConnections == 3)
            #expect(server.releaseHeld() == 3)
            for (index, connection) in connections.enumerated() {
                let response = try await connection.readResponse()
                #expect(response.body == Fixtures.bytes(1000, seed: UInt32(index + 1)))
                await connection.close()
            }
            let done = await server.waitForStatistics { $0.openConnections == 0 }
            #expect(done.currentRequests == 0)
            #expect(done.maxConcurrentRequests == 3)
            #expect(done.requestCount == 3)
            #expect(done.connectionsAccepted == 3)
            #expect(done.maxOpenConnections == 3)
            #expect(Set(done.requests.map(\.connectionID)) == [1, 2, 3])
        }
    }

    @Test func twoAtATimeOnTwoKeptAliveConnections() async throws {
        try await withStreamServer(content: Self.content, faults: [Self.slow]) { server in
            let pair = [
                try await RawHTTPConnection.connect(port: server.port),
                try await RawHTTPConnection.connect(port: server.port),
            ]
            for round in 0..<3 {
                try await pair[0].sendRequest("GET", "/slow0.ts")
                try await pair[1].sendRequest("GET", "/slow1.ts")
                let busy = await server.waitForStatistics { $0.heldRequests == 2 }
                #expect(busy.currentRequests == 2, "round \(round)")
                // Release one at a time: the other stays in flight meanwhile.
                #expect(server.releaseHeld(1, matching: "/slow1.ts") == 1)
                _ = try await pair[1].readResponse()
                #expect(server.statistics.currentRequests == 1, "round \(round)")
                #expect(server.releaseHeld() == 1)
                _ = try await pair[0].readResponse()
            }
            #expect(server.statistics.maxConcurrentRequests == 2)
            #expect(server.statistics.requestCount == 6)
            // One request alone is one in flight.
            server.resetStatistics()
            try await pair[0].sendRequest("GET", "/fast.ts")
            _ = try await pair[0].readResponse()
            let single = server.statistics
            #expect(single.maxConcurrentRequests == 1)
            #expect(single.requestCount == 1)
            #expect(single.openConnections == 2)
            #expect(single.maxOpenConnections == 2)
            #expect(single.connectionsAccepted == 0)  // reset, and no new connection since
            for connection in pair {
                await connection.close()
            }
            let done = await server.waitForStatistics { $0.openConnections == 0 }
            #expect(done.openConnections == 0)
            #expect(done.currentRequests == 0)
        }
    }

    @Test func aClientClosingMidDelayIsAccounted() async throws {
        // The longest delay there is (a minute): the client certainly closes while the server still waits it
        // out, however slow the machine. The close must cancel the delay's timer, so it can never fire into the
        // closed connection or count the request twice. The server handles the close in one step on the
        // connection's event loop (the timer cancelled, the request recorded as abandoned, the connection
        // counted closed), so once the close shows in the statistics, the count of armed delay timers must be
        // back to 0: no sleeping past the delay to see whether it fires.
        let delay = FaultRule(path: "/slow*", fault: .delay(seconds: Fault.maximumDelaySeconds))
        try await withStreamServer(content: Self.content, faults: [delay]) { server in
            let connection = try await RawHTTPConnection.connect(port: server.port)
            try await connection.sendRequest("GET", "/slow0.ts")
            let waiting = await server.waitForStatistics { $0.delayedRequests == 1 }
            #expect(waiting.delayedRequests == 1)
            #expect(waiting.currentRequests == 1)
            await connection.close()
            let stats = await server.waitForStatistics { $0.openConnections == 0 && $0.currentRequests == 0 }
            #expect(stats.delayedRequests == 0, "the delay's timer outlived the connection")
            #expect(stats.currentRequests == 0)
            #expect(stats.requests.count == 1)
            #expect(stats.requests.first?.completed == false)
            #expect(stats.requests.first?.status == 0)
            #expect(stats.bodyBytesSent == 0)
        }
    }

    // The time limit turns a shutdown that waits for the idle connection into a failure.
    @Test(.timeLimit(.minutes(TestBounds.timeLimitMinutes))) func shutdownIsPromptWithIdleKeptAliveConnections() async throws {
        let server = try await StreamServer.start(content: Self.content)
        let connection = try await RawHTTPConnection.connect(port: server.port)
        try await connection.sendRequest("GET", "/fast.ts")
        _ = try await connection.readResponse()
        // The server has no idle timeout and the client never closes, so shutdown returning at all shows it
        // closed the idle connection rather than waited for it: no wall-clock bound (TSan exceeded 3 s).
        try await server.shutdown()
        #expect(await connection.waitUntilClosed())
        // Nothing listens any more.
        await #expect(throws: (any Error).self) {
            _ = try await RawHTTPConnection.connect(port: server.port)
        }
    }
}

@Suite("Request records and back-pressure")
struct RecordTests {
    @Test func recordsTimeEachRequestInFlight() async throws {
        let files = ServerContent.files([
            "/a.ts": ServedFile(data: [1], path: "/a.ts"), "/b.ts": ServedFile(data: [2], path: "/b.ts"),
        ])
        try await withStreamServer(content: files, faults: [FaultRule(path: "/a.ts", fault: .holdUntilReleased)]) {
            server in
            let slow = try await RawHTTPConnection.connect(port: server.port)
            try await slow.sendRequest("GET", "/a.ts")
            _ = await server.waitForStatistics { $0.heldRequests == 1 }
            // The server's clock when a was seen held: a started before.
            let heldSeen = server.state.elapsed
            // b starts while a is held, and ends first.
            let fast = try await RawHTTPConnection.fetch(port: server.port, "GET", "/b.ts")
            #expect(fast.body == [2])
            // b's record is stored just after its last byte is written: wait for it. Then the server's clock at
            // the release: a ends after it, b ended before.
            await server.waitForStatistics { $0.requests.count == 1 }
            let released = server.state.elapsed
            server.releaseHeld()
            let slowBody = try await slow.readResponse().body
            #expect(slowBody == [1])
            await slow.close()
            let records = server.statistics.requests
            #expect(records.map(\.path) == ["/b.ts", "/a.ts"])
            #expect(records.map(\.concurrentAtStart) == [2, 1])
            guard records.count == 2 else { return }
            let (b, a) = (records[0], records[1])
            #expect(a.startedAt < b.startedAt && b.finishedAt < a.finishedAt)
            // Each record's times bracket what the test saw of that request, on the server's own clock.
            #expect(a.startedAt <= heldSeen && released <= a.finishedAt)
            #expect(heldSeen <= b.startedAt && b.finishedAt <= released)
        }
    }

    @Test func bodylessStatusFault() async throws {
        let files = ServerContent.files(["/a.ts": ServedFile(data: [1, 2], path: "/a.ts")])
        try await withStreamServer(content: files, faults: [FaultRule(path: "*", fault: .status(code: 204, times: 1))]) {
            server in
            let connection = try await RawHTTPConnection.connect(port: server.port)
            try await connection.sendRequest("GET", "/a.ts")
            let empty = try await connection.readResponse(expectBody: false)
            #expect(empty.status == 204)
            #expect(empty.headers["content-length"] == nil)
            // Nothing stray follows on the connection: the next response parses cleanly.
            try await connection.sendRequest("GET", "/a.ts")
            let next = try await connection.readResponse()
            #expect(next.status == 200)
            #expect(next.body == [1, 2])
            await connection.close()
        }
    }

    @Test func bodyIsWrittenOnlyAsFastAsTheClientReads() async throws {
        // 48 MiB to a client that reads nothing: the kernel buffers hold a few MiB at most, so a
        // server that respects writability hands over far less than the whole body.
        let size = 48 << 20
        let files = ServerContent.files(["/huge.ts": ServedFile(data: [UInt8](repeating: 0x47, count: size), path: "/huge.ts")])
        try await withStreamServer(content: files) { server in
            let connection = try await RawHTTPConnection.connect(port: server.port)
            try await connection.channel.setOption(.autoRead, value: false).get()
            try await connection.sendRequest("GET", "/huge.ts")
            // The server stops writing when the connection is not writable (the event), or, if it ignored
            // back-pressure, hands over the whole body: wait for either, then judge.
            let stopped = await server.waitForStatistics { $0.writabilityStops > 0 || $0.bodyBytesSent == size }
            #expect(stopped.writabilityStops > 0, "the body was written without waiting for writability")
            let handed = stopped.bodyBytesSent
            #expect(handed > 0)
            #expect(handed < size / 2, "handed \(handed) of \(size) bytes to a client that reads nothing")
            await connection.close()
            let stats = await server.waitForStatistics { $0.currentRequests == 0 }
            #expect(stats.requests.first?.completed == false)
        }
    }
}

@Suite("Holding requests")
struct HoldTests {
    static let content = ServerContent.files([
        "/a.ts": ServedFile(data: [1], path: "/a.ts"),
        "/b.ts": ServedFile(data: [2], path: "/b.ts"),
        "/index.m3u8": ServedFile(string: "#EXTM3U\n", contentType: ContentTypes.m3u8),
    ])

    @Test func heldRequestsWaitUntilReleasedInOrder() async throws {
        try await withStreamServer(content: Self.content, faults: [FaultRule(path: "*.ts", fault: .holdUntilReleased)]) {
            server in
            var connections: [RawHTTPConnection] = []
            for path in ["/a.ts", "/b.ts", "/a.ts"] {
                let connection = try await RawHTTPConnection.connect(port: server.port)
                try await connection.sendRequest("GET", path)
                connections.append(connection)
                _ = await server.waitForStatistics { $0.heldRequests == connections.count }
            }
            // Unmatched paths are not held.
            let playlist = try await RawHTTPConnection.fetch(port: server.port, "GET", "/index.m3u8")
            #expect(playlist.status == 200)
            #expect(server.statistics.heldRequests == 3)
            #expect(connections[0].snapshot.bytes.isEmpty)

            #expect(server.releaseHeld(1, matching: "/b.ts") == 1)
            let body1 = try await connections[1].readResponse().body
            #expect(body1 == [2])
            #expect(connections[0].snapshot.bytes.isEmpty)
            #expect(server.releaseHeld(1) == 1)  // the oldest: the first /a.ts
            let body2 = try await connections[0].readResponse().body
            #expect(body2 == [1])
            #expect(server.statistics.heldRequests == 1)
            #expect(server.releaseHeld(5) == 1)
            let body3 = try await connections[2].readResponse().body
            #expect(body3 == [1])
            #expect(server.releaseHeld() == 0)
            for connection in connections {
                await connection.close()
            }
        }
    }

    // The time limit turns a shutdown that waits for the (never released) hold into a failure.
    @Test(.timeLimit(.minutes(TestBounds.timeLimitMinutes))) func closedAndShutDownHoldsAreDropped() async throws {
        let server = try await StreamServer.start(content: Self.content)
        server.setFaults([FaultRule(path: "*", fault: .holdUntilReleased)])
        let leaving = try await RawHTTPConnection.connect(port: server.port)
        try await leaving.sendRequest("GET", "/a.ts")
        let staying = try await RawHTTPConnection.connect(port: server.port)
        try await staying.sendRequest("GET", "/b.ts")
        _ = await server.waitForStatistics { $0.heldRequests == 2 }
        await leaving.close()
        let afterClose = await server.waitForStatistics { $0.heldRequests == 1 }
        #expect(afterClose.heldRequests == 1)
        #expect(afterClose.currentRequests == 1)

        // Nothing releases the hold, so shutdown returning at all shows it dropped it rather than waited:
        // no wall-clock bound, which a sanitizer's slowdown on a loaded machine exceeded.
        try await server.shutdown()
        #expect(await staying.waitUntilClosed())
        let final = await server.waitForStatistics { $0.heldRequests == 0 }
        #expect(final.heldRequests == 0)
        #expect(final.currentRequests == 0)
        #expect(server.releaseHeld() == 0)
    }
}
