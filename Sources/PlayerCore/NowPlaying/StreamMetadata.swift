/// Metadata a stream announced while playing (from ICY `StreamTitle='…';` blocks in an HTTP radio stream).
public struct StreamMetadata: Hashable, Sendable {
    /// What is on now, e.g. `Bach - Cello Suite No. 1`; `nil` or empty when the station cleared it.
    public var title: String?
    /// A related URL the station announced (`StreamUrl`), if any.
    public var url: String?

    /// Creates metadata.
    public init(title: String?, url: String? = nil) {
        self.title = title
        self.url = url
    }
}
