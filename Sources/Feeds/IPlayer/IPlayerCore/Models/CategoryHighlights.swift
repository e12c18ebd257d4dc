import FeedCore

/// A category's highlights, from `GET /ibl/v1/categories/{id}/highlights?lang=en&rights=mobile&availability=available`:
///
/// ```json
/// {"version": "1.0", "schema": "/ibl/v1/schema/ibl.json",
///  "category_highlights": {"category": {"id": "arts", "title": "Arts", …},
///                          "elements": [{"type": "episode", …}, {"type": "group_large", …}, …]}}
/// ```
///
/// Elements of type `episode` and `group_large` are decoded (a malformed one is an error naming its path);
/// every other type (`episode_large`, `group`, `promotion`, unknown ones) is skipped and listed in
/// ``skipped``, in feed order.
public struct CategoryHighlights: Sendable, Hashable, Decodable {
    /// The category, when the feed names it.
    public var category: Category?
    /// The episodes and collections, in feed order.
    public var elements: [HighlightElement]
    /// The elements not shown.
    public var skipped: [SkippedElement]

    /// Highlights; see the properties.
    public init(category: Category?, elements: [HighlightElement], skipped: [SkippedElement] = []) {
        self.category = category
        self.elements = elements
        self.skipped = skipped
    }

    private enum RootKeys: String, CodingKey {
        case categoryHighlights = "category_highlights"
    }

    private enum Keys: String, CodingKey {
        case category, elements
    }

    private enum ElementKeys: String, CodingKey {
        case type, id
    }

    /// The element types decoded; the seed's names.
    public enum ElementType {
        /// An episode.
        public static let episode = "episode"
        /// A collection.
        public static let collection = "group_large"
    }

    /// Decodes the whole highlights document (the object holding `category_highlights`).
    public init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: RootKeys.self)
        let container = try root.nestedContainer(keyedBy: Keys.self, forKey: .categoryHighlights)
        category = try container.decodeIfPresent(Category.self, forKey: .category)
        var elements: [HighlightElement] = []
        var skipped: [SkippedElement] = []
        for (index, element) in try (container.decodeIfPresent([AnyElement].self, forKey: .elements) ?? []).enumerated() {
            switch element {
            case .shown(let shown): elements.append(shown)
            case .skipped(let type, let id): skipped.append(SkippedElement(index: index, type: type, id: id))
            }
        }
        self.elements = elements
        self.skipped = skipped
    }

    /// One element of any type, decoded in one pass: its `type` is read first, then the element as that type
    /// from the same decoder (so errors keep their path, `…elements[3].…`).
    private enum AnyElement: Decodable {
        case shown(HighlightElement)
        case skipped(type: String?, id: String?)

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ElementKeys.self)
            let type = try container.decodeText(forKey: .type)
            switch type {
            case ElementType.episode:
                self = .shown(.episode(try Episode(from: decoder)))
            case ElementType.collection:
                self = .shown(.collection(try Collection(from: decoder)))
            default:
                self = .skipped(type: type, id: try container.decodeText(forKey: .id))
            }
        }
    }

    /// The episode with id `id`, if the highlights have one.
    public func episode(id: String) -> Episode? {
        for case .episode(let episode) in elements where episode.id == id {
            return episode
        }
        return nil
    }
}
