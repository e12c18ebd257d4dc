/// `#EXT-X-TARGETDURATION:<s>`: the maximum segment duration in whole seconds (RFC 8216 §4.3.3.1), at most
/// ``PlaylistParser/maximumDuration``.
struct TargetDurationTag {
    let seconds: Int

    init(value: String, line: Int) throws(PlaylistError) {
        guard let seconds = AttributeList.parseDecimalInteger(value) else {
            throw PlaylistError(line: line, message: "EXT-X-TARGETDURATION needs a decimal integer, found \"\(value)\" (RFC 8216 §4.3.3.1)")
        }
        guard Double(seconds) <= PlaylistParser.maximumDuration else {
            throw PlaylistError(line: line, message: "EXT-X-TARGETDURATION \(seconds) s is longer than the limit of \(Int(PlaylistParser.maximumDuration)) s (one day) (RFC 8216 §4.3.3.1)")
        }
        self.seconds = seconds
    }
}
