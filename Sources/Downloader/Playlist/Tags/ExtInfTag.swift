/// `#EXTINF:<duration>,[<title>]`: the duration of the next media segment in seconds (RFC 8216 §4.3.2.1).
///
/// The duration is a decimal-integer or decimal-floating-point number; negative, NaN and infinite values are
/// rejected, and so are durations over ``PlaylistParser/maximumDuration`` (a day). A missing comma is tolerated
/// (old packagers omit it).
struct ExtInfTag {
    let duration: Double
    let title: String?

    init(value: String, line: Int) throws(PlaylistError) {
        let parts = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        let durationText = parts.first.map { String($0).trimmingBlanks } ?? ""
        guard let duration = AttributeList.parseDecimalFloat(durationText) else {
            throw PlaylistError(line: line, message: "EXTINF duration must be a non-negative finite decimal number, found \"\(durationText)\" (RFC 8216 §4.3.2.1)")
        }
        guard duration <= PlaylistParser.maximumDuration else {
            throw PlaylistError(line: line, message: "EXTINF duration \(durationText) s is longer than the limit of \(Int(PlaylistParser.maximumDuration)) s (one day) (RFC 8216 §4.3.2.1)")
        }
        self.duration = duration
        let title = parts.count > 1 ? String(parts[1]).trimmingBlanks : ""
        self.title = title.isEmpty ? nil : title
    }
}
