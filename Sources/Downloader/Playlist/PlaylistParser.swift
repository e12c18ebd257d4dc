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

    /// Parses playlist text. `url` is the playlist's final URL (after redirects); relative URIs resolve against it.
    ///
    /// Rules (RFC 8216): the first line must be `#EXTM3U` (§4.3.1.1); lines end in LF, CRLF or CR; blank lines
    /// and comments (`#` not followed by `EXT`) are skipped; unknown tags are ignored (§6.3.1); master and
    /// media tags must not be mixed (§4.3.4). Segment, variant, rendition and map URIs must resolve to http or
    /// https. Encryption methods other than AES-128 are kept in the model for the downloader to refuse.
    /// - Throws: `PlaylistError` naming the line for any malformed input; never traps.
    public static func parse(_ text: String, url: URL) throws(PlaylistError) -> Playlist {
        do {
            return try parseText(text, url: url)
        } catch {
            var located = error
            located.url = url
            throw located
        }
    }

    private static func parseText(_ text: String, url: URL) throws(PlaylistError) -> Playlist {
        let size = text.utf8.count
        guard size <= maximumSize else {
            throw PlaylistError(line: nil, message: "playlist is \(size) bytes, more than the limit of \(maximumSize)")
        }
        let lines = PlaylistLines.split(text)
        guard let first = lines.first, first.text == "#EXTM3U" else {
            throw PlaylistError(line: 1, message: "first line must be #EXTM3U (RFC 8216 §4.3.1.1)")
        }
        var builder = PlaylistBuilder(url: url, maximumSegments: maximumSegments)
        for line in lines.dropFirst() where !line.text.isEmpty {
            if line.text.hasPrefix("#") {
                guard line.text.hasPrefix("#EXT") else { continue }  // a comment (§4.1)
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

    /// Parses playlist bytes: strips a UTF-8 byte-order mark, rejects bytes that are not UTF-8.
    public static func parse(_ data: Data, url: URL) throws(PlaylistError) -> Playlist {
        guard data.count <= maximumSize else {
            throw PlaylistError(line: nil, url: url,
                                message: "playlist is \(data.count) bytes, more than the limit of \(maximumSize)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw PlaylistError(line: nil, url: url, message: "playlist is not valid UTF-8 (RFC 8216 §4.1)")
        }
        return try parse(text, url: url)
    }
}
