/// A sub-range of a resource: `length` bytes starting at `offset` (RFC 8216 §4.3.2.2, §4.3.2.5).
///
/// The parser only creates ranges with `length > 0`, `offset >= 0` and `offset + length` not overflowing.
///
/// ```swift
/// let range = ByteRange(length: 1000, offset: 500)
/// range.httpRangeHeaderValue   // "bytes=500-1499"
/// ```
public struct ByteRange: Sendable, Hashable, CustomStringConvertible {
    /// Number of bytes.
    public var length: Int
    /// Offset of the first byte from the start of the resource.
    public var offset: Int

    /// Creates a byte range.
    public init(length: Int, offset: Int) {
        self.length = length
        self.offset = offset
    }

    /// Creates a byte range after checking `length > 0`, `offset >= 0` and that `offset + length` fits in `Int`.
    /// Returns `nil` otherwise.
    public init?(checkedLength length: Int, offset: Int) {
        guard length > 0, offset >= 0, case (_, false) = offset.addingReportingOverflow(length) else {
            return nil
        }
        self.init(length: length, offset: offset)
    }

    /// One past the last byte: `offset + length` (saturating, so never traps).
    public var upperBound: Int {
        let (sum, overflow) = offset.addingReportingOverflow(length)
        return overflow ? Int.max : sum
    }

    /// The bytes covered, `offset ..< offset + length`.
    public var range: Range<Int> { offset ..< max(offset, upperBound) }

    /// Value for an HTTP `Range` request header (RFC 9110 §14.1.2; last byte position is inclusive).
    public var httpRangeHeaderValue: String { "bytes=\(offset)-\(upperBound - 1)" }

    /// `"length@offset"`, the playlist notation.
    public var description: String { "\(length)@\(offset)" }
}
