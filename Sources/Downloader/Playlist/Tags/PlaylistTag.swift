/// The tags this parser understands, with the RFC 8216 section that defines each. Tags not listed are
/// ignored, as clients MUST do (RFC 8216 §6.3.1).
enum PlaylistTag: String, CaseIterable {
    /// `#EXTM3U`, first line of every playlist (§4.3.1.1).
    case extM3U = "EXTM3U"
    /// `#EXT-X-VERSION:<n>` (§4.3.1.2).
    case version = "EXT-X-VERSION"
    /// `#EXTINF:<duration>,[<title>]` (§4.3.2.1).
    case extInf = "EXTINF"
    /// `#EXT-X-BYTERANGE:<n>[@<o>]` (§4.3.2.2).
    case byteRange = "EXT-X-BYTERANGE"
    /// `#EXT-X-DISCONTINUITY` (§4.3.2.3).
    case discontinuity = "EXT-X-DISCONTINUITY"
    /// `#EXT-X-KEY:<attribute-list>` (§4.3.2.4).
    case key = "EXT-X-KEY"
    /// `#EXT-X-MAP:<attribute-list>` (§4.3.2.5).
    case map = "EXT-X-MAP"
    /// `#EXT-X-PROGRAM-DATE-TIME` (§4.3.2.6), recognised as a media tag, value ignored.
    case programDateTime = "EXT-X-PROGRAM-DATE-TIME"
    /// `#EXT-X-DATERANGE` (§4.3.2.7), recognised as a media tag, value ignored.
    case dateRange = "EXT-X-DATERANGE"
    /// `#EXT-X-BITRATE:<kbps>` (draft-pantos-hls-rfc8216bis §4.4.4.8).
    case bitrate = "EXT-X-BITRATE"
    /// `#EXT-X-GAP` (rfc8216bis §4.4.4.7), recognised as a media tag, ignored.
    case gap = "EXT-X-GAP"
    /// `#EXT-X-TARGETDURATION:<s>` (§4.3.3.1).
    case targetDuration = "EXT-X-TARGETDURATION"
    /// `#EXT-X-MEDIA-SEQUENCE:<n>` (§4.3.3.2).
    case mediaSequence = "EXT-X-MEDIA-SEQUENCE"
    /// `#EXT-X-DISCONTINUITY-SEQUENCE:<n>` (§4.3.3.3).
    case discontinuitySequence = "EXT-X-DISCONTINUITY-SEQUENCE"
    /// `#EXT-X-ENDLIST` (§4.3.3.4).
    case endList = "EXT-X-ENDLIST"
    /// `#EXT-X-PLAYLIST-TYPE:<EVENT|VOD>` (§4.3.3.5).
    case playlistType = "EXT-X-PLAYLIST-TYPE"
    /// `#EXT-X-I-FRAMES-ONLY` (§4.3.3.6), recognised as a media tag, ignored.
    case iFramesOnly = "EXT-X-I-FRAMES-ONLY"
    /// `#EXT-X-MEDIA:<attribute-list>` (§4.3.4.1).
    case media = "EXT-X-MEDIA"
    /// `#EXT-X-STREAM-INF:<attribute-list>` followed by a URI line (§4.3.4.2).
    case streamInf = "EXT-X-STREAM-INF"
    /// `#EXT-X-I-FRAME-STREAM-INF` (§4.3.4.3), recognised as a master tag, ignored.
    case iFrameStreamInf = "EXT-X-I-FRAME-STREAM-INF"
    /// `#EXT-X-SESSION-DATA` (§4.3.4.4), recognised as a master tag, ignored.
    case sessionData = "EXT-X-SESSION-DATA"
    /// `#EXT-X-SESSION-KEY` (§4.3.4.5), recognised as a master tag, ignored.
    case sessionKey = "EXT-X-SESSION-KEY"
    /// `#EXT-X-INDEPENDENT-SEGMENTS` (§4.3.5.1), allowed in both kinds.
    case independentSegments = "EXT-X-INDEPENDENT-SEGMENTS"
    /// `#EXT-X-START` (§4.3.5.2), allowed in both kinds, ignored.
    case start = "EXT-X-START"
    /// `#EXT-X-DEFINE:<attribute-list>` (rfc8216bis §4.4.2.3), allowed in both kinds.
    case define = "EXT-X-DEFINE"

    /// Which kind of playlist a tag belongs to; master and media tags MUST NOT be mixed (§4.3.3, §4.3.4).
    enum Kind { case basic, media, master, either }

    var kind: Kind {
        switch self {
        case .extM3U, .version: return .basic
        case .extInf, .byteRange, .discontinuity, .key, .map, .programDateTime, .dateRange, .bitrate, .gap,
             .targetDuration, .mediaSequence, .discontinuitySequence, .endList, .playlistType, .iFramesOnly:
            return .media
        case .media, .streamInf, .iFrameStreamInf, .sessionData, .sessionKey: return .master
        case .independentSegments, .start, .define: return .either
        }
    }
}
