import FeedCore

/// A `group_large` element of a highlights feed: an editorially curated collection of episodes
/// (seed 002). It has a title, a `count` of episodes and images, and may have no `master_brand`.
/// Selecting one opens its episodes (``CollectionEpisodes``; seed 002 left it doing nothing).
public struct Collection: Sendable, Hashable, Decodable {
    /// The collection id.
    public var id: String
    /// The title.
    public var title: String
    /// A subtitle, when sent.
    public var subtitle: String?
    /// The number of episodes: `count`, else the number of `initial_children` sent, else 0.
    public var count: Int
    /// The synopses.
    public var synopses: Synopses
    /// The channel, when the feed names one.
    public var masterBrand: MasterBrand?
    /// `images.standard`.
    public var image: ImageTemplate?

    /// A collection; see the properties.
    public init(id: String, title: String, subtitle: String? = nil, count: Int, synopses: Synopses = Synopses(),
                masterBrand: MasterBrand? = nil, image: ImageTemplate? = nil) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.count = count
        self.synopses = synopses
        self.masterBrand = masterBrand
        self.image = image
    }

    private enum CodingKeys: String, CodingKey {
        case count
        case initialChildren = "initial_children"
    }

    /// Decodes a collection element; `id` and `title` are required, `count` may be a number or a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let fields = try ElementFields(from: decoder)
        (id, title, subtitle) = (fields.id, fields.title, fields.subtitle)
        (synopses, masterBrand, image) = (fields.synopses, fields.masterBrand, fields.image)
        if let count = try container.decodeLenientInt(forKey: .count) {
            self.count = max(0, count)
        } else if let children = try? container.nestedUnkeyedContainer(forKey: .initialChildren) {
            self.count = children.count ?? 0
        } else {
            count = 0
        }
    }
}
