import FeedCore

/// The authenticated user, `GET /me`, with the fields the seed stores: name, link, location, bio, every
/// picture size's link, every field of each website, and every metadata item.
///
/// `location` and `bio` are `null` on many accounts (read as `nil`); `websites` may be missing or empty;
/// `pictures` may be `null` (no portrait).
public struct VimeoUser: Sendable, Hashable, Decodable {
    /// The user's id (the last path component of `uri`), `nil` when the document has no `uri`.
    public var id: String?
    /// The display name.
    public var name: String
    /// The profile page.
    public var link: String?
    /// Where the user says they are.
    public var location: String?
    /// The user's biography.
    public var bio: String?
    /// The portrait, every size.
    public var pictures: VimeoPictures
    /// Each website with every field as sent (`name`, `link`, `description`, …).
    public var websites: [JSONTree]
    /// Every metadata item.
    public var metadata: VimeoMetadata

    /// A user with these fields.
    public init(id: String? = nil, name: String, link: String? = nil, location: String? = nil, bio: String? = nil,
                pictures: VimeoPictures = .none, websites: [JSONTree] = [], metadata: VimeoMetadata = .none) {
        self.id = id
        self.name = name
        self.link = link
        self.location = location
        self.bio = bio
        self.pictures = pictures
        self.websites = websites
        self.metadata = metadata
    }

    private enum CodingKeys: String, CodingKey {
        case uri, name, link, location, bio, pictures, websites, metadata
    }

    /// Decodes `/me`; only `name` is required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeText(forKey: .uri).flatMap(VimeoID.fromURI)
        guard let name = try container.decodeText(forKey: .name) else {
            throw DecodingError.keyNotFound(CodingKeys.name, .init(codingPath: container.codingPath,
                                                                   debugDescription: "the user has no name"))
        }
        self.name = name
        link = try container.decodeText(forKey: .link)
        location = try container.decodeText(forKey: .location)
        bio = try container.decodeText(forKey: .bio)
        pictures = try container.decodeIfPresent(VimeoPictures.self, forKey: .pictures) ?? .none
        websites = try container.decodeIfPresent([JSONTree].self, forKey: .websites) ?? []
        metadata = try container.decodeIfPresent(VimeoMetadata.self, forKey: .metadata) ?? .none
    }
}
