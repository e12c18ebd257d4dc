import FeedCore

/// A collection's episodes, from `GET /ibl/v1/groups/{id}/episodes?rights=mobile&availability=available&page=1&per_page=100`
/// (what opens when a `COLLECTION` row of the highlights is tapped):
///
/// ```json
/// {"version": "1.0", "schema": "/ibl/v1/schema/ibl.json",
///  "group_episodes": {"count": 7, "page": 1, "per_page": 100, "group": {"id": "p06b6l8p", "title": "Jazz Music", …},
///                     "elements": [{"type": "episode", …}, …]}}
/// ```
///
/// The shape is iBL's paged lists (`count`, `page`, `per_page`, `elements`) under `group_episodes`, as its
/// highlights are under `category_highlights`; inferred from iBL's other documents, not seen in a captured feed.
/// Elements of type `episode` are decoded (a malformed one is an error naming its path); any other type is skipped.
public struct CollectionEpisodes: Sendable, Hashable, Decodable {
    /// The collection's title, when the document names it.
    public var title: String?
    /// The episodes, in feed order.
    public var episodes: [Episode]
    /// How many episodes the collection has in all (`count`), at least as many as sent.
    public var count: Int

    /// A collection's episodes; see the properties.
    public init(title: String?, episodes: [Episode], count: Int? = nil) {
        self.title = title
        self.episodes = episodes
        self.count = max(count ?? episodes.count, episodes.count)
    }

    private enum RootKeys: String, CodingKey {
        case groupEpisodes = "group_episodes"
    }

    private enum Keys: String, CodingKey {
        case group, elements, count
    }

    private enum GroupKeys: String, CodingKey {
        case title
    }

    private enum ElementKeys: String, CodingKey {
        case type
    }

    /// Decodes the whole document (the object holding `group_episodes`).
    public init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: RootKeys.self)
        let container = try root.nestedContainer(keyedBy: Keys.self, forKey: .groupEpisodes)
        title = try (try? container.nestedContainer(keyedBy: GroupKeys.self, forKey: .group))?.decodeText(forKey: .title)
        let episodes = try (container.decodeIfPresent([AnyElement].self, forKey: .elements) ?? []).compactMap(\.episode)
        self.episodes = episodes
        count = max(try container.decodeLenientInt(forKey: .count) ?? episodes.count, episodes.count)
    }

    /// The episode with id `id`, if the collection has one.
    public func episode(id: String) -> Episode? { episodes.first { $0.id == id } }

    /// One element: an episode, or another type (skipped).
    private struct AnyElement: Decodable {
        var episode: Episode?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ElementKeys.self)
            episode = try container.decodeText(forKey: .type) == CategoryHighlights.ElementType.episode
                ? try Episode(from: decoder) : nil
        }
    }
}
