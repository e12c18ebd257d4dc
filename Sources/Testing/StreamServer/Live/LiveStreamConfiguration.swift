/// How a ``LiveStream`` loops its source so that it never ends.
public enum LiveLooping: Sendable, Equatable {
    /// Like a real radio station: each pass over the source continues the previous one's clocks. The PTS,
    /// DTS and PCR of every pass are shifted by the length of the passes before it, and the continuity
    /// counters by their packet counts (``MPEGTS/TransportStreamRetimer``), so the recorded file has one
    /// continuous timeline. The loop is source segments `0 ..< n−1`: its exact length is the first PTS of
    /// segment `n−1` minus that of segment 0 (the last segment only measures it; it is not played), and each
    /// served `EXTINF` is measured the same way. Needs at least two MPEG-TS segments that each start with a
    /// time-stamped PES header.
    case continuousTimestamps
    /// The source's bytes as they are, with `EXT-X-DISCONTINUITY` before the first segment of every pass
    /// after the first (RFC 8216 §4.3.2.3) and `EXT-X-DISCONTINUITY-SEQUENCE` counting the ones that left
    /// the window (§4.3.3.3). Works with any bytes.
    case discontinuity
}

/// What moves a ``LiveStream``'s window forward.
public enum LiveTiming: Sendable, Equatable {
    /// Only ``LiveStream/advance(by:)`` (tests: the test decides when the next segment appears).
    case manual
    /// Real time, like an encoder: a new segment appears each time the newest one's duration has passed
    /// since the previous one appeared (``LiveStream/advance(by:)`` still adds on top).
    case realTime
}

/// The shape of a ``LiveStream``.
///
/// ```swift
/// var configuration = LiveStreamConfiguration(source: source)
/// configuration.windowSize = 4          // segments listed in the playlist
/// configuration.timing = .manual        // tests call advance()
/// configuration.path = "/radio"         // /radio/index.m3u8, /radio/seg<N>.ts
/// ```
public struct LiveStreamConfiguration: Sendable, Equatable {
    /// The media to loop.
    public var source: LiveSource
    /// URL path prefix: the playlist is `path/index.m3u8`, segment `N` is `path/segN.ts`.
    public var path: String = "/live"
    /// Segments listed in the playlist at once (the sliding window), at least 1.
    public var windowSize: Int = 6
    /// Media sequence number of the first segment (`EXT-X-MEDIA-SEQUENCE`, RFC 8216 §4.3.3.2).
    public var firstSequence: Int = 0
    /// How long a segment stays fetchable after leaving the playlist, in segments (RFC 8216 §6.2.2 asks
    /// servers to keep them a while); older and not-yet-published segments answer 404.
    public var retainedSegments: Int = 6
    /// How passes over the source join.
    public var looping: LiveLooping = .continuousTimestamps
    /// What moves the window.
    public var timing: LiveTiming = .realTime

    /// A configuration with the defaults above.
    public init(source: LiveSource, path: String = "/live", windowSize: Int = 6,
                looping: LiveLooping = .continuousTimestamps, timing: LiveTiming = .realTime) {
        self.source = source
        self.path = path
        self.windowSize = windowSize
        self.looping = looping
        self.timing = timing
    }
}
