/// A section as shown: groups of items (a category each in Performances and Extras), and the media it points
/// at that is not loaded yet (so the window shows a loading indicator and `mediakit` says what is missing).
public struct Section: Sendable, Hashable {
    /// Which section.
    public var name: SectionName
    /// Its groups, in the file's order.
    public var groups: [Group]
    /// Media the section points at that was not available (not stored yet, or failed to load).
    public var pending: [MediaReference]

    /// A section.
    public init(name: SectionName, groups: [Group], pending: [MediaReference] = []) {
        self.name = name
        self.groups = groups
        self.pending = pending
    }

    /// Every item, group after group.
    public var items: [SectionItem] { groups.flatMap(\.items) }

    /// A titled run of items (a category; Radio's "Stations" and "Stories").
    public struct Group: Sendable, Hashable {
        /// The group's title (a category's name), or `nil` for a section of one untitled group.
        public var title: String?
        /// Its items.
        public var items: [SectionItem]

        /// A group.
        public init(title: String?, items: [SectionItem]) {
            self.title = title
            self.items = items
        }
    }
}
