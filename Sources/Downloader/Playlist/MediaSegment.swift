import Foundation

/// One media segment: its `EXTINF` and the tags that apply to it, plus its URI line (RFC 8216 §3, §4.3.2).
public struct MediaSegment: Sendable, Hashable {
    /// The segment's resource, resolved against the media playlist's URL (http or https only).
    public var uri: URL
    /// `EXTINF` duration in seconds (§4.3.2.1); finite and not negative.
    public var duration: Double
    /// `EXTINF` title after the comma, if any non-empty one was given.
    public var title: String?
    /// `EXT-X-BYTERANGE` (§4.3.2.2) with the offset resolved; `nil` means the whole resource.
    public var byteRange: ByteRange?
    /// Media sequence number (§3): `EXT-X-MEDIA-SEQUENCE` plus the segment's index.
    public var sequenceNumber: Int
    /// Discontinuity sequence number (§4.3.3.3) of the segment.
    public var discontinuitySequence: Int
    /// The `EXT-X-KEY` in effect (§4.3.2.4); `nil` when unencrypted (`METHOD=NONE` or no key tag).
    public var key: SegmentKey?
    /// The `EXT-X-MAP` in effect (§4.3.2.5), if any.
    public var initSection: InitSection?
    /// Whether `EXT-X-DISCONTINUITY` precedes this segment (§4.3.2.3).
    public var discontinuity: Bool
    /// `EXT-X-BITRATE` in bits per second in effect for this segment (rfc8216bis §4.4.4.8; the tag gives kbit/s).
    public var bitrate: Int?
    /// 1-based line number of the segment's URI line.
    public var line: Int

    /// Creates a media segment.
    public init(uri: URL, duration: Double, title: String? = nil, byteRange: ByteRange? = nil,
                sequenceNumber: Int, discontinuitySequence: Int = 0, key: SegmentKey? = nil,
                initSection: InitSection? = nil, discontinuity: Bool = false, bitrate: Int? = nil,
                line: Int = 0) {
        self.uri = uri
        self.duration = duration
        self.title = title
        self.byteRange = byteRange
        self.sequenceNumber = sequenceNumber
        self.discontinuitySequence = discontinuitySequence
        self.key = key
        self.initSection = initSection
        self.discontinuity = discontinuity
        self.bitrate = bitrate
        self.line = line
    }
}
