/// `#EXT-X-DISCONTINUITY-SEQUENCE:<n>`: the discontinuity sequence number of the first segment
/// (RFC 8216 §4.3.3.3), at most ``PlaylistParser/maximumSequenceNumber``.
struct DiscontinuitySequenceTag {
    let number: Int

    init(value: String, line: Int) throws(PlaylistError) {
        guard let number = AttributeList.parseDecimalInteger(value) else {
            throw PlaylistError(line: line, message: "EXT-X-DISCONTINUITY-SEQUENCE needs a decimal integer, found \"\(value)\" (RFC 8216 §4.3.3.3)")
        }
        guard number <= PlaylistParser.maximumSequenceNumber else {
            throw PlaylistError(line: line, message: "EXT-X-DISCONTINUITY-SEQUENCE \(number) is above the limit of \(PlaylistParser.maximumSequenceNumber) (2^53 − 1, the largest players read exactly) (RFC 8216 §4.3.3.3)")
        }
        self.number = number
    }
}
