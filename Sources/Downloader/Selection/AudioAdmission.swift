/// Why a track of a master playlist was taken for an audio track, from the strongest evidence to the weakest.
///
/// Renditions and variants whose `CODECS` are all audio are **known** to be audio; a variant without `CODECS`
/// is only **guessed** to be audio from its URI. A known track always ranks above a guessed one (see
/// ``AudioTrackSelector/rank(_:mediaPlaylists:)``), so a guess can never beat a variant that says it is audio.
public enum AudioAdmission: Sendable, Hashable, CustomStringConvertible {
    /// An `EXT-X-MEDIA TYPE=AUDIO` rendition with a `URI` (RFC 8216 §4.3.4.1).
    case audioRendition
    /// A variant whose `CODECS` entries are all audio codecs (RFC 8216 §4.3.4.2), e.g. `["mp4a.40.5"]`.
    case audioCodecs([String])
    /// A variant without `CODECS`, `RESOLUTION`, `FRAME-RATE` or `VIDEO` group whose URI says audio and
    /// nothing that says video. `hint` is what the URI says, e.g. `"audio"` or `"128k"`.
    case uriGuess(hint: String)

    /// Whether the playlist itself says the track is audio (a rendition or `CODECS`), rather than its URI.
    public var isKnown: Bool {
        switch self {
        case .audioRendition, .audioCodecs: return true
        case .uriGuess: return false
        }
    }

    /// One word for tables: `EXT-X-MEDIA`, `CODECS`, or `guess:` and the hint (`guess:audio`).
    public var label: String {
        switch self {
        case .audioRendition: return "EXT-X-MEDIA"
        case .audioCodecs: return "CODECS"
        case .uriGuess(let hint): return "guess:" + hint
        }
    }

    /// The reason in a few words, e.g. `CODECS="mp4a.40.5" (audio only)` or
    /// `guessed from "audio" in its URI (no CODECS)`.
    public var description: String {
        switch self {
        case .audioRendition: return "EXT-X-MEDIA TYPE=AUDIO rendition"
        case .audioCodecs(let codecs): return "CODECS=\"\(codecs.joined(separator: ","))\" (audio only)"
        case .uriGuess(let hint): return "guessed from \"\(hint)\" in its URI (no CODECS)"
        }
    }
}
