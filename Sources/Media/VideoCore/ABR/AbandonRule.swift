/// The emergency down-switch: abandon a segment download that would finish after the buffer runs dry, when a
/// lower variant's segment would arrive sooner — hls.js's `AbrController._abandonRulesCheck`
/// (`src/controller/abr-controller.ts`), which runs every 100 ms while a fragment loads. TTFB is taken from the
/// download itself.
///
/// Checks, in order (any failing means "keep loading"):
/// 1. the download is not from the lowest candidate;
/// 2. more than half the segment's duration has passed since the request (hls.js: "only begin monitoring frag
///    loading after half or more of its playback duration has passed");
/// 3. at the rate seen so far (bytes over time since the first byte; the estimate before any byte), the rest of
///    the segment takes longer than the buffer lasts;
/// 4. from the current variant down, the highest lower variant whose whole segment at that rate would load within
///    `min(buffer, segment duration)` (the lowest if none) loads sooner than the rest of the current one, and
///    within 10 segment durations ("completely unreasonable" otherwise).
public enum AbandonRule {
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
    public static func check(_ download: Download, context: ABRContext) -> Int? {
        let ladder = ABRLadder.candidates(context)
        guard let index = ladder.firstIndex(where: { $0.id == download.variantID }), index > 0 else { return nil }
        let duration = download.segmentDuration
        let ttfb = download.timeToFirstByte ?? 0
        guard download.elapsed > max(ttfb, duration / 2) else { return nil }
        let buffer = max(0, context.bufferSeconds)
        let variant = ladder[index]
        let expected = max(download.loadedBytes, download.expectedBytes ?? Int(duration * variant.meanBandwidth / 8))
        let streaming = download.timeToFirstByte != nil ? download.elapsed - ttfb : download.elapsed
        let loadRate = download.loadedBytes > 0 && streaming > 0 ? Double(download.loadedBytes) / streaming : 0
        let remaining = loadRate > 0 ? Double(expected - download.loadedBytes) / loadRate
            : (context.estimate > 0 ? Double(expected) * 8 / context.estimate : .infinity)
        guard remaining > buffer else { return nil }
        let bitsPerSecond = loadRate > 0 ? loadRate * 8 : context.estimate
        guard bitsPerSecond > 0 else { return ladder[0].id }
        var next = index - 1
        var nextDelay = Double.infinity
        while next >= 0 {
            nextDelay = duration * ladder[next].bandwidth / bitsPerSecond
            if nextDelay < min(buffer, duration) || next == 0 { break }
            next -= 1
        }
        guard nextDelay < remaining, nextDelay <= duration * 10 else { return nil }
        return ladder[next].id
    }
}
