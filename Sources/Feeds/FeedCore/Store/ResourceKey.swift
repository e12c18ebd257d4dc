/// Names one stored resource (a feed, a list, a page) in a store's retrieval log: `"ibl.categories"`,
/// `"vimeo.albums"`, `"vimeo.album.123.videos"`. A typed wrapper, so keys are not confused with other text.
///
/// ```swift
/// let key = ResourceKey("vimeo.albums")
/// let page = ResourceKey.parts("vimeo", "album", albumID, "videos")   // "vimeo.album.123.videos"
/// ```
public struct ResourceKey: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The key's text.
    public var rawValue: String

    /// A key with the text `rawValue`.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// A key from a string literal.
    public init(stringLiteral value: String) {
        rawValue = value
    }

    /// A key made of parts joined with dots.
    public static func parts(_ parts: String...) -> ResourceKey {
        ResourceKey(parts.joined(separator: "."))
    }

    /// The key's text.
    public var description: String { rawValue }

    /// Orders keys by their text.
    public static func < (lhs: ResourceKey, rhs: ResourceKey) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
