/// `EXT-X-PLAYLIST-TYPE` of a media playlist (RFC 8216 §4.3.3.5).
public enum PlaylistType: String, Sendable, Hashable {
    /// `EVENT`: segments may only be appended.
    case event = "EVENT"
    /// `VOD`: the playlist never changes.
    case vod = "VOD"
}
