import Foundation

/// `#EXT-X-KEY:<attribute-list>`: how the following segments are encrypted (RFC 8216 §4.3.2.4).
///
/// `METHOD=NONE` yields `key == nil` and allows no other attributes. Every other method needs a `URI`;
/// `IV` must be a 128-bit hexadecimal sequence. `SAMPLE-AES` and unknown methods are kept in the model; the
/// downloader refuses them.
struct KeyTag {
    let key: SegmentKey?

    init(value: String, line: Int, resolver: URIResolver) throws(PlaylistError) {
        let attributes = try AttributeList(parsing: value, line: line)
        guard let methodName = try attributes.enumeratedString("METHOD") else {
            throw PlaylistError(line: line, message: "EXT-X-KEY lacks the required METHOD attribute (RFC 8216 §4.3.2.4)")
        }
        guard let method = EncryptionMethod(name: methodName) else {
            if let extra = attributes.names.first(where: { $0 != "METHOD" }) {
                throw PlaylistError(line: line, message: "EXT-X-KEY with METHOD=NONE must not have \(extra) (RFC 8216 §4.3.2.4)")
            }
            key = nil
            return
        }
        guard let uriText = try attributes.quotedString("URI") else {
            throw PlaylistError(line: line, message: "EXT-X-KEY METHOD=\(methodName) lacks the required URI attribute (RFC 8216 §4.3.2.4)")
        }
        // Key URIs may use other schemes (e.g. skd:, data:) for other KEYFORMATs; the downloader checks.
        let uri = try resolver.resolve(uriText, line: line, what: "EXT-X-KEY URI", httpOnly: false)
        let iv = try attributes.hexadecimalSequence("IV")
        if let iv, iv.count != 16 {
            throw PlaylistError(line: line, message: "EXT-X-KEY IV must be 128 bits (0x + 32 hex digits), found \(iv.count * 8) bits (RFC 8216 §4.3.2.4)")
        }
        key = SegmentKey(method: method, uri: uri, iv: iv,
                         keyFormat: try attributes.quotedString("KEYFORMAT") ?? "identity",
                         keyFormatVersions: try attributes.quotedString("KEYFORMATVERSIONS"))
    }
}
