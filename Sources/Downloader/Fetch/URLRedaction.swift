import Foundation

extension URL {
    /// The URL as text with any user-info (`user:password@`, RFC 3986 §3.2.1) replaced by `***@`, so that
    /// credentials never reach logs or error messages.
    ///
    /// ```swift
    /// URL(string: "https://me:secret@host/a.m3u8")!.redactedString   // "https://***@host/a.m3u8"
    /// ```
    public var redactedString: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: true),
              components.user != nil || components.password != nil
        else { return absoluteString }
        components.user = nil
        components.password = nil
        guard let text = components.string, let schemeEnd = text.range(of: "://") else {
            return "<URL with credentials>"
        }
        var redacted = text
        redacted.insert(contentsOf: "***@", at: schemeEnd.upperBound)
        return redacted
    }

    /// Whether the scheme is `http` or `https` (case-insensitive), the only schemes the downloader fetches.
    var isHTTPOrHTTPS: Bool {
        guard let scheme = scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }
}
