import FeedCore

/// One element of a highlights feed that is shown: an episode or a collection (`group_large`).
public enum HighlightElement: Sendable, Hashable {
    /// An `episode` element.
    case episode(Episode)
    /// A `group_large` element.
    case collection(Collection)

    /// The element's id.
    public var id: String {
        switch self {
        case .episode(let episode): episode.id
        case .collection(let collection): collection.id
        }
    }

    /// The element's title.
    public var title: String {
        switch self {
        case .episode(let episode): episode.title
        case .collection(let collection): collection.title
        }
    }
}

/// An element a highlights feed sent that is not shown (`episode_large`, `group`, `promotion`, or a type
/// this client does not know), kept so callers can say what was skipped.
public struct SkippedElement: Sendable, Hashable {
    /// Its position among the feed's elements.
    public var index: Int
    /// Its `type`, or `nil` when it had none.
    public var type: String?
    /// Its `id`, when it had one.
    public var id: String?

    /// A skipped element; see the properties.
    public init(index: Int, type: String?, id: String?) {
        self.index = index
        self.type = type
        self.id = id
    }
}
