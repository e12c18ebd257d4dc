/// `#EXT-X-VERSION:<n>`: the compatibility version of the playlist (RFC 8216 §4.3.1.2).
struct VersionTag {
    let version: Int

    init(value: String, line: Int) throws(PlaylistError) {
        guard let version = AttributeList.parseDecimalInteger(value) else {
            throw PlaylistError(line: line, message: "EXT-X-VERSION needs a decimal integer, found \"\(value)\" (RFC 8216 §4.3.1.2)")
        }
        self.version = version
    }
}
