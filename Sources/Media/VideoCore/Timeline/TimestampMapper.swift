/// Maps container timestamps to the playlist's time line, segment by segment.
///
/// The first segment demuxed in a *domain* (a discontinuity sequence, RFC 8216 §4.3.2.3) fixes an anchor:
/// `anchor = first timestamp − the segment's start on the playlist` (ffmpeg's MPEG-TS output starts at 1.4 s, an
/// fMP4 one near 0; both map to the segment's start). Later segments of the domain use the same anchor, so
/// `EXTINF` rounding does not make time jump at every boundary. A segment whose first timestamp lands more than
/// ``maxSkew`` away from where the playlist puts it re-anchors: an untagged discontinuity, a 33-bit MPEG-TS
/// timestamp wrap (every 26.5 h, ISO/IEC 13818-1 §2.4.3.7), or a variant whose timestamps are offset.
public struct TimestampMapper: Equatable, Sendable {
    /// Largest disagreement, seconds, between a segment's first timestamp and its playlist start that is kept.
    public var maxSkew: Double
    private var anchors: [Int: Double] = [:]
    private var order: [Int] = []

    /// A mapper with no anchors; `maxSkew` defaults to 5 s.
    public init(maxSkew: Double = 5) {
        self.maxSkew = maxSkew
    }

    /// Called with the first timestamp of a segment (seconds in the container) that starts at `segmentStart` on
    /// the playlist, in `domain`. Returns the anchor to subtract from the segment's timestamps.
    public mutating func anchor(domain: Int, firstTimestamp: Double, segmentStart: Double) -> Double {
        if let anchor = anchors[domain], abs(firstTimestamp - anchor - segmentStart) <= maxSkew {
            return anchor
        }
        let anchor = firstTimestamp - segmentStart
        if anchors[domain] == nil { order.append(domain) }
        anchors[domain] = anchor
        while order.count > 16 { anchors[order.removeFirst()] = nil }
        return anchor
    }

    /// The anchor of `domain`, if one was fixed.
    public func anchor(of domain: Int) -> Double? { anchors[domain] }

    /// Forgets every anchor (a new session).
    public mutating func reset() {
        anchors = [:]
        order = []
    }
}
