import Foundation

/// An `EXT-X-MAP` media initialization section (RFC 8216 §4.3.2.5), e.g. an fMP4 `moov` box.
public struct InitSection: Sendable, Hashable {
    /// `URI` of the resource holding the section, resolved.
    public var uri: URL
    /// `BYTERANGE` (`"n[@o]"`, offset 0 when omitted), if given.
    public var byteRange: ByteRange?
    /// The AES-128 `EXT-X-KEY` in effect at the `EXT-X-MAP` tag, if any: the section is encrypted with it,
    /// and RFC 8216 §4.3.2.5 requires that key to carry an explicit `IV`. `nil` when the section is clear.
    public var key: SegmentKey?

    /// Creates an initialization section.
    public init(uri: URL, byteRange: ByteRange? = nil, key: SegmentKey? = nil) {
        self.uri = uri
        self.byteRange = byteRange
        self.key = key
    }
}
