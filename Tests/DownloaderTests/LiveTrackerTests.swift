import Foundation
import Testing
@testable import Downloader

/// ``LiveSegmentTracker``: which segments of each snapshot are new, gaps, restarts, discontinuities, the
/// start position (RFC 8216 §6.3.3) and the duration limit.
@Suite struct LiveTrackerTests {
    /// A live media playlist: segments `first ..< first + count` of `duration` seconds.
    static func snapshot(first: Int, count: Int, duration: Double = 2, target: Int = 2, endList: Bool = false,
                         discontinuitySequence: Int? = nil, discontinuityBefore: Set<Int> = []) throws -> MediaPlaylist {
        var lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:\(target)", "#EXT-X-MEDIA-SEQUENCE:\(first)"]
        if let discontinuitySequence { lines.append("#EXT-X-DISCONTINUITY-SEQUENCE:\(discontinuitySequence)") }
        for sequence in first ..< first + count {
            if discontinuityBefore.contains(sequence) { lines.append("#EXT-X-DISCONTINUITY") }
            lines += ["#EXTINF:\(duration),", "seg\(sequence).ts"]
        }
        if endList { lines.append("#EXT-X-ENDLIST") }
        let playlist = try PlaylistParser.parse(lines.joined(separator: "\n") + "\n",
                                                url: URL(string: "http://127.0.0.1/live/index.m3u8")!)
        guard case .media(let media) = playlist else { throw PlaylistNotMedia() }
        return media
    }

    struct PlaylistNotMedia: Error {}

    static func sequences(_ entries: [LiveSegmentTracker.Entry]) -> [Int] {
        entries.compactMap { if case .segment(let segment, _) = $0 { segment.sequenceNumber } else { nil } }
    }

    static func gaps(_ entries: [LiveSegmentTracker.Entry]) -> [LiveGap] {
        entries.compactMap { if case .gap(let gap) = $0 { gap } else { nil } }
    }

    @Test func liveEdgeStartsAtLeastThreeTargetDurationsFromTheEnd() throws {
        // 6 segments of 2 s, target 2: the last segment starting ≥ 6 s before the end is the 4th from the end.
        var tracker = LiveSegmentTracker(start: .liveEdge, durationLimit: nil)
        #expect(Self.sequences(tracker.accept(try Self.snapshot(first: 10, count: 6))) == [13, 14, 15])
        // Shorter than three target durations: from the first segment.
        var short = LiveSegmentTracker(start: .liveEdge, durationLimit: nil)
        #expect(Self.sequences(short.accept(try Self.snapshot(first: 0, count: 2))) == [0, 1])
        // Uneven durations: 1.5 s segments, target 2 → 6 s needs four of them.
        var uneven = LiveSegmentTracker(start: .liveEdge, durationLimit: nil)
        #expect(Self.sequences(uneven.accept(try Self.snapshot(first: 0, count: 8, duration: 1.5))) == [4, 5, 6, 7])
        // The oldest: everything listed.
        var oldest = LiveSegmentTracker(start: .oldest, durationLimit: nil)
        #expect(Self.sequences(oldest.accept(try Self.snapshot(first: 10, count: 6))) == Array(10 ... 15))
        // A playlist that already ended is recorded from its first segment.
        var ended = LiveSegmentTracker(start: .liveEdge, durationLimit: nil)
        #expect(Self.sequences(ended.accept(try Self.snapshot(first: 10, count: 6, endList: true))) == Array(10 ... 15))
        #expect(ended.ended)
    }

    @Test func eachNewSegmentIsQueuedOnceAndInOrder() throws {
        var tracker = LiveSegmentTracker(start: .oldest, durationLimit: nil)
        #expect(Self.sequences(tracker.accept(try Self.snapshot(first: 0, count: 3))) == [0, 1, 2])
        // The same window again, then one that slid by one and by two.
        #expect(tracker.accept(try Self.snapshot(first: 0, count: 3)).isEmpty)
        #expect(Self.sequences(tracker.accept(try Self.snapshot(first: 1, count: 3))) == [3])
        #expect(Self.sequences(tracker.accept(try Self.snapshot(first: 3, count: 3))) == [4, 5])
        // A stale snapshot (an older copy from a cache) adds nothing.
        #expect(tracker.accept(try Self.snapshot(first: 2, count: 3)).isEmpty)
        #expect(tracker.lastQueued == 5)
    }

    @Test func aWindowThatSlidPastUnfetchedSegmentsIsAGapNotHidden() throws {
        var tracker = LiveSegmentTracker(start: .oldest, durationLimit: nil)
        _ = tracker.accept(try Self.snapshot(first: 0, count: 3))        // 0, 1, 2
        let entries = tracker.accept(try Self.snapshot(first: 6, count: 3))   // 3, 4, 5 never listed
        let gap = try #require(Self.gaps(entries).first)
        #expect(gap.sequences == 3 ... 5)
        #expect(gap.reason == .windowSlid)
        #expect(gap.missedSegments == 3)
        #expect(gap.estimatedDuration == 6)
        // The gap comes first, then the segments, the first of them marked as a discontinuity.
        guard case .gap = entries.first else { Issue.record("gap not first"); return }
        guard case .segment(let first, let discontinuity) = entries[1] else { Issue.record("no segment"); return }
        #expect(first.sequenceNumber == 6)
        #expect(discontinuity)
        #expect(Self.sequences(entries) == [6, 7, 8])
    }

    @Test func aSequenceThatGoesBackwardsIsARestart() throws {
        var tracker = LiveSegmentTracker(start: .oldest, durationLimit: nil)
        _ = tracker.accept(try Self.snapshot(first: 100, count: 3))
        let entries = tracker.accept(try Self.snapshot(first: 0, count: 3))
        #expect(Self.gaps(entries).map(\.reason) == [.sequenceRestarted])
        #expect(Self.sequences(entries) == [0, 1, 2])
        // A snapshot overlapping the previous one is not a restart.
        var overlapping = LiveSegmentTracker(start: .oldest, durationLimit: nil)
        _ = overlapping.accept(try Self.snapshot(first: 100, count: 3))
        #expect(overlapping.accept(try Self.snapshot(first: 99, count: 3)).isEmpty)
    }

    @Test func discontinuitiesComeFromTagsAndFromTheDiscontinuitySequence() throws {
        var tracker = LiveSegmentTracker(start: .oldest, durationLimit: nil)
        let first = tracker.accept(try Self.snapshot(first: 0, count: 4, discontinuityBefore: [2]))
        let flags = first.compactMap { if case .segment(_, let flag) = $0 { flag } else { nil } }
        #expect(flags == [false, false, true, false])
        // The tag left the window with segment 2; the discontinuity sequence says so (§6.2.2), and a
        // segment whose sequence differs from the previous one's is a discontinuity even without a tag.
        var other = LiveSegmentTracker(start: .oldest, durationLimit: nil)
        _ = other.accept(try Self.snapshot(first: 0, count: 2, discontinuitySequence: 0))
        let next = other.accept(try Self.snapshot(first: 2, count: 2, discontinuitySequence: 1))
        let nextFlags = next.compactMap { if case .segment(_, let flag) = $0 { flag } else { nil } }
        #expect(nextFlags == [true, false])
    }

    @Test func theDurationLimitStopsQueueingAndAFailureReopensIt() throws {
        var tracker = LiveSegmentTracker(start: .oldest, durationLimit: 5)
        // 2 s segments: 0, 1, 2 make 6 s ≥ 5 s; 3 and 4 are not queued.
        #expect(Self.sequences(tracker.accept(try Self.snapshot(first: 0, count: 5))) == [0, 1, 2])
        #expect(tracker.limitReached)
        #expect(tracker.accept(try Self.snapshot(first: 1, count: 5)).isEmpty)
        // Segment 1 failed: 4 s planned, one more is needed, and it is the next one not yet queued.
        tracker.segmentFailed(duration: 2)
        #expect(!tracker.limitReached)
        #expect(Self.sequences(tracker.accept(try Self.snapshot(first: 1, count: 5))) == [3])
        #expect(tracker.limitReached)
    }
}

/// RFC 8216 §6.3.4 reload timing (``LiveReloadPolicy``).
@Suite struct LiveReloadPolicyTests {
    @Test func changedWaitsTheTargetDurationUnchangedHalfFailuresBackOff() {
        let policy = LiveReloadPolicy(targetDuration: .seconds(6))
        #expect(policy.delay(after: .changed) == .seconds(6))
        #expect(policy.delay(after: .unchanged) == .seconds(3))
        #expect((1 ... 7).map { policy.delay(after: .failed($0)) }
            == [.seconds(3), .seconds(6), .seconds(12), .seconds(24), .seconds(24), .seconds(24), .seconds(24)])
    }
}

/// The bounded event sequence of a recording (``LiveEvents``).
@Suite struct LiveEventsTests {
    static func segment(_ sequence: Int) -> LiveEvent {
        .segment(LiveSegment(sequenceNumber: sequence, discontinuitySequence: 0, duration: 2, discontinuity: false,
                             uri: "seg\(sequence).ts", file: nil, bytes: nil, recordedDuration: Double(sequence + 1) * 2))
    }

    @Test func aConsumerThatFallsBehindGetsOneDropThenTheNewestEvents() async {
        let events = LiveEvents(limit: 4)
        for sequence in 0 ..< 10 { events.yield(Self.segment(sequence)) }
        events.yield(.gap(LiveGap(sequences: 10 ... 11, reason: .windowSlid, estimatedDuration: 4)))
        events.finish()
        var received: [LiveEvent] = []
        for await event in events { received.append(event) }
        #expect(received.count == 4)
        guard case .dropped(let drop) = received.first else { Issue.record("no drop first"); return }
        // 11 events, 4 kept: the drop stands for the 8 oldest segments (0-7).
        #expect(drop.segments == 8)
        #expect(drop.duration == 16)
        #expect(drop.sequences == 0 ... 7)
        #expect(Array(received.dropFirst()) == [Self.segment(8), Self.segment(9),
                                               .gap(LiveGap(sequences: 10 ... 11, reason: .windowSlid, estimatedDuration: 4))])
    }

    @Test func aWaitingConsumerGetsEachEventAndTheEnd() async {
        let events = LiveEvents(limit: 2)
        let consumer = Task {
            var sequences: [Int] = []
            for await event in events { if case .segment(let segment) = event { sequences.append(segment.sequenceNumber) } }
            return sequences
        }
        for sequence in 0 ..< 100 {
            events.yield(Self.segment(sequence))
            await Task.yield()
        }
        events.finish()
        let sequences = await consumer.value
        // Whatever the interleaving, what arrives is in order, ends with the newest, and nothing is duplicated.
        #expect(sequences == sequences.sorted())
        #expect(Set(sequences).count == sequences.count)
        #expect(sequences.last == 99)
    }
}

extension LiveTrackerTests {
    @Test func roundedDurationsAFewMillisecondsShortReachTheLimit() throws {
        // ffmpeg writes 0.992656 for a 1 s segment: four of them are 3.97 s, "4 s" for --duration 4.
        var tracker = LiveSegmentTracker(start: .oldest, durationLimit: 4)
        #expect(Self.sequences(tracker.accept(try Self.snapshot(first: 0, count: 8, duration: 0.9927, target: 1))) == [0, 1, 2, 3])
        // 100 ms short is not.
        var short = LiveSegmentTracker(start: .oldest, durationLimit: 4)
        #expect(Self.sequences(short.accept(try Self.snapshot(first: 0, count: 8, duration: 0.975, target: 1))).count == 5)
    }
}

extension LiveEventsTests {
    @Test func cancellingAWaitingConsumerEndsItsIteration() async {
        let events = LiveEvents(limit: 4)
        let consumer = Task { () -> Int in
            var count = 0
            for await _ in events { count += 1 }
            return count
        }
        consumer.cancel()
        #expect(await consumer.value == 0)
        // The recording goes on regardless.
        events.yield(Self.segment(0))
        events.finish()
    }
}
