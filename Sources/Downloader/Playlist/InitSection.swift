import Foundation

/// An `EXT-X-MAP` media initialization section (RFC 8216 §4.3.2.5), e.g. an fMP4 `moov` box.
public struct InitSection: Sendable, Hashable {
    /// `URI` of the resource holding the section, resolved.
    public var uri: URL
    /// `BYTERANGE` (`"n[@o]"`, offset 0 when omitted), if given.
    public var byteRange: ByteRange?

    /// Creates an initialization section.
    public init(uri: URL, byteRange: ByteRange? = nil) {
        self.uri = uri
        self.byteRange = byteRange
    }
}
