/// Vimeo's ids: the last path component of an entity's `uri` (`/users/42/albums/1234` → `1234`,
/// `/videos/76979871` → `76979871`). The API sends no separate id field.
///
/// ```swift
/// VimeoID.fromURI("/users/42/albums/1234")            // "1234"
/// VimeoID.fromURI("https://vimeo.com/album/1234/")     // "1234"
/// VimeoID.fromURI("/videos/")                          // nil
/// ```
public enum VimeoID {
    /// The last non-empty path component of `uri` (a query or fragment is ignored); `nil` when there is none.
    public static func fromURI(_ uri: String) -> String? {
        var path = Substring(uri)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        let last = path.split(separator: "/", omittingEmptySubsequences: true).last
        guard let last, !last.hasSuffix(":") else { return nil }   // "https://" has no path at all
        return String(last)
    }

    /// Whether `text` is usable as an id: not empty, no `/`, no whitespace.
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && !text.contains("/") && !text.contains(where: \.isWhitespace)
    }
}
