import Foundation

/// One row of a list: up to three lines of text, an optional badge and thumbnail, and an id.
///
/// The lines have fixed roles so every app's rows look alike: a small `overline` (a channel, "COLLECTION"),
/// the `title`, and a `subtitle` (an episode's subtitle, "12 episodes", a duration).
///
/// A ``Kind/header`` row titles the rows under it (a category): drawn as a band with its title, shorter
/// (``ListStyle/headerHeight``), never pressed or selected.
///
/// ```swift
/// ListRow(id: "b0b7n5d9", title: "Mock the Week", subtitle: "Series 17: Episode 8",
///         overline: "BBC Two", thumbnail: URL(string: "http://127.0.0.1:8080/images/p06cfvzl.jpg"))
/// ```
public struct ListRow: Hashable, Sendable, Identifiable {
    /// What a selection reports.
    public var id: RowID
    /// The main line (what traces list).
    public var title: String
    /// A second, smaller line under the title.
    public var subtitle: String?
    /// A small line above the title.
    public var overline: String?
    /// A short mark drawn at the row's right end (e.g. "LIVE").
    public var badge: String?
    /// The thumbnail's address; a placeholder is drawn while it loads, when it failed, and when there is none.
    public var thumbnail: URL?
    /// An item (selectable) or a header over the items that follow.
    public var kind: Kind

    /// What a row is.
    public enum Kind: String, Hashable, Sendable {
        /// A selectable row.
        case item
        /// A section header: its title only, not selectable.
        case header
    }

    /// A header row titled `title` (ids must still be unique in the list: `header:Orchestra`).
    public static func header(id: RowID, title: String) -> ListRow {
        ListRow(id: id, title: title, kind: .header)
    }

    /// Whether this is a header row.
    public var isHeader: Bool { kind == .header }

    /// Creates a row.
    public init(id: RowID, title: String, subtitle: String? = nil, overline: String? = nil,
                badge: String? = nil, thumbnail: URL? = nil, kind: Kind = .item) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.overline = overline
        self.badge = badge
        self.thumbnail = thumbnail
        self.kind = kind
    }
}
