import Foundation

/// One row of the highlights list, as seed 002 describes it:
///
/// | element | line 1 | line 2 | line 3 |
/// |---|---|---|---|
/// | episode | channel (master brand) | title | subtitle |
/// | collection | `COLLECTION` | title | number of episodes (`7 episodes`) |
///
/// Both carry the programme image. Selecting an episode opens its details; selecting a collection opens its
/// episodes.
///
/// ```swift
/// let rows = highlights.elements.map(HighlightRow.init)
/// rows[0].lines            // ["BBC Four", "Britain's Lost Masterpieces", "Series 3: 1. Bath"]
/// rows[0].imageURL(width: 320)
/// ```
public struct HighlightRow: Sendable, Hashable, Identifiable {
    /// Episode or collection.
    public enum Kind: String, Sendable, Hashable {
        /// An episode row.
        case episode
        /// A collection row.
        case collection
    }

    /// The text shown in place of a channel on collection rows.
    public static let collectionLabel = "COLLECTION"

    /// What the row is.
    public var kind: Kind
    /// The element id.
    public var id: String
    /// Line 1: the channel, or ``collectionLabel``.
    public var channel: String
    /// Line 2: the title.
    public var title: String
    /// Line 3 of an episode: its subtitle, `""` when it has none.
    public var subtitle: String
    /// A collection's number of episodes (`nil` for episodes).
    public var count: Int?
    /// The programme image.
    public var image: ImageTemplate?

    /// The row for `element`.
    public init(_ element: HighlightElement) {
        switch element {
        case .episode(let episode):
            kind = .episode
            id = episode.id
            channel = episode.channel
            title = episode.title
            subtitle = episode.subtitle ?? ""
            count = nil
            image = episode.image
        case .collection(let collection):
            kind = .collection
            id = collection.id
            channel = Self.collectionLabel
            title = collection.title
            subtitle = collection.subtitle ?? ""
            count = collection.count
            image = collection.image
        }
    }

    /// Line 3: an episode's subtitle, or a collection's `N episodes` (`1 episode`).
    public var detail: String {
        switch kind {
        case .episode: subtitle
        case .collection: Self.episodeCount(count ?? 0)
        }
    }

    /// The three lines shown, in order.
    public var lines: [String] {
        [channel, title, detail]
    }

    /// Whether selecting the row does something: always (episodes open their details, collections their
    /// episodes).
    public var isSelectable: Bool { true }

    /// The image URL for a thumbnail `width` pixels wide (ImageChef's smallest covering size).
    public func imageURL(width: Int) -> URL? {
        image?.url(width: width)
    }

    /// `1 episode`, `7 episodes`.
    public static func episodeCount(_ count: Int) -> String {
        count == 1 ? "1 episode" : "\(count) episodes"
    }
}
