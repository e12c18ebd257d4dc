import Foundation

/// Parses HLS playlists (RFC 8216): text in, model out, no I/O.
///
/// ```swift
/// let playlist = try PlaylistParser.parse(text, url: URL(string: "https://host/hls_index.m3u8")!)
/// ```
public enum PlaylistParser {
    /// Largest playlist accepted, in bytes of UTF-8.
    public static let maximumSize = 16 * 1024 * 1024
    /// Largest number of media segments accepted in one media playlist.
    public static let maximumSegments = 100_000
    /// Longest `EXTINF` duration and `EXT-X-TARGETDURATION` accepted, in seconds: one day. No segment lasts that
    /// long (Apple's authoring guidelines target 6 s), and with it the sum of ``maximumSegments`` durations stays
    /// below 2^53 microseconds, where the players' arithmetic on the time line (Double seconds, Int64 microseconds)
    /// is exact and cannot overflow. A playlist naming more is refused, naming the line (issue 28:
    /// `#EXTINF:1000000000000000000000,` stopped the video player with a trap).
    public static let maximumDuration = 86_400.0
    /// Largest `EXT-X-MEDIA-SEQUENCE` and `EXT-X-DISCONTINUITY-SEQUENCE` accepted: 2^53 − 1. RFC 8216 §4.3.3.2
    /// allows up to 2^64 − 1, but hls.js reads these numbers as JavaScript numbers, exact only up to 2^53 − 1
    /// (`Number.MAX_SAFE_INTEGER`), so no stream that plays in browsers needs more; below it every sequence number
    /// of a playlist, and the next one a live player asks for, fits in `Int` with room to spare.
    public static let maximumSequenceNumber = 9_007_199_254_740_991

    /// Parses playlist text. `url` is the playlist's final URL (after redirects); relative URIs resolve against it.
    ///
    /// Rules (RFC 8216): the first line must be `#EXTM3U` (§4.3.1.1); lines end in LF, CRLF or CR; blank lines
    /// and comments (`#` not followed by `EXT`) are skipped; unknown tags are ignored (§6.3.1); master and
    /// media tags must not be mixed (§4.3.4). Segment, variant, rendition and map URIs must resolve to http or
    /// https. Encryption methods other than AES-128 are kept in the model for the downloader to refuse.
    /// Variables (`EXT-X-DEFINE`, rfc8216bis §4.4.2.3) are substituted; a media playlist loaded through a master
    /// playlist should be parsed with `parse(_:url:masterVariables:)` so that it can import them.
    ///
    /// Quirks that players accept and that cannot make a download's bytes wrong are accepted and listed in
    /// the result's ``Playlist/warnings`` (see ``PlaylistWarning/Kind``).
    /// - Throws: `PlaylistError` naming the line for any malformed input; never traps.
    public static func parse(_ text: String, url: URL) throws(PlaylistError) -> Playlist {
        try parse(text, url: url, masterVariables: nil)
    }

    /// Parses playlist text, as `parse(_:url:)`, for a playlist loaded through a master playlist
    /// whose variables are `masterVariables` (``MasterPlaylist/variables``): its `EXT-X-DEFINE:IMPORT` tags
    /// take their values from there. `nil` means it was not loaded through a master playlist, and an `IMPORT`
    /// is then an error (rfc8216bis §4.4.2.3).
    ///
    /// ```swift
    /// let master = try PlaylistParser.parse(masterText, url: masterURL)           // defines {$auth}
    /// guard case .master(let m) = master else { return }
    /// let media = try PlaylistParser.parse(mediaText, url: mediaURL, masterVariables: m.variables)
    /// ```
    public static func parse(_ text: String, url: URL, masterVariables: [String: String]?) throws(PlaylistError)
        -> Playlist
    {
        do {
            return try parseText(text, url: url, masterVariables: masterVariables)
        } catch {
            var located = error
            located.url = url
            throw located
        }
    }

    private static func parseText(_ text: String, url: URL, masterVariables: [String: String]?) throws(PlaylistError)
        -> Playlist
    {
        let size = text.utf8.count
        guard size <= maximumSize else {
            throw PlaylistError(line: nil, message: "playlist is \(size) bytes, more than the limit of \(maximumSize)")
        }
        let lines = PlaylistLines.split(text)
        var builder = PlaylistBuilder(url: url, maximumSegments: maximumSegments, masterVariables: masterVariables)
        // §4.3.1.1 wants #EXTM3U on the first line. Blank lines and comments before it carry nothing, and
        // players skip at least the blank ones (hls.js matches media playlists with a regular expression that
        // passes over blank lines, `LEVEL_PLAYLIST_REGEX_FAST` in src/loader/m3u8-parser.ts; ExoPlayer skips
        // white space before the header), so skip both and say so. Anything else first is still refused.
        let header = lines.firstIndex { !$0.text.isEmpty && !isComment($0.text) }
        guard let header, lines[header].text == "#EXTM3U" else {
            let line = header.map { lines[$0].number } ?? 1
            throw PlaylistError(line: line, message: "first line must be #EXTM3U (RFC 8216 §4.3.1.1)")
        }
        if header > 0 {
            builder.warn(.linesBeforeHeader, line: 1, rule: "RFC 8216 §4.3.1.1",
                         "\(header) blank or comment line(s) before #EXTM3U (line \(lines[header].number)), skipped")
        }
        for line in lines[(header + 1)...] where !line.text.isEmpty {
            if line.text.hasPrefix("#") {
                guard !isComment(line.text) else { continue }  // a comment (§4.1)
                let body = line.text.dropFirst()
                let name: Substring
                let value: Substring
                if let colon = body.firstIndex(of: ":") {
                    name = body[..<colon]
                    value = body[body.index(after: colon)...]
                } else {
                    name = body
                    value = ""
                }
                guard let tag = PlaylistTag(rawValue: String(name)) else { continue }  // unknown: ignore (§6.3.1)
                try builder.handle(tag, value: String(value), line: line.number)
            } else {
                try builder.handleURI(line.text, line: line.number)
            }
        }
        return try builder.finish()
    }

    /// A comment line: `#` not followed by `EXT` (RFC 8216 §4.1).
    private static func isComment(_ text: String) -> Bool {
        text.hasPrefix("#") && !text.hasPrefix("#EXT")
    }

    /// Parses playlist bytes: strips a UTF-8 byte-order mark, rejects bytes that are not UTF-8.
    public static func parse(_ data: Data, url: URL) throws(PlaylistError) -> Playlist {
        try parse(data, url: url, masterVariables: nil)
    }

    /// Parses playlist bytes, as `parse(_:url:)`, importing `masterVariables` (see
    /// `parse(_:url:masterVariables:)`).
    public static func parse(_ data: Data, url: URL, masterVariables: [String: String]?) throws(PlaylistError)
        -> Playlist
    {
        guard data.count <= maximumSize else {
            throw PlaylistError(line: nil, url: url,
                                message: "playlist is \(data.count) bytes, more than the limit of \(maximumSize)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw PlaylistError(line: nil, url: url, message: "playlist is not valid UTF-8 (RFC 8216 §4.1)")
        }
        return try parse(text, url: url, masterVariables: masterVariables)
    }
}
