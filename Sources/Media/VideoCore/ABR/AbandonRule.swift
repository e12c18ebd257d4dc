/// The emergency down-switch: abandon a segment download that would finish with less than a segment of buffer
/// left, when a lower variant's segment would arrive sooner — after hls.js's `AbrController._abandonRulesCheck`
/// (`src/controller/abr-controller.ts`), which runs every 100 ms while a fragment loads. TTFB is taken from the
/// download itself.
///
/// Checks, in order (any failing means "keep loading"):
/// 1. the download is not from the lowest candidate;
/// 2. more than half the segment's duration has passed since the request (hls.js: "only begin monitoring frag
///    loading after half or more of its playback duration has passed");
/// 3. at the rate seen so far (bytes over time since the first byte; the estimate before any byte), the rest of
///    the segment would arrive with less than ``Margins/reserveSegments`` segment durations of buffer left;
/// 4. from the current variant down, the highest lower variant whose whole segment at that rate would load within
///    the budget (the lowest if none) loads sooner than the rest of the current one, and within 10 segment
///    durations ("completely unreasonable" otherwise). The budget is `min(buffer, segment duration)`, or with
///    ``Margins/keepSegments`` `max(min(buffer, segment duration), buffer − keepSegments × segment duration)`.
///
/// hls.js's own margins (``Margins/hlsJs``) wait until the buffer would run dry and then fall as far as one segment
/// duration requires. The player's (``Margins/standard``) abandon one segment sooner and fall only as far as the
/// buffer needs. On recorded 3G commutes (Pensieve's HSDPA test traces) hls.js's margins stalled on 9 of 142
/// traces where the offline optimum did not (2 with ours); on the one traced, a segment kept loading as the link
/// fell, since its rest still arrived before the buffer ran dry, and left too little buffer for what came next.
/// With 20 s buffered the one-segment budget fell to the lowest variant and climbed straight back, three switches
/// a cycle on the ramps. BENCHMARKS.md, "Adaptive bitrate", has the tables; the margins were chosen there
/// (`ABRBenchmarks --traces`).
public enum AbandonRule {
    /// How early to abandon, and how far down to go.
    public struct Margins: Equatable, Sendable {
        /// Buffer, in segment durations, that the rest of a download must leave when it arrives (else abandon).
        public var reserveSegments: Double
        /// Buffer, in segment durations, that the lower variant's whole segment must leave, when that allows more
        /// than one segment duration; nil: the budget is one segment duration (or the buffer, if shorter).
        public var keepSegments: Double?

        /// Margins.
        public init(reserveSegments: Double, keepSegments: Double?) {
            self.reserveSegments = reserveSegments
            self.keepSegments = keepSegments
        }

        /// hls.js `_abandonRulesCheck`: abandon when the buffer would be empty; the budget is
        /// `min(buffer, segment duration)`.
        public static let hlsJs = Margins(reserveSegments: 0, keepSegments: nil)
        /// The player's: one segment of reserve, and the lower variant may use all of the buffer but two segments.
        public static let standard = Margins(reserveSegments: 1, keepSegments: 2)
    }

    /// A download under way.
    public struct Download: Equatable, Sendable {
        /// The variant it is from.
        public var variantID: Int
        /// Media duration of the segment, seconds.
        public var segmentDuration: Double
        /// Seconds since the request was sent.
        public var elapsed: Double
        /// Seconds from the request to the first byte, once a byte arrived.
        public var timeToFirstByte: Double?
        /// Bytes received so far.
        public var loadedBytes: Int
        /// The segment's size when known (byte range, `Content-Length`); else estimated from the variant's bit rate.
        public var expectedBytes: Int?

        /// A download's progress.
        public init(variantID: Int, segmentDuration: Double, elapsed: Double, timeToFirstByte: Double? = nil,
                    loadedBytes: Int, expectedBytes: Int? = nil) {
            self.variantID = variantID
            self.segmentDuration = segmentDuration
            self.elapsed = elapsed
            self.timeToFirstByte = timeToFirstByte
            self.loadedBytes = loadedBytes
            self.expectedBytes = expectedBytes
        }
    }

    /// The variant to switch to if `download` should be abandoned now, else nil. `context` gives the buffer,
    /// the estimate and the candidates.
    public static func check(_ download: Download, context: ABRContext, margins: Margins = .standard) -> Int? {
        let ladder = ABRLadder.candidates(context)
        guard let index = ladder.firstIndex(where: { $0.id == download.variantID }), index > 0 else { return nil }
        let duration = download.segmentDuration
        let ttfb = download.timeToFirstByte ?? 0
        guard download.elapsed > max(ttfb, duration / 2) else { return nil }
        let buffer = max(0, context.bufferSeconds)
        let variant = ladder[index]
        let expected = max(download.loadedBytes, download.expectedBytes ?? Int(saturating: duration * variant.meanBandwidth / 8))
        let streaming = download.timeToFirstByte != nil ? download.elapsed - ttfb : download.elapsed
        let loadRate = download.loadedBytes > 0 && streaming > 0 ? Double(download.loadedBytes) / streaming : 0
        let remaining = loadRate > 0 ? Double(expected - download.loadedBytes) / loadRate
            : (context.estimate > 0 ? Double(expected) * 8 / context.estimate : .infinity)
        guard remaining > buffer - margins.reserveSegments * duration else { return nil }
        let bitsPerSecond = loadRate > 0 ? loadRate * 8 : context.estimate
        guard bitsPerSecond > 0 else { return ladder[0].id }
        var next = index - 1
        var nextDelay = Double.infinity
        let budget = margins.keepSegments.map { max(min(buffer, duration), buffer - $0 * duration) } ?? min(buffer, duration)
        while next >= 0 {
            nextDelay = duration * ladder[next].bandwidth / bitsPerSecond
            if nextDelay < budget || next == 0 { break }
            next -= 1
        }
        guard nextDelay < remaining, nextDelay <= duration * 10 else { return nil }
        return ladder[next].id
    }
}
