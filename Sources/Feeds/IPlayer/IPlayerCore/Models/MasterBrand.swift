import FeedCore

/// The channel an element belongs to: `{"id": "bbc_four", "titles": {"small": "BBC Four", "medium": …, "large": …}}`.
public struct MasterBrand: Sendable, Hashable, Decodable {
    /// The master brand id, e.g. `"bbc_four"`.
    public var id: String?
    /// The shortest title.
    public var small: String?
    /// The medium title.
    public var medium: String?
    /// The longest title.
    public var large: String?

    /// A master brand; see the properties.
    public init(id: String? = nil, small: String? = nil, medium: String? = nil, large: String? = nil) {
        self.id = id
        self.small = small
        self.medium = medium
        self.large = large
    }

    private enum CodingKeys: String, CodingKey {
        case id, titles
    }

    private enum TitleKeys: String, CodingKey {
        case small, medium, large
    }

    /// Decodes a master brand; `titles` may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeText(forKey: .id)
        if let titles = try container.nestedIfPresent(keyedBy: TitleKeys.self, forKey: .titles) {
            small = try titles.decodeText(forKey: .small)
            medium = try titles.decodeText(forKey: .medium)
            large = try titles.decodeText(forKey: .large)
        }
    }

    /// The channel name a row shows: the small title, else medium, else large, else `""`.
    public var channel: String {
        small ?? medium ?? large ?? ""
    }
}
