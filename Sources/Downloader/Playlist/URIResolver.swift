import Foundation

/// Resolves URIs written in a playlist against the playlist's own URL (RFC 8216 §4.1, RFC 3986 §5),
/// keeping query strings, and checks the scheme.
struct URIResolver {
    let base: URL

    /// - Parameter httpOnly: require `http` or `https` (segments, playlists, init sections).
    func resolve(_ text: String, line: Int, what: String, httpOnly: Bool) throws(PlaylistError) -> URL {
        guard !text.isEmpty, let url = URL(string: text, relativeTo: base)?.absoluteURL else {
            throw PlaylistError(line: line, message: "\(what) \"\(Self.redacted(text))\" is not a valid URI (RFC 8216 §4.1)")
        }
        let text = Self.redacted(text)
        let scheme = url.scheme?.lowercased() ?? ""
        if httpOnly {
            guard scheme == "http" || scheme == "https" else {
                throw PlaylistError(line: line, message: "\(what) \"\(text)\" resolves to \(url.redactedString): only http and https URIs are supported")
            }
            guard let host = url.host, !host.isEmpty else {
                throw PlaylistError(line: line, message: "\(what) \"\(text)\" resolves to \(url.redactedString), which has no host")
            }
            if let port = url.port, !(1 ... 65535).contains(port) {
                throw PlaylistError(line: line, message: "\(what) \"\(text)\" has port \(port), outside 1-65535")
            }
        } else if scheme.isEmpty {
            throw PlaylistError(line: line, message: "\(what) \"\(text)\" does not resolve to an absolute URI")
        }
        return url
    }

    /// `text` with any credentials replaced by `***@` (`String.redactingUserInfo()`): URIs written in
    /// a playlist may carry them, and errors must not. Works on the text as written, so URIs that do not parse
    /// as URLs are covered too.
    static func redacted(_ text: String) -> String {
        text.redactingUserInfo()
    }
}
