import FeedCore
import Foundation

/// An album of the user's (`GET /me/albums`), with the fields the seed stores: name, description,
/// created_time, every picture link, and the metadata's videos link when the album has videos.
///
/// `description` is often `null`; `pictures` comes as an object or an array (``VimeoPictures``); the
/// videos connection's `total` says how many videos the album holds.
public struct VimeoAlbum: Sendable, Hashable, Decodable {
    /// The id: the last path component of `uri`.
    public var id: String
    /// The API path, e.g. `/users/42/albums/1234`.
    public var uri: String
    /// The album's name.
    public var name: String
    /// Its description (`nil` for `null` or empty).
    public var description: String?
    /// When it was created.
    public var createdTime: Date?
    /// Its picture, every size.
    public var pictures: VimeoPictures
    /// Every metadata item.
    public var metadata: VimeoMetadata

    /// An album with these fields.
    public init(id: String, uri: String? = nil, name: String, description: String? = nil, createdTime: Date? = nil,
                pictures: VimeoPictures = .none, metadata: VimeoMetadata = .none) {
        self.id = id
        self.uri = uri ?? "/albums/\(id)"
        self.name = name
        self.description = description
        self.createdTime = createdTime
        self.pictures = pictures
        self.metadata = metadata
    }

    /// The videos connection's link when it holds at least one video (the seed's "metadata API link if
    /// total > 0"); `nil` otherwise.
    public var videosLink: String? { metadata.connection("videos")?.linkIfNotEmpty }

    /// How many videos the album holds, when the metadata says.
    public var videoCount: Int? { metadata.connection("videos")?.total }

    private enum CodingKeys: String, CodingKey {
        case uri, name, description, pictures, metadata
        case createdTime = "created_time"
    }

    /// Decodes an album; `uri` is required (it gives the id).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        (uri, id) = try VimeoAlbum.identity(in: container, key: .uri)
        name = try container.decodeText(forKey: .name) ?? ""
        description = try container.decodeText(forKey: .description)
        createdTime = try container.decodeIfPresent(ISO8601Timestamp.self, forKey: .createdTime)?.date
        pictures = try container.decodeIfPresent(VimeoPictures.self, forKey: .pictures) ?? .none
        metadata = try container.decodeIfPresent(VimeoMetadata.self, forKey: .metadata) ?? .none
    }

    /// The `uri` at `key` and the id it gives.
    /// - Throws: a `DecodingError` naming the key when it is missing or has no last path component.
    static func identity<Key: CodingKey>(in container: KeyedDecodingContainer<Key>, key: Key) throws -> (String, String) {
        guard let uri = try container.decodeText(forKey: key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: container.codingPath, debugDescription: "no uri (the id comes from it)"))
        }
        guard let id = VimeoID.fromURI(uri) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container,
                                                   debugDescription: "\"\(uri.prefix(100))\" has no last path component to use as the id")
        }
        return (uri, id)
    }
}
