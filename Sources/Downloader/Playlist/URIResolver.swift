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

    /// `text` with any credentials replaced by `***@` (see `URL.redactedString`): URIs written in
    /// a playlist may carry them, and errors must not.
    static func redacted(_ text: String) -> String {
        guard text.contains("@") else { return text }
        if let url = URL(string: text), url.user != nil || url.password != nil { return url.redactedString }
        return redactedUserInfo(text)
    }

    /// Text that does not parse as a URL (a bad host, port or escape) is quoted in the error that refuses it
    /// and may still carry credentials: replace the user-info of its authority (between `//` and the last `@`
    /// before the path, RFC 3986 §3.2) with `***`.
    private static func redactedUserInfo(_ text: String) -> String {
        guard let slashes = text.range(of: "//") else { return text }
        let prefix = text[..<slashes.lowerBound]
        // "//" starts an authority only at the start or right after the scheme's ':' (RFC 3986 §3).
        guard prefix.isEmpty || (prefix.hasSuffix(":") && !prefix.contains(where: { "/?#".contains($0) })) else {
            return text
        }
        let authority = text[slashes.upperBound...].prefix { !"/?#".contains($0) }
        guard let at = authority.lastIndex(of: "@") else { return text }
        return String(text[..<slashes.upperBound]) + "***" + String(text[at...])
    }
}
