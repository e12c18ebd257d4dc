/// `#EXT-X-TARGETDURATION:<s>`: the maximum segment duration in whole seconds (RFC 8216 §4.3.3.1).
struct TargetDurationTag {
    let seconds: Int

    init(value: String, line: Int) throws(PlaylistError) {
        guard let seconds = AttributeList.parseDecimalInteger(value) else {
            throw PlaylistError(line: line, message: "EXT-X-TARGETDURATION needs a decimal integer, found \"\(value)\" (RFC 8216 §4.3.3.1)")
        }
        self.seconds = seconds
    }
}
