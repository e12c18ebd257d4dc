/// `#EXT-X-BYTERANGE:<n>[@<o>]`: the next segment is `n` bytes of its resource starting at `o`, or, when `o`
/// is absent, right after the previous segment's sub-range of the same resource (RFC 8216 §4.3.2.2).
/// The same notation is the `BYTERANGE` attribute of `EXT-X-MAP` (§4.3.2.5).
struct ByteRangeTag {
    let length: Int
    /// `nil` when the offset is implicit.
    let offset: Int?

    init(value: String, line: Int, context: String = "EXT-X-BYTERANGE") throws(PlaylistError) {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2, let length = AttributeList.parseDecimalInteger(String(parts[0])) else {
            throw PlaylistError(line: line, message: "\(context) must be <length>[@<offset>] in decimal, found \"\(value)\" (RFC 8216 §4.3.2.2)")
        }
        guard length > 0 else {
            throw PlaylistError(line: line, message: "\(context) has a zero length (RFC 8216 §4.3.2.2)")
        }
        self.length = length
        if parts.count == 2 {
            guard let offset = AttributeList.parseDecimalInteger(String(parts[1])) else {
                throw PlaylistError(line: line, message: "\(context) offset must be a decimal integer, found \"\(parts[1])\" (RFC 8216 §4.3.2.2)")
            }
            guard ByteRange(checkedLength: length, offset: offset) != nil else {
                throw PlaylistError(line: line, message: "\(context) offset \(offset) + length \(length) overflows (RFC 8216 §4.3.2.2)")
            }
            self.offset = offset
        } else {
            self.offset = nil
        }
    }
}
