import Foundation

extension URL {
    /// The URL as text with any user-info (`user:password@`, RFC 3986 §3.2.1) replaced by `***@`, so that
    /// credentials never reach logs or error messages.
    ///
    /// ```swift
    /// URL(string: "https://me:secret@host/a.m3u8")!.redactedString   // "https://***@host/a.m3u8"
    /// ```
    ///
    /// The redaction works on the text (`String.redactingUserInfo()`), not on `URLComponents`: for
    /// text such as `://user:pw@host/a` (an empty scheme) Foundation's `URL` reports a user and password while
    /// `URLComponents` reports none, so a components-based redaction let them through (found by the `playlist`
    /// fuzz target).
    public var redactedString: String {
        absoluteString.redactingUserInfo()
    }

    /// Whether the scheme is `http` or `https` (case-insensitive), the only schemes the downloader fetches.
    var isHTTPOrHTTPS: Bool {
        guard let scheme = scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }
}

extension String {
    /// The text with the user-info of its authority replaced by `***`: the authority starts at a `//` that
    /// opens the text or follows the scheme's `:` (RFC 3986 §3), ends at the first `/`, `?` or `#`, and its
    /// user-info runs to its last `@` (§3.2.1). Text without an authority, or whose authority has no `@`, is
    /// returned unchanged; a `@` in a path, query or fragment is left alone. It is textual on purpose: it also
    /// covers URIs that `URL(string:)` refuses (a bad port, host or escape), which errors still quote.
    ///
    /// ```swift
    /// "https://me:secret@host/a.ts".redactingUserInfo()   // "https://***@host/a.ts"
    /// "http://host/a@b.ts".redactingUserInfo()            // unchanged
    /// ```
    func redactingUserInfo() -> String {
        guard let slashes = range(of: "//") else { return self }
        let prefix = self[..<slashes.lowerBound]
        // A scheme never holds '/', '?' or '#'; the looser test (any text ending in ':') redacts more, not less.
        guard prefix.isEmpty || (prefix.hasSuffix(":") && !prefix.contains(where: { "/?#".contains($0) })) else {
            return self
        }
        let authority = self[slashes.upperBound...].prefix { !"/?#".contains($0) }
        guard let at = authority.lastIndex(of: "@") else { return self }
        return String(self[..<slashes.upperBound]) + "***" + String(self[at...])
    }
}
