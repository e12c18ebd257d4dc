import Foundation

/// `#EXT-X-MAP:URI="...",BYTERANGE="n[@o]"`: the media initialization section of the following segments
/// (RFC 8216 §4.3.2.5). A `BYTERANGE` without offset starts at byte 0: there is no previous range to continue.
struct MapTag {
    let section: InitSection

    init(value: String, line: Int, scope: inout TagScope) throws(PlaylistError) {
        let attributes = try scope.attributes(value, line: line, tag: "EXT-X-MAP")
        guard let uriText = try attributes.quotedString("URI") else {
            throw PlaylistError(line: line, message: "EXT-X-MAP lacks the required URI attribute (RFC 8216 §4.3.2.5)")
        }
        let uri = try scope.resolver.resolve(uriText, line: line, what: "EXT-X-MAP URI", httpOnly: true)
        var range: ByteRange?
        if let rangeText = try attributes.quotedString("BYTERANGE") {
            let tag = try ByteRangeTag(value: rangeText, line: line, context: "EXT-X-MAP BYTERANGE")
            range = ByteRange(length: tag.length, offset: tag.offset ?? 0)
        }
        section = InitSection(uri: uri, byteRange: range)
    }
}
