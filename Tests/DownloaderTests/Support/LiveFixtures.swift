import Foundation
import TestSupport
import StreamServer
@testable import Downloader

/// Live streams for the recording tests: a ``StreamServer`` in live mode over synthetic or real segments.
enum LiveFixtures {
    /// `count` distinct pseudo-random segments of about `size` bytes and `duration` seconds each.
    static func syntheticSource(count: Int, size: Int = 3000, duration: Double = 2) -> LiveSource {
        let lengths = StreamFixtures.lengths(count: count, average: size, seed: 4242)
        return LiveSource(segments: lengths.enumerated().map { index, length in
            LiveSource.Segment(data: StreamFixtures.bytes(count: length, seed: 9000 + UInt64(index)), duration: duration)
        })
    }

    /// The demo's real MP3-in-MPEG-TS rendition (11 segments of about 1 s, target duration 1), from the
    /// source tree: `Sources/Samples/DefaultStream/hls_a192K_v4.m3u8`.
    static var demoPlaylistPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Samples/DefaultStream/hls_a192K_v4.m3u8").path
    }

    /// Runs `body` with a server whose `/live` stream follows `configuration`, and a temporary directory.
    static func withLiveServer<T>(_ configuration: LiveStreamConfiguration, faults: [FaultRule] = [],
                                  files: [String: ServedFile] = [:],
                                  _ body: (StreamServer, LiveStream, URL) async throws -> T) async throws -> T {
        let server = try await StreamServer.start(content: .files(files))
        server.setFaults(faults)
        let directory = try makeTemporaryDirectory("live-tests")
        do {
            let live = try server.startLive(configuration)
            let result = try await body(server, live, directory)
            try await server.shutdown()
            try? FileManager.default.removeItem(at: directory)
            return result
        } catch {
            try? await server.shutdown()
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// A manual-timing configuration over `source` with discontinuity looping (synthetic bytes).
    static func manual(_ source: LiveSource, window: Int = 3, firstSequence: Int = 0) -> LiveStreamConfiguration {
        var configuration = LiveStreamConfiguration(source: source, windowSize: window, looping: .discontinuity,
                                                    timing: .manual)
        configuration.firstSequence = firstSequence
        return configuration
    }
}

/// Reads a recording's events one at a time, so a test can wait for exactly the next one.
final class LiveEventReader: @unchecked Sendable {
    private var iterator: LiveEvents.AsyncIterator
    /// Every event read so far.
    private(set) var received: [LiveEvent] = []

    init(_ recording: LiveRecording) {
        iterator = recording.events.makeAsyncIterator()
    }

    /// The next event, or `nil` at the end.
    func next() async -> LiveEvent? {
        let event = await iterator.next()
        if let event { received.append(event) }
        return event
    }

    /// Reads until a segment with `sequence` arrives; returns the events read on the way (itself included).
    @discardableResult
    func read(throughSequence sequence: Int) async -> [LiveEvent] {
        var events: [LiveEvent] = []
        while let event = await next() {
            events.append(event)
            if case .segment(let segment) = event, segment.sequenceNumber >= sequence { break }
        }
        return events
    }

    /// Reads to the end.
    func drain() async {
        while await next() != nil {}
    }

    /// Sequence numbers of the segments read.
    var segmentSequences: [Int] {
        received.compactMap { if case .segment(let segment) = $0 { segment.sequenceNumber } else { nil } }
    }

    /// Gaps read.
    var gaps: [LiveGap] {
        received.compactMap { if case .gap(let gap) = $0 { gap } else { nil } }
    }
}
