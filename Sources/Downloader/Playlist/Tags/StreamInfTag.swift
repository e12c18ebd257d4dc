import Foundation

/// `#EXT-X-STREAM-INF:<attribute-list>`: describes the variant stream whose URI is on the next URI line
/// (RFC 8216 §4.3.4.2). `BANDWIDTH` is required.
struct StreamInfTag {
    let line: Int
    let bandwidth: Int
    let averageBandwidth: Int?
    let codecs: [String]
    let resolution: Resolution?
    let frameRate: Double?
    let audioGroupID: String?
    let videoGroupID: String?
    let subtitlesGroupID: String?

    /// `BANDWIDTH` and `AVERAGE-BANDWIDTH` written as floats (`1280000.0`) are read as integers with a warning
    /// (see ``AttributeList/decimalIntegerAllowingFloat(_:warn:)``): they only rank tracks, so no byte of the
    /// download depends on them.
    init(value: String, line: Int, scope: inout TagScope) throws(PlaylistError) {
        let attributes = try scope.attributes(value, line: line, tag: "EXT-X-STREAM-INF")
        func integer(_ name: String) throws(PlaylistError) -> Int? {
            try attributes.decimalIntegerAllowingFloat(name) { message in
                scope.warn(.integerWrittenAsFloat, line: line, rule: "RFC 8216 §4.2", message)
            }
        }
        guard let bandwidth = try integer("BANDWIDTH") else {
            throw PlaylistError(line: line, message: "EXT-X-STREAM-INF lacks the required BANDWIDTH attribute (RFC 8216 §4.3.4.2)")
        }
        self.line = line
        self.bandwidth = bandwidth
        averageBandwidth = try integer("AVERAGE-BANDWIDTH")
        codecs = try attributes.quotedString("CODECS").map(\.commaSeparatedItems) ?? []
        resolution = try attributes.resolution("RESOLUTION")
        frameRate = try attributes.decimalFloat("FRAME-RATE")
        audioGroupID = try attributes.quotedString("AUDIO")
        videoGroupID = try attributes.quotedString("VIDEO")
        subtitlesGroupID = try attributes.quotedString("SUBTITLES")
    }

    /// The variant once its URI line is known.
    func variant(uri: URL) -> VariantStream {
        VariantStream(uri: uri, bandwidth: bandwidth, averageBandwidth: averageBandwidth, codecs: codecs,
                      resolution: resolution, frameRate: frameRate, audioGroupID: audioGroupID,
                      videoGroupID: videoGroupID, subtitlesGroupID: subtitlesGroupID, line: line)
    }
}
