/// `#EXT-X-BITRATE:<kbps>`: approximate segment bit rate in kilobits per second, applying to every following
/// segment until the next `EXT-X-BITRATE` (draft-pantos-hls-rfc8216bis §4.4.4.8).
struct BitrateTag {
    /// The rate in bits per second (`kbps * 1000`, overflow-checked).
    let bitsPerSecond: Int

    init(value: String, line: Int) throws(PlaylistError) {
        guard let kilobits = AttributeList.parseDecimalInteger(value),
              case (let bits, false) = kilobits.multipliedReportingOverflow(by: 1000)
        else {
            throw PlaylistError(line: line, message: "EXT-X-BITRATE needs a decimal integer of kbit/s, found \"\(value)\" (rfc8216bis §4.4.4.8)")
        }
        bitsPerSecond = bits
    }
}
