/// `#EXT-X-MEDIA-SEQUENCE:<n>`: the media sequence number of the first segment (RFC 8216 §4.3.3.2), at most
/// ``PlaylistParser/maximumSequenceNumber``.
struct MediaSequenceTag {
    let number: Int

    init(value: String, line: Int) throws(PlaylistError) {
        guard let number = AttributeList.parseDecimalInteger(value) else {
            throw PlaylistError(line: line, message: "EXT-X-MEDIA-SEQUENCE needs a decimal integer, found \"\(value)\" (RFC 8216 §4.3.3.2)")
        }
        guard number <= PlaylistParser.maximumSequenceNumber else {
            throw PlaylistError(line: line, message: "EXT-X-MEDIA-SEQUENCE \(number) is above the limit of \(PlaylistParser.maximumSequenceNumber) (2^53 − 1, the largest players read exactly) (RFC 8216 §4.3.3.2)")
        }
        self.number = number
    }
}
