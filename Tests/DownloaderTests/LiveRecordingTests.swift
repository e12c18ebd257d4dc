import Foundation
import StreamServer
import TestSupport
import Testing
@testable import Downloader

/// Live recording against a real ``StreamServer`` whose window the test slides (``LiveStream/advance(by:)``),
/// with reload timing on a ``ManualLiveClock``: every step is judged by held requests, server records and
/// the recording's events, never by sleeping.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes))) struct LiveRecordingTests {
    static func options(_ clock: ManualLiveClock, duration: Double? = nil, start: LiveRecordingOptions.StartPosition = .liveEdge)
        -> LiveRecordingOptions {
        var options = LiveRecordingOptions(duration: duration)
        options.clock = clock
        options.start = start
        return options
    }

    /// The expected file: the server's bytes for `sequences`, in order.
    static func expectedBytes(_ live: LiveStream, _ sequences: [Int]) -> [UInt8] {
        sequences.flatMap { live.segmentBytes($0) }
    }

    /// Requests for live segment paths, by sequence number, counted.
    static func segmentRequests(_ server: StreamServer) -> [Int: Int] {
        var counts: [Int: Int] = [:]
        for record in server.statistics.requests where record.path.hasPrefix("/live/seg") {
            if let sequence = Int(record.path.dropFirst("/live/seg".count).dropLast(3)) { counts[sequence, default: 0] += 1 }
        }
        return counts
    }

    /// Waits until the recorder sleeps until its next reload, then moves the clock there.
    static func fireNextReload(_ clock: ManualLiveClock) async {
        #expect(await waitUntil { !clock.deadlines.isEmpty }, "no reload was armed")
        clock.advanceToNextDeadline()
    }

    /// Waits until the recorder sleeps until its next reload and returns that deadline.
    static func nextReloadDeadline(_ clock: ManualLiveClock) async -> Duration? {
        _ = await waitUntil { !clock.deadlines.isEmpty }
        return clock.deadlines.first
    }

    @Test func slidingWindowIsRecordedOnceAndInOrderUntilTheStreamEnds() async throws {
        let source = LiveFixtures.syntheticSource(count: 40)
        try await LiveFixtures.withLiveServer(LiveFixtures.manual(source, window: 3, firstSequence: 1000)) { server, live, directory in
            let path = directory.appendingPathComponent("live.ts").path
            let clock = ManualLiveClock()
            try await withDownloader(.holdTests) { downloader in
                let recording = downloader.record(from: live.playlistURL, to: path, options: Self.options(clock))
                let reader = LiveEventReader(recording)
                // Window 1000-1002 of 2 s segments, target 2: the live edge (≥ 6 s from the end) is 1000.
                await reader.read(throughSequence: 1002)
                for step in 1 ... 8 {
                    live.advance()
                    #expect(await Self.nextReloadDeadline(clock) != nil)
                    await Self.fireNextReload(clock)
                    await reader.read(throughSequence: 1002 + step)
                }
                live.end()
                await Self.fireNextReload(clock)
                let result = try await recording.result()
                await reader.drain()

                let expected = Array(1000 ... 1010)
                #expect(reader.segmentSequences == expected)
                #expect(reader.gaps.isEmpty)
                #expect(result.stopReason == .endList)
                #expect(result.sequences == 1000 ... 1010)
                #expect(result.gapCount == 0 && result.isComplete)
                #expect(result.recordedDuration == 22)
                #expect(fileBytes(path) == Self.expectedBytes(live, expected))
                #expect(!FileManager.default.fileExists(atPath: path + ".part"))
                // Each segment was requested exactly once: no duplicates, no silent gaps.
                #expect(Self.segmentRequests(server) == Dictionary(uniqueKeysWithValues: expected.map { ($0, 1) }))
                // Events point into the file: offsets follow each other and the bytes there are the segment's.
                var offset: Int64 = 0
                for case .segment(let segment) in reader.received {
                    let region = try #require(segment.file)
                    #expect(region.offset == offset)
                    #expect(region.length == live.segmentBytes(segment.sequenceNumber).count)
                    offset += Int64(region.length)
                }
            }
        }
    }

    @Test func reloadsFollowRFC8216Section634() async throws {
        let source = LiveFixtures.syntheticSource(count: 20, duration: 4)
        try await LiveFixtures.withLiveServer(LiveFixtures.manual(source, window: 4)) { server, live, _ in
            let clock = ManualLiveClock()
            try await withDownloader(.holdTests) { downloader in
                let recording = downloader.record(from: live.playlistURL, to: nil, options: Self.options(clock))
                let reader = LiveEventReader(recording)
                await reader.read(throughSequence: 3)
                // First load at t = 0, target duration 4: next reload at 4 s.
                #expect(await Self.nextReloadDeadline(clock) == .seconds(4))
                await Self.fireNextReload(clock)
                // Unchanged at 4 s: half the target duration later.
                #expect(await waitUntil { clock.deadlines == [.seconds(6)] })
                live.advance()
                await Self.fireNextReload(clock)
                await reader.read(throughSequence: 4)
                // Changed at 6 s: a whole target duration, measured from when that load began.
                #expect(await waitUntil { clock.deadlines == [.seconds(10)] })
                live.end()
                await Self.fireNextReload(clock)
                let result = try await recording.result()
                #expect(result.stopReason == .endList)
                #expect(result.playlistLoads == 4)
                let playlistRequests = server.statistics.requests.filter { $0.path == "/live/index.m3u8" }
                #expect(playlistRequests.count == 4)
            }
        }
    }

    @Test func aServerSlidingFasterThanWeFetchIsReportedAsAGap() async throws {
        let source = LiveFixtures.syntheticSource(count: 30)
        try await LiveFixtures.withLiveServer(LiveFixtures.manual(source, window: 3)) { _, live, directory in
            let path = directory.appendingPathComponent("gap.ts").path
            let clock = ManualLiveClock()
            try await withDownloader(.holdTests) { downloader in
                let recording = downloader.record(from: live.playlistURL, to: path, options: Self.options(clock))
                let reader = LiveEventReader(recording)
                await reader.read(throughSequence: 2)
                // Five segments appear before the next reload: 3 and 4 left the window unseen.
                live.advance(by: 5)
                #expect(await Self.nextReloadDeadline(clock) != nil)
                await Self.fireNextReload(clock)
                await reader.read(throughSequence: 7)
                live.end()
                await Self.fireNextReload(clock)
                let result = try await recording.result()
                await reader.drain()
                #expect(reader.segmentSequences == [0, 1, 2, 5, 6, 7])
                #expect(reader.gaps == [LiveGap(sequences: 3 ... 4, reason: .windowSlid, estimatedDuration: 4)])
                // The gap event sits between 2 and 5, and 5 is flagged as a discontinuity.
                let order = reader.received.map { event -> String in
                    switch event {
                    case .segment(let segment): "\(segment.sequenceNumber)\(segment.discontinuity ? "!" : "")"
                    case .gap: "gap"
                    case .dropped: "drop"
                    }
                }
                #expect(order == ["0", "1", "2", "gap", "5!", "6", "7"])
                #expect(result.gapCount == 1)
                #expect(result.missedSegments == 2)
                #expect(!result.isComplete)
                #expect(fileBytes(path) == Self.expectedBytes(live, [0, 1, 2, 5, 6, 7]))
            }
        }
    }

    @Test func twoRequestsStayInFlightWhileTwoOrMoreSegmentsAreQueued() async throws {
        let source = LiveFixtures.syntheticSource(count: 20)
        let faults = [FaultRule(path: "/live/seg*", fault: .holdUntilReleased)]
        try await LiveFixtures.withLiveServer(LiveFixtures.manual(source, window: 5), faults: faults) { server, live, _ in
            let clock = ManualLiveClock()
            let log = LogRecorder()
            try await withDownloader(.holdTests, log: log) { downloader in
                // From the oldest: 5 segments queued at once.
                let recording = downloader.record(from: live.playlistURL, to: nil,
                                                  options: Self.options(clock, start: .oldest))
                let reader = LiveEventReader(recording)
                for sequence in 0 ..< 5 {
                    let expected = min(2, 5 - sequence)
                    #expect(await server.waitForHeld(expected))
                    // The recorder traces "segment requested" where it decides, before sending: a wrong third
                    // request, decided in the same step as one the server now holds, is in the trace already.
                    #expect(log.segmentsInFlight == expected, "\(log.segmentsInFlightAfterEachStep)")
                    #expect(server.releaseHeld(1, matching: "/live/seg\(sequence).ts") == 1)
                    await reader.read(throughSequence: sequence)
                }
                #expect(log.peakSegmentsInFlight == 2, "\(log.segmentsInFlightAfterEachStep)")
                #expect(server.statistics.maxConcurrentRequests <= 3)   // two segments + at most one reload
                recording.stop()
                let result = try await recording.result()
                #expect(result.stopReason == .stopped)
                #expect(result.segments == 5)
            }
        }
    }

    @Test func durationStopsWithinOneSegmentOfTheRequestedLength() async throws {
        let source = LiveFixtures.syntheticSource(count: 30)
        try await LiveFixtures.withLiveServer(LiveFixtures.manual(source, window: 3)) { server, live, directory in
            let path = directory.appendingPathComponent("duration.ts").path
            let clock = ManualLiveClock()
            try await withDownloader(.holdTests) { downloader in
                let recording = downloader.record(from: live.playlistURL, to: path, options: Self.options(clock, duration: 9))
                let reader = LiveEventReader(recording)
                await reader.read(throughSequence: 2)
                live.advance(by: 3)
                await Self.fireNextReload(clock)
                let result = try await recording.result()
                await reader.drain()
                // 2 s segments: 0-4 make 10 s, the first total ≥ 9 s; 5 is listed but not fetched.
                #expect(result.stopReason == .duration)
                #expect(reader.segmentSequences == [0, 1, 2, 3, 4])
                #expect(result.recordedDuration >= 9 && result.recordedDuration < 9 + 2)
                #expect(Self.segmentRequests(server)[5] == nil)
                #expect(fileBytes(path) == Self.expectedBytes(live, Array(0 ... 4)))
                // No reload is armed once the duration is planned.
                #expect(clock.deadlines.isEmpty)
            }
        }
    }

    @Test func stopAbandonsRequestsInFlightAndFinishesTheFile() async throws {
        let source = LiveFixtures.syntheticSource(count: 20)
        let faults = [FaultRule(path: "/live/seg3.ts", fault: .holdUntilReleased)]
        try await LiveFixtures.withLiveServer(LiveFixtures.manual(source, window: 3), faults: faults) { server, live, directory in
            let path = directory.appendingPathComponent("stopped.ts").path
            let clock = ManualLiveClock()
            try await withDownloader(.holdTests) { downloader in
                let recording = downloader.record(from: live.playlistURL, to: path, options: Self.options(clock))
                let reader = LiveEventReader(recording)
                await reader.read(throughSequence: 2)
                live.advance()
                await Self.fireNextReload(clock)
                #expect(await waitUntil { server.statistics.heldRequests == 1 })
                recording.stop()
                let result = try await recording.result()
                await reader.drain()
                #expect(result.stopReason == .stopped)
                #expect(reader.segmentSequences == [0, 1, 2])
                #expect(fileBytes(path) == Self.expectedBytes(live, [0, 1, 2]))
                #expect(!FileManager.default.fileExists(atPath: path + ".part"))
                #expect(await waitUntil { server.statistics.heldRequests == 0 })   // the held request was abandoned
            }
        }
    }

    @Test func failedReloadsBackOffThenRecover() async throws {
        let source = LiveFixtures.syntheticSource(count: 20, duration: 4)
        try await LiveFixtures.withLiveServer(LiveFixtures.manual(source, window: 4)) { server, live, _ in
            let clock = ManualLiveClock()
            let notices = NoticeLog()
            var configuration = DownloadConfiguration.holdTests
            configuration.retryObserver = { notices.append($0) }
            try await withDownloader(configuration) { downloader in
                let recording = downloader.record(from: live.playlistURL, to: nil, options: Self.options(clock))
                let reader = LiveEventReader(recording)
                await reader.read(throughSequence: 3)
                server.setFaults([FaultRule(path: "/live/index.m3u8", fault: .status(code: 503, times: 2))])
                #expect(await Self.nextReloadDeadline(clock) == .seconds(4))
                await Self.fireNextReload(clock)
                // First failure at 4 s: half a target duration (2 s); second at 6 s: a whole one (4 s).
                #expect(await waitUntil { clock.deadlines == [.seconds(6)] })
                await Self.fireNextReload(clock)
                #expect(await waitUntil { clock.deadlines == [.seconds(10)] })
                live.advance()
                await Self.fireNextReload(clock)
                await reader.read(throughSequence: 4)
                recording.stop()
                let result = try await recording.result()
                #expect(result.gapCount == 0)
                #expect(notices.lines == [
                    "playlist \(live.playlistURL.absoluteString): HTTP 503 Service Unavailable (attempt 1 of 5); retrying in 2.0 s",
                    "playlist \(live.playlistURL.absoluteString): HTTP 503 Service Unavailable (attempt 2 of 5); retrying in 4.0 s",
                ])
            }
        }
    }

    @Test func aReloadAnswering404StopsAtOnceKeepingWhatWasRecorded() async throws {
        let source = LiveFixtures.syntheticSource(count: 20)
        try await LiveFixtures.withLiveServer(LiveFixtures.manual(source, window: 3)) { server, live, directory in
            let path = directory.appendingPathComponent("gone.ts").path
            let clock = ManualLiveClock()
            try await withDownloader(.holdTests) { downloader in
                let recording = downloader.record(from: live.playlistURL, to: path, options: Self.options(clock))
                let reader = LiveEventReader(recording)
                await reader.read(throughSequence: 2)
                server.stopLive()
                await Self.fireNextReload(clock)
                let result = try await recording.result()
                guard case .failed(let error) = result.stopReason else {
                    Issue.record("expected a failure, got \(result.stopReason)")
                    return
                }
                #expect(error.httpStatus == 404)
                #expect(result.segments == 3)
                #expect(fileBytes(path) == Self.expectedBytes(live, [0, 1, 2]))
                // Not retried: one failed reload.
                #expect(server.statistics.requests.filter { $0.path == "/live/index.m3u8" }.count == 2)
            }
        }
    }

    @Test func aSegmentThatFailsBecomesAGapAndRecordingGoesOn() async throws {
        let source = LiveFixtures.syntheticSource(count: 20)
        let faults = [FaultRule(path: "/live/seg4.ts", fault: .status(code: 404, times: .max))]
        try await LiveFixtures.withLiveServer(LiveFixtures.manual(source, window: 3), faults: faults) { _, live, directory in
            let path = directory.appendingPathComponent("hole.ts").path
            let clock = ManualLiveClock()
            try await withDownloader(.holdTests) { downloader in
                let recording = downloader.record(from: live.playlistURL, to: path, options: Self.options(clock))
                let reader = LiveEventReader(recording)
                await reader.read(throughSequence: 2)
                live.advance(by: 3)
                await Self.fireNextReload(clock)
                await reader.read(throughSequence: 5)
                live.end()
                await Self.fireNextReload(clock)
                let result = try await recording.result()
                await reader.drain()
                #expect(reader.segmentSequences == [0, 1, 2, 3, 5])
                let gap = try #require(reader.gaps.first)
                #expect(gap.sequences == 4 ... 4)
                guard case .fetchFailed(let error) = gap.reason else { Issue.record("wrong reason"); return }
                #expect(error.httpStatus == 404)
                #expect(result.stopReason == .endList)
                #expect(fileBytes(path) == Self.expectedBytes(live, [0, 1, 2, 3, 5]))
            }
        }
    }

    @Test func aVODPlaylistIsRecordedFromItsStartUpToTheDuration() async throws {
        let stream = StreamFixtures.segmentFiles(count: 10, size: 3000)   // 4 s segments, EXT-X-ENDLIST
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("vod.ts").path
            try await withDownloader(.holdTests) { downloader in
                let resolved = try await downloader.resolve(server.url(for: stream.entryPath))
                #expect(!resolved.isLive)
                let result = try await downloader.record(resolved, to: path, options: LiveRecordingOptions(duration: 10)).result()
                #expect(result.stopReason == .duration)
                #expect(result.segments == 3)
                let prefix = stream.segmentLengths.prefix(3).reduce(0, +)
                #expect(fileBytes(path) == Array(stream.expected.prefix(prefix)))
            }
        }
    }

    @Test func downloadRefusesALivePlaylistPointingToRecord() async throws {
        let source = LiveFixtures.syntheticSource(count: 5)
        try await LiveFixtures.withLiveServer(LiveFixtures.manual(source)) { _, live, directory in
            try await withDownloader(.holdTests) { downloader in
                let task = downloader.download(from: live.playlistURL, to: directory.appendingPathComponent("x.ts").path)
                let error = await #expect(throws: DownloadError.self) { try await task.result() }
                #expect(error?.kind == .livePlaylist)
                #expect(error?.message.contains("record(from:to:options:)") == true)
            }
        }
    }
}

/// Retry notices collected from a ``DownloadConfiguration/retryObserver``.
final class NoticeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var notices: [RetryNotice] = []

    func append(_ notice: RetryNotice) {
        lock.withLock { notices.append(notice) }
    }

    var lines: [String] { lock.withLock { notices.map(\.description) } }
}
