import FeedCore

/// A programme category of iBL's `GET /ibl/v1/categories?rights=mobile` (seed 002): Arts, CBBC, Comedy…
///
/// ```json
/// {"type": "category", "id": "arts", "title": "Arts", "kind": "genre", "child_episode_count": 190}
/// ```
public struct Category: Sendable, Hashable, Decodable {
    /// The id used in the highlights URL, e.g. `"arts"`.
    public var id: String
    /// The name shown, e.g. `"Arts"`.
    public var title: String
    /// The element type, `"category"` in every feed seen.
    public var type: String?
    /// `"genre"` or `"channel"`.
    public var kind: String?

    /// A category; see the properties.
    public init(id: String, title: String, type: String? = "category", kind: String? = nil) {
        self.id = id
        self.title = title
        self.type = type
        self.kind = kind
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, type, kind
    }

    /// Decodes a category; `id` is required, a missing title reads as the id.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeLenientString(forKey: .id)
        title = try container.decodeText(forKey: .title) ?? id
        type = try container.decodeText(forKey: .type)
        kind = try container.decodeText(forKey: .kind)
    }
}

/// The categories document: `{"version": "1.0", "schema": "/ibl/v1/schema/ibl.json", "categories": [...]}`.
public struct CategoryList: Sendable, Hashable, Decodable {
    /// The API version, e.g. `"1.0"`.
    public var version: String?
    /// The schema path.
    public var schema: String?
    /// The categories in feed order.
    public var categories: [Category]

    /// A list; see the properties.
    public init(version: String? = "1.0", schema: String? = nil, categories: [Category]) {
        self.version = version
        self.schema = schema
        self.categories = categories
    }

    private enum CodingKeys: String, CodingKey {
        case version, schema, categories
    }

    /// Decodes the document; `categories` is required (an empty array is fine).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeText(forKey: .version)
        schema = try container.decodeText(forKey: .schema)
        categories = try container.decode([Category].self, forKey: .categories)
    }
}
