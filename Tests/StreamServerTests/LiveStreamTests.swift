import Foundation
import MPEGTS
import NIOConcurrencyHelpers
import Testing
import TestSupport
@testable import StreamServer

/// Live mode: the sliding window, sequence numbers, looping with continuous time stamps or discontinuities,
/// the end of the stream, and real-time progress on an injected clock.
@Suite("Live streams")
struct LiveStreamTests {
    /// `count` distinct segments of `duration` seconds.
    static func source(count: Int, duration: Double = 2) -> LiveSource {
        LiveSource(segments: (0 ..< count).map {
            LiveSource.Segment(data: Fixtures.bytes(500 + $0, seed: UInt32(100 + $0)), duration: duration)
        })
    }

    /// The demo's MP3-in-MPEG-TS rendition: 11 byte-range segments of about 1 s, each starting a PES packet.
    static var demoPlaylist: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Samples/DefaultStream/hls_a192K_v4.m3u8").path
    }

    static func manual(_ source: LiveSource, window: Int, looping: LiveLooping = .discontinuity) -> LiveStreamConfiguration {
        LiveStreamConfiguration(source: source, windowSize: window, looping: looping, timing: .manual)
    }

    /// The sequence numbers listed in a playlist text, in order.
    static func listed(_ text: String) -> [Int] {
        text.split(separator: "\n").filter { $0.hasPrefix("seg") }.compactMap { Int($0.dropFirst(3).dropLast(3)) }
    }

    @Test func theWindowSlidesAndSequenceNumbersOnlyGrow() async throws {
        try await withStreamServer(content: .files([:])) { server in
            var configuration = Self.manual(Self.source(count: 5), window: 3)
            configuration.firstSequence = 7
            configuration.retainedSegments = 2
            let live = try server.startLive(configuration)
            #expect(live.playlistURL.absoluteString == "http://127.0.0.1:\(server.port)/live/index.m3u8")
            let first = try await RawHTTPConnection.fetch(port: server.port, "GET", "/live/index.m3u8")
            #expect(first.status == 200)
            #expect(first.headers["content-type"] == "application/vnd.apple.mpegurl")
            let text = String(decoding: first.body, as: UTF8.self)
            #expect(text.hasPrefix("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:7\n"))
            #expect(Self.listed(text) == [7, 8, 9])
            #expect(!text.contains("#EXT-X-ENDLIST"))

            live.advance()
            #expect(live.window == LiveStream.Window(firstSequence: 8, lastSequence: 10, ended: false))
            let second = String(decoding: try await RawHTTPConnection.fetch(port: server.port, "GET", "/live/index.m3u8").body,
                                as: UTF8.self)
            #expect(second.contains("#EXT-X-MEDIA-SEQUENCE:8\n"))
            #expect(Self.listed(second) == [8, 9, 10])

            // Published segments are served with the loop's bytes; not yet published, too old, or before the
            // first sequence: 404.
            let newest = try await RawHTTPConnection.fetch(port: server.port, "GET", "/live/seg10.ts")
            #expect(newest.status == 200)
            #expect(newest.body == live.segmentBytes(10))
            #expect(newest.body == configuration.source.segments[3].data)
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/live/seg11.ts").status == 404)
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/live/seg7.ts").status == 200)  // retained
            live.advance(by: 3)
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/live/seg8.ts").status == 404)
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/live/seg2.ts").status == 404)
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/live/nonsense").status == 404)
        }
    }

    @Test func discontinuityLoopingTagsEveryPassAndCountsTagsThatLeftTheWindow() throws {
        let live = try LiveStream(configuration: Self.manual(Self.source(count: 3), window: 4),
                                  baseURL: URL(string: "http://127.0.0.1:1")!)
        // Positions 0-3: the pass restarts at 3.
        var text = live.playlistText()
        #expect(text.contains("#EXT-X-DISCONTINUITY-SEQUENCE:0\n"))
        #expect(text.contains("#EXT-X-DISCONTINUITY\n#EXTINF:2.000000,\nseg3.ts"))
        #expect(text.components(separatedBy: "#EXT-X-DISCONTINUITY\n").count == 2)
        #expect(live.segmentBytes(3) == live.segmentBytes(0))
        // Window 4-7: the tag of segment 3 left with it (sequence 1), the one of 6 is listed.
        live.advance(by: 4)
        text = live.playlistText()
        #expect(Self.listed(text) == [4, 5, 6, 7])
        #expect(text.contains("#EXT-X-DISCONTINUITY-SEQUENCE:1\n"))
        #expect(text.contains("#EXT-X-DISCONTINUITY\n#EXTINF:2.000000,\nseg6.ts"))
        // Window 7-10: tags of 3 and 6 left; 9 is listed.
        live.advance(by: 3)
        text = live.playlistText()
        #expect(text.contains("#EXT-X-DISCONTINUITY-SEQUENCE:2\n"))
        #expect(text.contains("#EXT-X-DISCONTINUITY\n#EXTINF:2.000000,\nseg9.ts"))
    }

    @Test func endingAddsEndListAndFreezesTheWindow() throws {
        let live = try LiveStream(configuration: Self.manual(Self.source(count: 5), window: 2),
                                  baseURL: URL(string: "http://127.0.0.1:1")!)
        live.advance()
        live.end()
        live.advance(by: 5)
        #expect(live.window == LiveStream.Window(firstSequence: 1, lastSequence: 2, ended: true))
        #expect(live.playlistText().hasSuffix("seg2.ts\n#EXT-X-ENDLIST\n"))
    }

    @Test func realTimePublishesASegmentWhenItsDurationHasPassed() throws {
        let now = NIOLockedValueBox(Duration.zero)
        var configuration = LiveStreamConfiguration(source: Self.source(count: 4, duration: 2), windowSize: 3,
                                                    looping: .discontinuity, timing: .realTime)
        configuration.firstSequence = 100
        let live = try LiveStream(configuration: configuration, baseURL: URL(string: "http://127.0.0.1:1")!,
                                  elapsed: { now.withLockedValue { $0 } })
        func newest(at seconds: Double) -> Int {
            now.withLockedValue { $0 = .milliseconds(Int64(seconds * 1000)) }
            return live.window.lastSequence
        }
        // Three segments at start; the fourth once its 2 s have passed, and so on, across passes.
        #expect(newest(at: 0) == 102)
        #expect(newest(at: 1.999) == 102)
        #expect(newest(at: 2) == 103)
        #expect(newest(at: 5.9) == 104)
        #expect(newest(at: 6) == 105)
        #expect(newest(at: 2 * 1000 + 0.5) == 102 + 1000)
        // advance() adds on top of time.
        live.advance(by: 2)
        #expect(newest(at: 6) == 107)
    }

    @Test func aPlaylistFileOnDiskBecomesASourceWithItsByteRanges() throws {
        let source = try LiveSource(playlistFile: Self.demoPlaylist)
        #expect(source.segments.count == 11)
        #expect(source.segments.map(\.data.count) == [26320, 25568, 25568, 26320, 25568, 25568, 25568, 26320, 25568, 25568, 7896])
        #expect(source.segments.first?.duration == 1.018778)
        #expect(source.segments.allSatisfy { $0.data.first == 0x47 })
        #expect(throws: LiveSourceError.self) { try LiveSource(playlistFile: "/nonexistent/x.m3u8") }
    }

    @Test func continuousLoopingKeepsTimeStampsAndContinuityCountersRunning() throws {
        let source = try LiveSource(playlistFile: Self.demoPlaylist)
        let live = try LiveStream(configuration: Self.manual(source, window: 3, looping: .continuousTimestamps),
                                  baseURL: URL(string: "http://127.0.0.1:1")!)
        // The loop is segments 0-9 (segment 10 only measures where 9 ends): 10 per pass, durations from PTS.
        #expect(!live.playlistText().contains("DISCONTINUITY"))
        #expect(live.segmentDuration(0) == Double(217_690 - 126_000) / 90_000)
        #expect(live.segmentDuration(10) == live.segmentDuration(0))
        // Two and a half passes, as a client would record them.
        let recorded = (0 ..< 25).flatMap { live.segmentBytes($0) }
        var demuxer = TransportStreamDemuxer()
        var chunks = try demuxer.feed(recorded)
        chunks += demuxer.finish()
        #expect(demuxer.statistics.continuityErrors == 0)
        #expect(demuxer.statistics.droppedPES == 0)
        let times = chunks.compactMap(\.pts)
        #expect(times.count == chunks.count)
        let steps = zip(times, times.dropFirst()).map { Int64($1) - Int64($0) }
        // Strictly increasing, and no step longer than the source's own longest (no jump at a loop).
        let sourceTimes = try Self.presentationTimes(source.segments.flatMap(\.data))
        let longest = zip(sourceTimes, sourceTimes.dropFirst()).map { Int64($1) - Int64($0) }.max() ?? 0
        #expect(steps.allSatisfy { $0 > 0 && $0 <= longest }, "\(steps.filter { $0 <= 0 || $0 > longest })")
        // Pass 2 starts exactly where segment 10 of the source would have: first PTS + the pass length.
        // Unwrapped first: #expect on an optional UInt64 compared with a literal makes swift-testing read 9 bytes
        // of an 8-byte stack slot (an AddressSanitizer stack-buffer-overflow in its AnyHashable thunk, Swift
        // 6.3.1; docs/sanitizers.md), which stops the whole AddressSanitizer run.
        let pass2 = try #require(TransportStreamRetimer.firstPresentationTime(in: live.segmentBytes(10)))
        let pass3 = try #require(TransportStreamRetimer.firstPresentationTime(in: live.segmentBytes(20)))
        #expect(pass2 == 1_026_441)
        #expect(pass3 == 1_026_441 + 900_441)
    }

    @Test func sourcesThatCannotBeRetimedAreRefusedWithTheReason() async throws {
        try await withStreamServer(content: .files([:])) { server in
            #expect(throws: LiveSourceError.cannotRetime(reason: "the segments are not MPEG transport streams")) {
                try server.startLive(LiveStreamConfiguration(source: Self.source(count: 3)))
            }
            let one = LiveSource(segments: [LiveSource.Segment(data: [0x47], duration: 1)])
            #expect(throws: LiveSourceError.self) { try server.startLive(LiveStreamConfiguration(source: one)) }
            #expect(throws: LiveSourceError.invalidConfiguration("windowSize must be at least 1")) {
                try server.startLive(LiveStreamConfiguration(source: Self.source(count: 3), windowSize: 0,
                                                             looping: .discontinuity))
            }
        }
    }

    @Test func faultsApplyToLiveRequests() async throws {
        try await withStreamServer(content: .files([:]), faults: [FaultRule(path: "/live/seg*", fault: .status(code: 503, times: 1))]) { server in
            try server.startLive(Self.manual(Self.source(count: 3), window: 2))
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/live/seg0.ts").status == 503)
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/live/seg0.ts").status == 200)
            server.stopLive()
            #expect(try await RawHTTPConnection.fetch(port: server.port, "GET", "/live/index.m3u8").status == 404)
        }
    }

    static func presentationTimes(_ bytes: [UInt8]) throws -> [UInt64] {
        var demuxer = TransportStreamDemuxer()
        let chunks = try demuxer.feed(bytes) + demuxer.finish()
        return chunks.compactMap(\.pts)
    }
}
