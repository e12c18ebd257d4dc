import Foundation

/// `#EXT-X-KEY:<attribute-list>`: how the following segments are encrypted (RFC 8216 §4.3.2.4).
///
/// `METHOD=NONE` yields `key == nil` and allows no other attributes (§4.3.2.4), except an empty `URI=""`,
/// which some packagers write and players ignore (hls.js resolves no URI when it is empty, `parseKey` in
/// `src/loader/m3u8-parser.ts`): it is accepted with a warning, since it cannot name a key. Any other
/// attribute with `NONE` is still refused: a `NONE` key that names a key URI or an IV is contradictory, and
/// guessing wrong would write ciphertext as if it were media. Every other method needs a `URI`; `IV` must be a
/// 128-bit hexadecimal sequence. `SAMPLE-AES` and unknown methods are kept in the model; the downloader
/// refuses them.
struct KeyTag {
    let key: SegmentKey?

    init(value: String, line: Int, scope: inout TagScope) throws(PlaylistError) {
        let attributes = try scope.attributes(value, line: line, tag: "EXT-X-KEY")
        guard let methodName = try attributes.enumeratedString("METHOD") else {
            throw PlaylistError(line: line, message: "EXT-X-KEY lacks the required METHOD attribute (RFC 8216 §4.3.2.4)")
        }
        guard let method = EncryptionMethod(name: methodName) else {
            for extra in attributes.names where extra != "METHOD" {
                if extra == "URI", attributes[extra] == .quoted("") { continue }
                throw PlaylistError(line: line, message: "EXT-X-KEY with METHOD=NONE must not have \(extra) (RFC 8216 §4.3.2.4)")
            }
            if attributes.contains("URI") {
                scope.warn(.emptyURIWithMethodNone, line: line, rule: "RFC 8216 §4.3.2.4",
                           "EXT-X-KEY with METHOD=NONE has URI=\"\"; the empty URI is ignored")
            }
            key = nil
            return
        }
        guard let uriText = try attributes.quotedString("URI") else {
            throw PlaylistError(line: line, message: "EXT-X-KEY METHOD=\(methodName) lacks the required URI attribute (RFC 8216 §4.3.2.4)")
        }
        // Key URIs may use other schemes (e.g. skd:, data:) for other KEYFORMATs; the downloader checks.
        let uri = try scope.resolver.resolve(uriText, line: line, what: "EXT-X-KEY URI", httpOnly: false)
        let iv = try attributes.hexadecimalSequence("IV")
        if let iv, iv.count != 16 {
            throw PlaylistError(line: line, message: "EXT-X-KEY IV must be 128 bits (0x + 32 hex digits), found \(iv.count * 8) bits (RFC 8216 §4.3.2.4)")
        }
        key = SegmentKey(method: method, uri: uri, iv: iv,
                         keyFormat: try attributes.quotedString("KEYFORMAT") ?? "identity",
                         keyFormatVersions: try attributes.quotedString("KEYFORMATVERSIONS"))
    }
}
