import Foundation
import StreamServer
import Testing
@testable import Downloader

/// How many requests the downloader keeps in flight, how it reuses connections, and how much it buffers.
@Suite struct DownloadConcurrencyTests {
    @Test func twoRequestsInFlightWhileTwoOrMoreSegmentsRemainOverReusedConnections() async throws {
        let stream = StreamFixtures.segmentFiles(count: 10, size: 10_000)
        let faults = [FaultRule(path: "/seg/*", fault: .delay(seconds: 0.15))]
        try await withStreamServer(stream, faults: faults) { server, directory in
            let path = directory.appendingPathComponent("c.ts").path
            _ = try await withDownloader { downloader in
                try await downloader.download(from: server.url(for: stream.entryPath), to: path).result()
            }
            #expect(sha256Hex(fileBytes(path)) == stream.expectedSHA256)
            let statistics = server.statistics
            #expect(statistics.maxConcurrentRequests == 2)
            // The playlist's connection is reused and one more is opened for the second request in flight.
            #expect(statistics.connectionsAccepted <= 2)
            #expect(statistics.requestCount == 11)

            // From the first segment request until the last one starts, two requests are in flight nearly
            // all the time (the gaps are the moments between one response ending and the next request).
            let segments = server.statistics.requests.filter { $0.path.hasPrefix("/seg/") }
            let start = try #require(segments.map(\.startedAt).min())
            let lastStart = try #require(segments.map(\.startedAt).max())
            let twoInFlight = timeWithAtLeast(2, of: segments, from: start, to: lastStart)
            #expect(twoInFlight / (lastStart - start) > 0.8)
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
            #expect(server.statistics.connectionsAccepted == 1)
        }
    }

    @Test func stalledFirstSegmentDoesNotLetLaterSegmentsPileUp() async throws {
        let stream = StreamFixtures.segmentFiles(count: 12, size: 10_000)
        let faults = [FaultRule(path: "/seg/0.ts", fault: .delay(seconds: 1.0))]
        try await withStreamServer(stream, faults: faults) { server, directory in
            let path = directory.appendingPathComponent("stall.ts").path
            let result = try await withDownloader { downloader in
                try await downloader.download(from: server.url(for: stream.entryPath), to: path).result()
            }
            #expect(fileBytes(path) == stream.expected)
            let first = try #require(records(server, path: "/seg/0.ts").first)
            let startedDuringStall = server.statistics.requests
                .filter { $0.path.hasPrefix("/seg/") && $0.startedAt < first.finishedAt }
                .map(\.path).sorted()
            // Segment 1 finished, so 2 was started to keep two in flight; then two were waiting: no more.
            #expect(startedDuringStall == ["/seg/0.ts", "/seg/1.ts", "/seg/2.ts"])
            #expect(result.peakBufferedBytes <= Int64(3 * stream.maxSegmentLength))
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
            #expect(result.peakBufferedBytes <= Int64(3 * stream.maxSegmentLength))
            #expect(server.statistics.maxConcurrentRequests <= 2)
            #expect(server.statistics.connectionsAccepted <= 2)
        }
    }
}

/// Total time within `from ... to` during which at least `count` of `records` were in flight.
func timeWithAtLeast(_ count: Int, of records: [RequestRecord], from: Duration, to: Duration) -> Duration {
    var events: [(Duration, Int)] = []
    for record in records {
        events.append((max(record.startedAt, from), +1))
        events.append((max(record.finishedAt, from), -1))
    }
    events.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
    var inFlight = 0
    var total = Duration.zero
    var previous = from
    for (time, change) in events {
        let clipped = min(time, to)
        if inFlight >= count, clipped > previous { total += clipped - previous }
        previous = max(previous, clipped)
        inFlight += change
    }
    return total
}
