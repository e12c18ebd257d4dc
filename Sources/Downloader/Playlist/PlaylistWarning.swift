import Foundation

/// Something a playlist bends but that players accept and that cannot make the downloaded bytes wrong, so the
/// parser accepts it and records this warning (see the leniency table in `docs/Downloader.md`).
///
/// Each warning names the line, the rule it bends and what the parser did instead of failing:
///
/// ```swift
/// let playlist = try PlaylistParser.parse("\n#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1280000.0,\nlow.m3u8\n", url: url)
/// for warning in playlist.warnings { print(warning) }
/// // line 1: 1 blank or comment line(s) before #EXTM3U, skipped (RFC 8216 §4.3.1.1) [http://host/master.m3u8]
/// // line 3: BANDWIDTH=1280000.0 is a decimal integer written as a float; read as 1280000 (RFC 8216 §4.2) [...]
/// // line 3: attribute list ends with a comma; ignored (RFC 8216 §4.2) [...]
/// ```
public struct PlaylistWarning: Sendable, Hashable, CustomStringConvertible {
    /// Which quirk was met. One case per row of the leniency table.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Blank lines or comments before `#EXTM3U` (RFC 8216 §4.3.1.1 wants it on the first line): skipped.
        case linesBeforeHeader
        /// `EXT-X-KEY:METHOD=NONE,URI=""` (§4.3.2.4 allows no other attribute with `NONE`): the empty URI is ignored.
        case emptyURIWithMethodNone
        /// An attribute list that ends with a comma, as Wowza writes them (§4.2): the comma is ignored.
        case trailingComma
        /// A decimal-integer attribute written as a float, e.g. `BANDWIDTH=1280000.0` (§4.2): the integer part
        /// is used.
        case integerWrittenAsFloat
        /// A live playlist whose last `EXTINF` has no URI line yet (§4.3.2.1): that segment is left out until the
        /// next reload lists it whole.
        case lastSegmentWithoutURI
        /// An `EXT-X-MAP` under an AES-128 `EXT-X-KEY` without `IV` (§4.3.2.5 requires one): decrypted with an IV
        /// of 0, as hls.js does.
        case initSectionWithoutIV
        /// A URI line in a master playlist that no `EXT-X-STREAM-INF` precedes (§4.3.4.2): ignored.
        case strayURIInMaster
        /// `EXT-X-DEFINE:QUERYPARAM` naming a query parameter that appears more than once (rfc8216bis §4.4.2.3):
        /// the first one is used.
        case repeatedQueryParameter
    }

    /// Which quirk this is.
    public var kind: Kind
    /// 1-based line number, `nil` when the whole playlist is meant.
    public var line: Int?
    /// The rule bent, e.g. `RFC 8216 §4.2` or `rfc8216bis §4.4.2.3`.
    public var rule: String
    /// What was found and what the parser did about it, without the location.
    public var message: String
    /// The playlist URL, once known.
    public var url: URL?

    /// Creates a warning.
    public init(kind: Kind, line: Int?, rule: String, message: String, url: URL? = nil) {
        self.kind = kind
        self.line = line
        self.rule = rule
        self.message = message
        self.url = url
    }

    /// `"line N: message (rule) [url]"`, with credentials in the URL replaced by `***@`.
    public var description: String {
        var text = ""
        if let line { text += "line \(line): " }
        text += "\(message) (\(rule))"
        if let url { text += " [\(url.redactedString)]" }
        return text
    }
}
