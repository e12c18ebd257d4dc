import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// An endless live HLS media playlist served by a ``StreamServer``: a sliding window of
/// ``LiveStreamConfiguration/windowSize`` segments over a looped ``LiveSource``, with media sequence numbers
/// that only grow (RFC 8216 §6.2.2).
///
/// The window moves by real time (``LiveTiming/realTime``: like an encoder, a segment appears once its
/// duration has passed) and by ``advance(by:)`` (tests decide when the next segment appears). ``end()``
/// appends `EXT-X-ENDLIST` and freezes the window: the live stream has turned into a complete one.
///
/// | path | answer |
/// |---|---|
/// | `PATH/index.m3u8` | the window: `EXT-X-VERSION:3`, `EXT-X-TARGETDURATION`, `EXT-X-MEDIA-SEQUENCE`, `EXT-X-DISCONTINUITY-SEQUENCE` (discontinuity looping), the segments, `EXT-X-ENDLIST` after ``end()`` |
/// | `PATH/segN.ts` | segment `N` while it is in the window or among the ``LiveStreamConfiguration/retainedSegments`` before it; 404 before it is published and after |
///
/// ```swift
/// let server = try await StreamServer.start(content: .files([:]))
/// let live = try server.startLive(LiveStreamConfiguration(source: source, windowSize: 3, timing: .manual))
/// live.playlistURL          // http://127.0.0.1:PORT/live/index.m3u8
/// live.advance()            // one more segment at the end, the oldest leaves the playlist
/// live.advance(by: 5)       // slide faster than a client fetches: it must report a gap
/// ```
public final class LiveStream: Sendable {
    /// The stream's settings.
    public let configuration: LiveStreamConfiguration
    /// The full URL of the playlist.
    public let playlistURL: URL
    private let plan: LoopPlan
    /// Time since the stream started (real time; tests pass their own).
    private let elapsed: @Sendable () -> Duration
    private let state = NIOLockedValueBox(State())

    private struct State {
        var advances = 0
        /// The newest position when ``end()`` was called.
        var endedAt: Int?
    }

    /// Where the window stands.
    public struct Window: Sendable, Equatable {
        /// Media sequence number of the oldest listed segment (`EXT-X-MEDIA-SEQUENCE`).
        public var firstSequence: Int
        /// Media sequence number of the newest listed segment.
        public var lastSequence: Int
        /// Whether the playlist carries `EXT-X-ENDLIST`.
        public var ended: Bool
    }

    init(configuration: LiveStreamConfiguration, baseURL: URL,
         elapsed: (@Sendable () -> Duration)? = nil) throws(LiveSourceError) {
        guard configuration.windowSize >= 1 else { throw .invalidConfiguration("windowSize must be at least 1") }
        guard configuration.retainedSegments >= 0 else {
            throw .invalidConfiguration("retainedSegments must not be negative")
        }
        guard configuration.firstSequence >= 0 else {
            throw .invalidConfiguration("firstSequence must not be negative")
        }
        guard configuration.path.hasPrefix("/"), !configuration.path.hasSuffix("/") else {
            throw .invalidConfiguration("path must start with / and not end with it, e.g. /live")
        }
        self.configuration = configuration
        plan = try LoopPlan(source: configuration.source, looping: configuration.looping)
        let started = ContinuousClock.now
        self.elapsed = elapsed ?? { ContinuousClock.now - started }
        playlistURL = URL(string: baseURL.absoluteString + configuration.path + "/index.m3u8") ?? baseURL
    }

    /// Path of the playlist on the server, e.g. `/live/index.m3u8`.
    public var playlistPath: String { configuration.path + "/index.m3u8" }

    /// Path of segment `sequence`, e.g. `/live/seg12.ts`.
    public func segmentPath(_ sequence: Int) -> String { configuration.path + "/seg\(sequence).ts" }

    /// `EXT-X-TARGETDURATION` of the playlist, in seconds.
    public var targetDuration: Int { plan.targetDuration }

    /// Publishes `count` more segments at once (and drops as many of the oldest from the window).
    public func advance(by count: Int = 1) {
        state.withLockedValue { state in
            guard state.endedAt == nil else { return }
            state.advances += max(0, count)
        }
    }

    /// Ends the stream: the playlist gets `EXT-X-ENDLIST` and no segment is added any more (RFC 8216 §4.3.3.4).
    public func end() {
        state.withLockedValue { state in
            if state.endedAt == nil { state.endedAt = newestPosition(advances: state.advances) }
        }
    }

    /// The window now.
    public var window: Window {
        let (newest, ended) = state.withLockedValue { state in
            (state.endedAt ?? newestPosition(advances: state.advances), state.endedAt != nil)
        }
        let oldest = max(0, newest - configuration.windowSize + 1)
        return Window(firstSequence: configuration.firstSequence + oldest,
                      lastSequence: configuration.firstSequence + newest, ended: ended)
    }

    /// The bytes served for segment `sequence` (whether or not it is published yet): what a correct
    /// recording of that segment contains.
    public func segmentBytes(_ sequence: Int) -> [UInt8] {
        plan.bytes(at: max(0, sequence - configuration.firstSequence))
    }

    /// The `EXTINF` duration of segment `sequence`, in seconds.
    public func segmentDuration(_ sequence: Int) -> Double {
        plan.duration(at: max(0, sequence - configuration.firstSequence))
    }

    /// The playlist text for the current window.
    public func playlistText() -> String {
        let window = self.window
        let oldest = window.firstSequence - configuration.firstSequence
        let newest = window.lastSequence - configuration.firstSequence
        var lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:\(plan.targetDuration)",
                     "#EXT-X-MEDIA-SEQUENCE:\(window.firstSequence)"]
        if plan.shift == nil {
            // Tags that left the window with their segments (positions 1 ..< oldest starting a pass), §6.2.2.
            lines.append("#EXT-X-DISCONTINUITY-SEQUENCE:\(oldest > 0 ? (oldest - 1) / plan.count : 0)")
        }
        for position in oldest ... newest {
            if plan.startsDiscontinuity(at: position) { lines.append("#EXT-X-DISCONTINUITY") }
            lines.append("#EXTINF:\(String(format: "%.6f", plan.duration(at: position))),")
            lines.append("seg\(configuration.firstSequence + position).ts")
        }
        if window.ended { lines.append("#EXT-X-ENDLIST") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The answer for a request to `path`, or `nil` when `path` is not this stream's.
    func answer(for path: String) -> LiveAnswer? {
        guard path.hasPrefix(configuration.path + "/") else { return nil }
        let name = path.dropFirst(configuration.path.count + 1)
        if name == "index.m3u8" {
            return LiveAnswer(file: ResolvedFile(body: ByteBuffer(string: playlistText()), contentType: ContentTypes.m3u8))
        }
        guard name.hasPrefix("seg"), name.hasSuffix(".ts"),
              let sequence = Int(name.dropFirst(3).dropLast(3)), sequence >= 0
        else { return LiveAnswer(file: nil) }
        let window = self.window
        guard sequence <= window.lastSequence, sequence >= window.firstSequence - configuration.retainedSegments,
              sequence >= configuration.firstSequence
        else { return LiveAnswer(file: nil) }
        return LiveAnswer(file: ResolvedFile(body: ByteBuffer(bytes: segmentBytes(sequence)), contentType: ContentTypes.ts))
    }

    /// Position (0-based since the first segment) of the newest published segment.
    private func newestPosition(advances: Int) -> Int {
        var newest = configuration.windowSize - 1 + advances
        if configuration.timing == .realTime {
            // Segment p (p ≥ windowSize) appears once it is complete: start(p + 1) − start(windowSize) seconds
            // in. So with x = elapsed + start(windowSize), the newest is q − 1 for the largest q with start(q) ≤ x.
            let x = elapsed().secondsValue + plan.start(of: configuration.windowSize)
            var q = max(0, Int((x / plan.passDuration).rounded(.down)) - 1) * plan.count   // a pass early, for rounding
            while plan.start(of: q + 1) <= x { q += 1 }
            newest += max(q - 1, configuration.windowSize - 1) - (configuration.windowSize - 1)
        }
        return newest
    }
}

/// A live route's answer: the file, or `nil` for 404.
struct LiveAnswer: Sendable {
    var file: ResolvedFile?
}

extension Duration {
    /// The duration in seconds.
    var secondsValue: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
