/// The `TYPE` of an `EXT-X-MEDIA` rendition (RFC 8216 §4.3.4.1).
public enum MediaType: String, Sendable, Hashable, CaseIterable {
    /// `AUDIO`
    case audio = "AUDIO"
    /// `VIDEO`
    case video = "VIDEO"
    /// `SUBTITLES`
    case subtitles = "SUBTITLES"
    /// `CLOSED-CAPTIONS`
    case closedCaptions = "CLOSED-CAPTIONS"
}
