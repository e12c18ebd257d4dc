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
    public static func parse(_ text: String, url: URL) throws(PlaylistError) -> Playlist {
        throw PlaylistError(line: nil, url: url, message: "parser not implemented yet")
    }

    /// Parses playlist bytes: strips a UTF-8 byte-order mark, rejects bytes that are not UTF-8.
    public static func parse(_ data: Data, url: URL) throws(PlaylistError) -> Playlist {
        guard data.count <= maximumSize else {
            throw PlaylistError(line: nil, url: url,
                                message: "playlist is \(data.count) bytes, more than the limit of \(maximumSize)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PlaylistError(line: nil, url: url, message: "playlist is not valid UTF-8 (RFC 8216 §4.1)")
        }
        return try parse(text, url: url)
    }
}
