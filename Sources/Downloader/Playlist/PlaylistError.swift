import Foundation

/// Why a playlist could not be parsed, and where (RFC 8216 section cited in the message where one applies).
///
/// `description` reads like `line 7: EXT-X-BYTERANGE without offset follows no range of the same resource
/// (RFC 8216 §4.3.2.2) [http://host/a.m3u8]`.
public struct PlaylistError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line number of the offending line, `nil` for whole-playlist problems.
    public var line: Int?
    /// The playlist URL, when known.
    public var url: URL?
    /// What went wrong, without the location.
    public var message: String

    /// Creates an error.
    public init(line: Int?, url: URL? = nil, message: String) {
        self.line = line
        self.url = url
        self.message = message
    }

    /// `"line N: message [url]"`, with credentials in the URL replaced by `***@`.
    public var description: String {
        var text = ""
        if let line { text += "line \(line): " }
        text += message
        if let url { text += " [\(url.redactedString)]" }  // never the credentials
        return text
    }
}
