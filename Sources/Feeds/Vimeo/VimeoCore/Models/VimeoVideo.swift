import FeedCore
import Foundation

/// A video (`GET /me/albums/{id}/videos`, `GET /me/videos?query=`), with the fields the seed stores: name,
/// description, length/duration, width, height, created_time, every picture link, tags, the metadata
/// link when its total > 0, every file with all its fields, and status.
///
/// `files` is present only when the token's user owns the video (empty otherwise); `tags` are objects
/// with a `name` (plain strings are accepted too); `description` is often `null`.
public struct VimeoVideo: Sendable, Hashable, Decodable {
    /// The id: the last path component of `uri`.
    public var id: String
    /// The API path, e.g. `/videos/76979871`.
    public var uri: String
    /// The title.
    public var name: String
    /// The description (`nil` for `null` or empty).
    public var description: String?
    /// Length in seconds (`duration`, or `length` where an API version sends that).
    public var duration: Int?
    /// Width in pixels.
    public var width: Int?
    /// Height in pixels.
    public var height: Int?
    /// When it was uploaded.
    public var createdTime: Date?
    /// The video's page on vimeo.com.
    public var link: String?
    /// The thumbnail, every size.
    public var pictures: VimeoPictures
    /// Tag names.
    public var tags: [String]
    /// Every metadata item.
    public var metadata: VimeoMetadata
    /// Every file (owner only), all fields.
    public var files: [VimeoFile]
    /// `available`, `uploading`, `transcoding`, `uploading_error`, … (`nil` when not given).
    public var status: String?

    /// A video with these fields.
    public init(id: String, uri: String? = nil, name: String, description: String? = nil, duration: Int? = nil,
                width: Int? = nil, height: Int? = nil, createdTime: Date? = nil, link: String? = nil,
                pictures: VimeoPictures = .none, tags: [String] = [], metadata: VimeoMetadata = .none,
                files: [VimeoFile] = [], status: String? = nil) {
        self.id = id
        self.uri = uri ?? "/videos/\(id)"
        self.name = name
        self.description = description
        self.duration = duration
        self.width = width
        self.height = height
        self.createdTime = createdTime
        self.link = link
        self.pictures = pictures
        self.tags = tags
        self.metadata = metadata
        self.files = files
        self.status = status
    }

    /// The order in which connections are tried for ``metadataLink`` (the seed names no connection for a
    /// video; this order is ours): comments, credits, likes, pictures, text tracks, then the rest by name.
    public static let metadataLinkOrder = ["comments", "credits", "likes", "pictures", "texttracks"]

    /// The connections whose total > 0, in ``metadataLinkOrder``.
    public var connectionsWithItems: [VimeoConnection] {
        let order = Self.metadataLinkOrder
        return metadata.connections.filter { $0.linkIfNotEmpty != nil }.sorted { a, b in
            let x = order.firstIndex(of: a.name) ?? order.count, y = order.firstIndex(of: b.name) ?? order.count
            return x != y ? x < y : a.name < b.name
        }
    }

    /// The metadata link kept for the video: the first connection with total > 0 (see
    /// ``metadataLinkOrder``); `nil` when none has items.
    public var metadataLink: String? { connectionsWithItems.first?.uri }

    /// The HLS rendition, when the files include one.
    public var hlsFile: VimeoFile? { files.first(where: \.isHLS) }

    private enum CodingKeys: String, CodingKey {
        case uri, name, description, duration, length, width, height, link, pictures, tags, metadata, files, status
        case createdTime = "created_time"
    }

    /// Decodes a video; `uri` is required (it gives the id), everything else may be missing or `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        (uri, id) = try VimeoAlbum.identity(in: container, key: .uri)
        name = try container.decodeText(forKey: .name) ?? ""
        description = try container.decodeText(forKey: .description)
        duration = try container.decodeLenientInt(forKey: .duration) ?? container.decodeLenientInt(forKey: .length)
        width = try container.decodeLenientInt(forKey: .width)
        height = try container.decodeLenientInt(forKey: .height)
        createdTime = try container.decodeIfPresent(ISO8601Timestamp.self, forKey: .createdTime)?.date
        link = try container.decodeText(forKey: .link)
        pictures = try container.decodeIfPresent(VimeoPictures.self, forKey: .pictures) ?? .none
        tags = try container.decodeIfPresent([VimeoTag].self, forKey: .tags)?.compactMap(\.name) ?? []
        metadata = try container.decodeIfPresent(VimeoMetadata.self, forKey: .metadata) ?? .none
        files = try container.decodeIfPresent([VimeoFile].self, forKey: .files) ?? []
        status = try container.decodeText(forKey: .status)
    }
}

/// A tag: `{"name": "jazz", "tag": "jazz", "canonical": "jazz", …}` (its name, else `tag`, else `canonical`),
/// or a plain string.
struct VimeoTag: Decodable {
    var name: String?

    private enum CodingKeys: String, CodingKey {
        case name, tag, canonical
    }

    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            name = text.isEmpty ? nil : text
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeText(forKey: .name) ?? container.decodeText(forKey: .tag)
            ?? container.decodeText(forKey: .canonical)
    }
}
