/// What changed between two versions of content-meta.json, as sets of media (the seed: "if content-meta.json
/// contains media that is already cached in the app, it should not reload that data").
///
/// ```swift
/// let change = MediaChange(from: old.mediaReferences, to: new.mediaReferences)
/// change.added     // fetch these
/// change.removed   // drop these from the store
/// ```
public struct MediaChange: Sendable, Hashable {
    /// In the new configuration only: to fetch.
    public var added: Set<MediaReference>
    /// In the old configuration only: to remove from the store and the screens.
    public var removed: Set<MediaReference>
    /// In both: kept as stored, not reloaded because of the change.
    public var kept: Set<MediaReference>

    /// The change from `old` to `new`.
    public init(from old: Set<MediaReference>, to new: Set<MediaReference>) {
        added = new.subtracting(old)
        removed = old.subtracting(new)
        kept = old.intersection(new)
    }

    /// Nothing added or removed.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }
}
