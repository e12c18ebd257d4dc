import Foundation

/// Builds request URLs from a base URL, path segments and query items, percent-encoding each part as
/// RFC 3986 §2 and §3.3–3.4 say.
///
/// ```swift
/// try FeedURL.make(base: URL(string: "http://ibl.api.bbc.co.uk")!,
///                  path: ["ibl", "v1", "categories", "arts", "highlights"],
///                  query: [QueryItem("lang", "en"), QueryItem("rights", "mobile")])
/// // http://ibl.api.bbc.co.uk/ibl/v1/categories/arts/highlights?lang=en&rights=mobile
/// ```
///
/// - The base URL's own path is kept as a prefix (`http://127.0.0.1:8080/mirror` + `ibl/v1/…`), with or
///   without a trailing slash; its query and fragment are dropped.
/// - Each path segment is data: `/`, `?`, `#`, `%` and spaces in it are encoded (`a/b` → `a%2Fb`), so an
///   id from a feed can never change the path's shape.
/// - Query names and values encode everything but the unreserved characters (`A–Z a–z 0–9 - . _ ~`), so
///   `+`, `&` and `=` in a value arrive as themselves (`URLComponents.queryItems` leaves `+` alone, which
///   servers read as a space).
public enum FeedURL {
    /// The URL for `path` segments and `query` below `base`.
    /// - Throws: ``FeedError/Kind/invalidURL(reason:)`` when `base` is not an absolute http(s) URL.
    public static func make(base: URL, path: [String], query: [QueryItem] = []) throws(FeedError.Kind) -> URL {
        guard let scheme = base.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let components = URLComponents(url: base, resolvingAgainstBaseURL: true), components.host != nil
        else {
            throw .invalidURL(reason: "base URL \(URLRedaction.redact(base.absoluteString)) is not an http(s) URL")
        }
        var prefix = components
        prefix.query = nil
        prefix.fragment = nil
        var text = prefix.string ?? base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        for segment in path {
            text += "/" + encodePathSegment(segment)
        }
        if path.isEmpty { text += "/" }
        if !query.isEmpty {
            text += "?" + query.map(\.description).joined(separator: "&")
        }
        guard let url = URL(string: text) else {
            throw .invalidURL(reason: "cannot build a URL from \(URLRedaction.redact(text))")
        }
        return url
    }

    /// `segment` with everything but unreserved characters and the sub-delimiters allowed in a path
    /// segment (RFC 3986 §3.3: `! $ & ' ( ) * + , ; = : @`) percent-encoded.
    public static func encodePathSegment(_ segment: String) -> String {
        encode(segment, keeping: pathSegmentAllowed)
    }

    /// `text` with everything but unreserved characters (RFC 3986 §2.3) percent-encoded, for query names
    /// and values.
    public static func encodeQueryComponent(_ text: String) -> String {
        encode(text, keeping: unreserved)
    }

    private static let unreserved: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))
    private static let pathSegmentAllowed: Set<UInt8> = unreserved.union(Array("!$&'()*+,;=:@".utf8))

    private static func encode(_ text: String, keeping allowed: Set<UInt8>) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if allowed.contains(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
