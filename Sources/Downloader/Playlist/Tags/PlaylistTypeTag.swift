/// `#EXT-X-PLAYLIST-TYPE:<EVENT|VOD>` (RFC 8216 §4.3.3.5).
struct PlaylistTypeTag {
    let type: PlaylistType

    init(value: String, line: Int) throws(PlaylistError) {
        guard let type = PlaylistType(rawValue: value) else {
            throw PlaylistError(line: line, message: "EXT-X-PLAYLIST-TYPE must be EVENT or VOD, found \"\(value)\" (RFC 8216 §4.3.3.5)")
        }
        self.type = type
    }
}
