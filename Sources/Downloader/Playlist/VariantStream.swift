import Foundation

/// One `EXT-X-STREAM-INF` variant stream and the URI line that follows it (RFC 8216 §4.3.4.2).
public struct VariantStream: Sendable, Hashable {
    /// The media playlist of this variant, resolved against the master playlist's URL.
    public var uri: URL
    /// `BANDWIDTH`: peak segment bit rate in bits per second (required, §4.3.4.2).
    public var bandwidth: Int
    /// `AVERAGE-BANDWIDTH`: average segment bit rate in bits per second, if given.
    public var averageBandwidth: Int?
    /// `CODECS`, split at commas and trimmed (e.g. `["avc1.4d401f", "mp4a.40.2"]`); empty when absent.
    public var codecs: [String]
    /// `RESOLUTION`, if given.
    public var resolution: Resolution?
    /// `FRAME-RATE`, if given.
    public var frameRate: Double?
    /// `AUDIO`: the group ID of the audio renditions used with this variant (§4.3.4.2.1).
    public var audioGroupID: String?
    /// `VIDEO`: the group ID of the video renditions used with this variant.
    public var videoGroupID: String?
    /// `SUBTITLES`: the group ID of the subtitle renditions used with this variant.
    public var subtitlesGroupID: String?
    /// 1-based line number of the `EXT-X-STREAM-INF` tag.
    public var line: Int

    /// Creates a variant stream.
    public init(uri: URL, bandwidth: Int, averageBandwidth: Int? = nil, codecs: [String] = [],
                resolution: Resolution? = nil, frameRate: Double? = nil, audioGroupID: String? = nil,
                videoGroupID: String? = nil, subtitlesGroupID: String? = nil, line: Int = 0) {
        self.uri = uri
        self.bandwidth = bandwidth
        self.averageBandwidth = averageBandwidth
        self.codecs = codecs
        self.resolution = resolution
        self.frameRate = frameRate
        self.audioGroupID = audioGroupID
        self.videoGroupID = videoGroupID
        self.subtitlesGroupID = subtitlesGroupID
        self.line = line
    }
}
