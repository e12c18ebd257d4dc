import Foundation

/// `#EXT-X-MEDIA:<attribute-list>`: one alternative rendition (RFC 8216 §4.3.4.1).
/// `TYPE`, `GROUP-ID` and `NAME` are required; `URI` must be absent for `CLOSED-CAPTIONS`.
struct MediaTag {
    let rendition: Rendition

    init(value: String, line: Int, scope: inout TagScope) throws(PlaylistError) {
        let attributes = try scope.attributes(value, line: line, tag: "EXT-X-MEDIA")
        func required(_ name: String) -> PlaylistError {
            PlaylistError(line: line, message: "EXT-X-MEDIA lacks the required \(name) attribute (RFC 8216 §4.3.4.1)")
        }
        guard let typeName = try attributes.enumeratedString("TYPE") else { throw required("TYPE") }
        guard let type = MediaType(rawValue: typeName) else {
            throw PlaylistError(line: line, message: "EXT-X-MEDIA TYPE must be AUDIO, VIDEO, SUBTITLES or CLOSED-CAPTIONS, found \(typeName) (RFC 8216 §4.3.4.1)")
        }
        guard let groupID = try attributes.quotedString("GROUP-ID") else { throw required("GROUP-ID") }
        guard let name = try attributes.quotedString("NAME") else { throw required("NAME") }
        var uri: URL?
        if let uriText = try attributes.quotedString("URI") {
            guard type != .closedCaptions else {
                throw PlaylistError(line: line, message: "EXT-X-MEDIA TYPE=CLOSED-CAPTIONS must not have a URI (RFC 8216 §4.3.4.1)")
            }
            uri = try scope.resolver.resolve(uriText, line: line, what: "EXT-X-MEDIA URI", httpOnly: true)
        }
        let characteristics = try attributes.quotedString("CHARACTERISTICS").map(\.commaSeparatedItems) ?? []
        rendition = Rendition(
            type: type, groupID: groupID, name: name,
            language: try attributes.quotedString("LANGUAGE"),
            assocLanguage: try attributes.quotedString("ASSOC-LANGUAGE"),
            uri: uri,
            isDefault: try attributes.yesNo("DEFAULT"),
            autoselect: try attributes.yesNo("AUTOSELECT"),
            forced: try attributes.yesNo("FORCED"),
            characteristics: characteristics,
            channels: try attributes.quotedString("CHANNELS"),
            line: line)
    }
}
