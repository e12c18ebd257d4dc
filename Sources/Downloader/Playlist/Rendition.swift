import Foundation

/// One `EXT-X-MEDIA` alternative rendition (RFC 8216 §4.3.4.1), e.g. an audio track in a group that
/// variant streams reference through their `AUDIO` attribute.
public struct Rendition: Sendable, Hashable {
    /// `TYPE` (required).
    public var type: MediaType
    /// `GROUP-ID` (required).
    public var groupID: String
    /// `NAME` (required): human-readable description.
    public var name: String
    /// `LANGUAGE` (RFC 5646 tag), if given.
    public var language: String?
    /// `ASSOC-LANGUAGE`, if given.
    public var assocLanguage: String?
    /// `URI` of the rendition's media playlist, resolved; `nil` means the rendition is muxed into the
    /// variant streams of the group (§4.3.4.1).
    public var uri: URL?
    /// `DEFAULT=YES`: a playback hint, not a quality measure.
    public var isDefault: Bool
    /// `AUTOSELECT=YES`.
    public var autoselect: Bool
    /// `FORCED=YES` (subtitles only).
    public var forced: Bool
    /// `CHARACTERISTICS`, split at commas (e.g. `public.accessibility.describes-video`).
    public var characteristics: [String]
    /// `CHANNELS` as written (e.g. `"2"`, `"6"`, `"16/JOC"`), if given.
    public var channels: String?
    /// 1-based line number of the tag.
    public var line: Int

    /// Creates a rendition.
    public init(type: MediaType, groupID: String, name: String, language: String? = nil,
                assocLanguage: String? = nil, uri: URL? = nil, isDefault: Bool = false,
                autoselect: Bool = false, forced: Bool = false, characteristics: [String] = [],
                channels: String? = nil, line: Int = 0) {
        self.type = type
        self.groupID = groupID
        self.name = name
        self.language = language
        self.assocLanguage = assocLanguage
        self.uri = uri
        self.isDefault = isDefault
        self.autoselect = autoselect
        self.forced = forced
        self.characteristics = characteristics
        self.channels = channels
        self.line = line
    }
}
