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

    init(value: String, line: Int) throws(PlaylistError) {
        let attributes = try AttributeList(parsing: value, line: line)
        guard let bandwidth = try attributes.decimalInteger("BANDWIDTH") else {
            throw PlaylistError(line: line, message: "EXT-X-STREAM-INF lacks the required BANDWIDTH attribute (RFC 8216 §4.3.4.2)")
        }
        self.line = line
        self.bandwidth = bandwidth
        averageBandwidth = try attributes.decimalInteger("AVERAGE-BANDWIDTH")
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
