/// `Content-Type` values by file extension, for the media an HLS player fetches.
public enum ContentTypes {
    /// HLS playlists (RFC 8216 §4).
    public static let m3u8 = "application/vnd.apple.mpegurl"
    /// MPEG-2 transport stream segments.
    public static let ts = "video/mp2t"
    /// MPEG-1/2 Layer III audio.
    public static let mp3 = "audio/mpeg"
    /// Raw ADTS AAC audio.
    public static let aac = "audio/aac"
    /// Fragmented MP4 media segments.
    public static let m4s = "video/iso.segment"
    /// MP4 files and fMP4 initialisation sections.
    public static let mp4 = "video/mp4"
    /// Anything unknown, including AES-128 key files (`.key`).
    public static let octetStream = "application/octet-stream"

    /// The content type for the extension of `path` (case-insensitive); `application/octet-stream` if unknown.
    ///
    /// ```swift
    /// ContentTypes.forPath("/live/seg1.TS")   // "video/mp2t"
    /// ```
    public static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return octetStream }
        switch name[name.index(after: dot)...].lowercased() {
        case "m3u8", "m3u": return m3u8
        case "ts": return ts
        case "mp3": return mp3
        case "aac": return aac
        case "m4s": return m4s
        case "mp4", "m4v": return mp4
        case "m4a": return "audio/mp4"
        case "txt": return "text/plain; charset=utf-8"
        case "html", "htm": return "text/html; charset=utf-8"
        case "json": return "application/json"
        case "vtt": return "text/vtt"
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        default: return octetStream
        }
    }
}
