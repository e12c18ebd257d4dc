import Foundation

/// URLs made safe for error messages and logs: user-info (`user:password@`, RFC 3986 §3.2.1) becomes
/// `***@`, and the values of query parameters that carry secrets become `***`.
///
/// Secret parameters (names compared case-insensitively, `-` and `_` ignored): `apikey` (NPR's `apiKey`),
/// `key`, `token`, `accesstoken`, `password`, `secret`, `clientsecret`, `signature`, `sig`, `auth`.
///
/// ```swift
/// URLRedaction.redact("https://api.npr.org/query?id=1&apiKey=abc123")
/// // "https://api.npr.org/query?id=1&apiKey=***"
/// URLRedaction.redact("https://me:pw@host/a")   // "https://***@host/a"
/// ```
public enum URLRedaction {
    private static let secretNames: Set<String> = [
        "apikey", "key", "token", "accesstoken", "password", "secret", "clientsecret", "signature", "sig", "auth",
    ]

    /// `url` as text, redacted.
    public static func redact(_ url: URL) -> String {
        redact(url.absoluteString)
    }

    /// The URL text `text`, redacted; text that is not a URL is returned with anything that looks like
    /// user-info redacted all the same.
    public static func redact(_ text: String) -> String {
        var result = text
        // User-info: between "://" and the first "@" before the path.
        if let schemeEnd = result.range(of: "://") {
            let authorityEnd = result[schemeEnd.upperBound...].firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" })
                ?? result.endIndex
            if let at = result[schemeEnd.upperBound..<authorityEnd].lastIndex(of: "@") {
                result.replaceSubrange(schemeEnd.upperBound...at, with: "***@")
            }
        }
        guard let queryStart = result.firstIndex(of: "?") else { return result }
        let fragmentStart = result[queryStart...].firstIndex(of: "#") ?? result.endIndex
        let query = result[result.index(after: queryStart)..<fragmentStart]
        let redactedPairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals].lowercased().replacingOccurrences(of: "_", with: "")
                .replacingOccurrences(of: "-", with: "")
            return secretNames.contains(name) ? pair[..<equals] + "=***" : String(pair)
        }
        result.replaceSubrange(result.index(after: queryStart)..<fragmentStart, with: redactedPairs.joined(separator: "&"))
        return result
    }
}
