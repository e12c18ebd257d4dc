import Foundation
import StreamServer
import TestSupport
import Testing
@testable import Downloader

/// How many requests the downloader keeps in flight, how it reuses connections, and how much it buffers.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes))) struct DownloadConcurrencyTests {
    @Test func twoRequestsInFlightWhileTwoOrMoreSegmentsRemainOverReusedConnections() async throws {
        let count = 10
        let stream = StreamFixtures.segmentFiles(count: count, size: 10_000)
        let faults = [FaultRule(path: "/seg/*", fault: .holdUntilReleased)]
        try await withStreamServer(stream, faults: faults) { server, directory in
            let path = directory.appendingPathComponent("c.ts").path
            let log = LogRecorder()
            try await withDownloader(.holdTests, log: log) { downloader in
                let task = downloader.download(from: server.url(for: stream.entryPath), to: path)
                // The server holds every segment response until released, so the number of held requests
                // is exactly the number the client has in flight; the downloader's trace says how many it has
                // requested. It writes "segment requested" before it sends, in the same step as the request the
                // server now holds, so a wrong third request is in the trace by now even if it is still on its
                // way: no waiting to see whether one shows up.
                try await releaseHeldSegmentsOneByOne(server, count: count) { expected, released in
                    // Once the downloader has taken in every response released so far (its trace says so), what it
                    // has requested beyond them is what it keeps in flight.
                    #expect(await waitUntil { log.segmentsFetched == released })
                    #expect(log.segmentsInFlight == expected, "\(log.segmentsInFlightAfterEachStep)")
                }
                _ = try await task.result()
            }
            #expect(sha256Hex(fileBytes(path)) == stream.expectedSHA256)
            #expect(log.peakSegmentsInFlight == 2, "\(log.segmentsInFlightAfterEachStep)")
            let statistics = server.statistics
            #expect(statistics.maxConcurrentRequests == 2)
            // Connections are reused (the playlist's and one more for the second request in flight, when the pool
            // gets each back before the next request starts; on a loaded machine it may not, and opens another).
            #expect(statistics.connectionsAccepted < statistics.requestCount)
            #expect(statistics.requestCount >= count + 1)
        }
    }

    @Test func requestLogShowsOverlapWhileRequestsAreHeld() async throws {
        let count = 6
        let stream = StreamFixtures.segmentFiles(count: count, size: 10_000)
        // Held rather than delayed: a 0.3 s delay let segment 0 finish before segment 1's new connection was up
        // under ASan on a loaded machine. Releasing the oldest only once the next one is held makes every
        // request overlap another whatever the machine's speed.
        let faults = [FaultRule(path: "/seg/*", fault: .holdUntilReleased)]
        try await withStreamServer(stream, faults: faults) { server, directory in
            let path = directory.appendingPathComponent("d.ts").path
            try await withDownloader(.holdTests) { downloader in
                let task = downloader.download(from: server.url(for: stream.entryPath), to: path)
                try await releaseHeldSegmentsOneByOne(server, count: count)
                _ = try await task.result()
            }
            #expect(fileBytes(path) == stream.expected)
            #expect(server.statistics.maxConcurrentRequests == 2)
            let segments = server.statistics.requests.filter { $0.path.hasPrefix("/seg/") }
            // Every segment request overlaps another one in time.
            for record in segments {
                let overlapping = segments.filter {
                    $0 != record && $0.startedAt < record.finishedAt && record.startedAt < $0.finishedAt
                }
                #expect(!overlapping.isEmpty, "\(record.path) ran alone")
            }
        }
    }

    @Test func concurrencyOneIsSequential() async throws {
        let stream = StreamFixtures.segmentFiles(count: 5, size: 5000)
        try await withStreamServer(stream, faults: [FaultRule(path: "/seg/*", fault: .delay(seconds: 0.05))]) { server, directory in
            var configuration = DownloadConfiguration.fastTests
            configuration.concurrency = 1
            let path = directory.appendingPathComponent("one.ts").path
            _ = try await withDownloader(configuration) { downloader in
                try await downloader.download(from: server.url(for: stream.entryPath), to: path).result()
            }
            #expect(fileBytes(path) == stream.expected)
            #expect(server.statistics.maxConcurrentRequests == 1)
            // Exact: the server never closes a connection, and every client deadline that could (a read timeout
            // and its retry, the pool dropping an idle connection) outlasts the test (`fastTests`), so one
            // connection carries all six requests however slowly they come.
            #expect(server.statistics.connectionsAccepted == 1)
        }
    }

    @Test func stalledFirstSegmentDoesNotLetLaterSegmentsPileUp() async throws {
        let stream = StreamFixtures.segmentFiles(count: 12, size: 10_000)
        // The server holds segment 0 until the test releases it: a stall of any length, without timing.
        let faults = [FaultRule(path: "/seg/0.ts", fault: .holdUntilReleased)]
        try await withStreamServer(stream, faults: faults) { server, directory in
            let path = directory.appendingPathComponent("stall.ts").path
            let log = LogRecorder()
            let result = try await withDownloader(.holdTests, log: log) { downloader in
                let task = downloader.download(from: server.url(for: stream.entryPath), to: path)
                // Segment 1 finishes, so 2 is started to keep two in flight; when 2 finishes too, two
                // segments wait for 0 and nothing more may start. The downloader traces "segments waiting"
                // once it has made every decision an event caused: after segment 2's, starting 3 or not is
                // decided, and the trace shows which, with no waiting to see.
                let settled = await waitUntil {
                    let entries = log.all
                    guard let fetched2 = entries.lastIndex(where: { $0.message == "segment fetched" && $0.metadata["segment"] == "2" })
                    else { return false }
                    return entries[fetched2...].contains { $0.message == "segments waiting" }
                        && entries.contains { $0.message == "segment fetched" && $0.metadata["segment"] == "1" }
                }
                #expect(settled, "segments 1 and 2 should finish while 0 is held")
                #expect(log.segmentsInFlight == 1, "\(log.segmentsInFlightAfterEachStep)")
                #expect(!log.all.contains { $0.message == "segment requested" && $0.metadata["segment"] == "3" })
                #expect(server.statistics.heldRequests == 1)
                #expect(records(server, path: "/seg/3.ts").isEmpty)
                #expect(fileBytes(path + ".part").isEmpty)
                #expect(server.releaseHeld(1, matching: "/seg/0.ts") == 1)
                return try await task.result()
            }
            #expect(fileBytes(path) == stream.expected)
            // While 0 is held, 1 and 2 wait in memory; when 0's last byte arrives all three are held at once
            // (they are written only after it), so the peak is at least their sum, whatever the timing.
            let lengths = stream.segmentLengths
            #expect(result.peakBufferedBytes >= Int64(lengths.prefix(3).reduce(0, +)))
            // Everything held lies in a window of concurrency + 1 consecutive segments starting at the write
            // cursor (FetchSchedulerTests), so the bound is the largest such window anywhere in the stream, not
            // the first one: here segments 8-10 (34037 bytes) outweigh 0-2 (33897), which is what a full run
            // once measured after 0 was released. Both bounds hold for every interleaving.
            #expect(result.peakBufferedBytes <= Int64(largestWindow(lengths, width: 3)))
        }
    }

    @Test(arguments: [20, 2000])
    func bufferedBytesStayWithinConcurrencyPlusOneSegments(segmentCount: Int) async throws {
        let stream = StreamFixtures.arkivaLike(segmentCount: segmentCount, segmentSize: 4000)
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("long.ts").path
            let result = try await withDownloader { downloader in
                try await downloader.download(from: server.url(for: stream.entryPath), to: path).result()
            }
            #expect(result.sha256 == stream.expectedSHA256)
            #expect(sha256Hex(fileBytes(path)) == stream.expectedSHA256)
            #expect(result.segments == segmentCount)
            #expect(result.peakBufferedBytes > 0)
            #expect(result.peakBufferedBytes <= Int64(largestWindow(stream.segmentLengths, width: 3)))
            #expect(server.statistics.maxConcurrentRequests <= 2)
            // Reused, not one per request (the exact count depends on when the pool gets a connection back).
            #expect(server.statistics.connectionsAccepted < server.statistics.requestCount)
        }
    }
}

/// The largest sum of `width` consecutive `lengths`: the most the downloader may hold at once with
/// concurrency `width − 1` (see ``SegmentScheduler``).
func largestWindow(_ lengths: [Int], width: Int) -> Int {
    guard lengths.count > width else { return lengths.reduce(0, +) }
    return (0 ... lengths.count - width).map { lengths[$0 ..< $0 + width].reduce(0, +) }.max() ?? 0
}

/// Releases `count` held segment requests one at a time, oldest first, each once two (fewer at the end) are
/// held; `beforeRelease` gets that expected number and how many were released so far, and may check more before
/// the release.
func releaseHeldSegmentsOneByOne(_ server: StreamServer, count: Int,
                                 beforeRelease: (_ expected: Int, _ released: Int) async throws -> Void = { _, _ in })
    async throws {
    for released in 0 ..< count {
        let expected = min(2, count - released)
        let reached = await server.waitForHeld(expected)
        #expect(reached, "expected \(expected) requests in flight after \(released) released")
        try await beforeRelease(expected, released)
        #expect(server.releaseHeld(1, matching: "/seg/*") == 1)
    }
}
