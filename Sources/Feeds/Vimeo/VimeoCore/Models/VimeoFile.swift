import FeedCore
import Foundation
import MediaCore

/// One of a video's `files` (present only when the token's user owns the video): a rendition with every
/// field kept (the seed: "save each resolution with all fields").
///
/// HLS entries (`"quality": "hls"`) have no `width`/`height` and carry `link_secure`; progressive MP4
/// entries have both sizes, `size` in bytes and an `md5`.
///
/// ```swift
/// video.files.first(where: \.isHLS)?.streamLink   // the HLS playlist to fetch the sound from
/// ```
public struct VimeoFile: Sendable, Hashable, Decodable {
    /// `hd`, `sd`, `mobile`, `hls`, `source`, … (`nil` when not given).
    public var quality: String?
    /// The MIME type (`video/mp4`).
    public var type: String?
    /// Width in pixels (not on HLS entries).
    public var width: Int?
    /// Height in pixels (not on HLS entries).
    public var height: Int?
    /// The file's URL.
    public var link: String?
    /// The file's HTTPS URL.
    public var linkSecure: String?
    /// Size in bytes.
    public var size: Int?
    /// The file's MD5, in hex.
    public var md5: String?
    /// Every field as sent.
    public var raw: JSONTree

    /// A file with these fields (`raw` is built from them when not given).
    public init(quality: String?, type: String?, width: Int? = nil, height: Int? = nil, link: String?,
                linkSecure: String? = nil, size: Int? = nil, md5: String? = nil, raw: JSONTree? = nil) {
        self.quality = quality
        self.type = type
        self.width = width
        self.height = height
        self.link = link
        self.linkSecure = linkSecure
        self.size = size
        self.md5 = md5
        self.raw = raw ?? JSONTree.object([
            ("quality", .string(quality)), ("type", .string(type)), ("width", .int(width)), ("height", .int(height)),
            ("link", .string(link)), ("link_secure", .string(linkSecure)), ("size", .int(size)), ("md5", .string(md5)),
        ].filter { $0.1 != .null })
    }

    private enum CodingKeys: String, CodingKey {
        case quality, type, width, height, link, size, md5
        case linkSecure = "link_secure"
    }

    /// Decodes a file object; every field is optional, numbers may be strings, and the whole object is kept.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        quality = try container.decodeText(forKey: .quality)
        type = try container.decodeText(forKey: .type)
        width = try container.decodeLenientInt(forKey: .width)
        height = try container.decodeLenientInt(forKey: .height)
        link = try container.decodeText(forKey: .link)
        linkSecure = try container.decodeText(forKey: .linkSecure)
        size = try container.decodeLenientInt(forKey: .size)
        md5 = try container.decodeText(forKey: .md5)
        raw = try JSONTree(from: decoder)
    }

    /// Rebuilds a file from its stored fields.
    public init(raw: JSONTree) {
        self.init(quality: raw["quality"]?.text, type: raw["type"]?.text, width: raw["width"]?.int,
                  height: raw["height"]?.int, link: raw["link"]?.text, linkSecure: raw["link_secure"]?.text,
                  size: raw["size"]?.int, md5: raw["md5"]?.text, raw: raw)
    }

    /// Whether this is an HLS rendition: quality `hls`, an `mpegurl` type, or a link to a playlist
    /// (MediaCore's ``MediaCore/MediaSourceKind``, the one rule for what a URL is).
    public var isHLS: Bool {
        if quality?.lowercased() == "hls" { return true }
        if let type, type.lowercased().contains("mpegurl") { return true }
        guard let url = (linkSecure ?? link).flatMap(URL.init(string:)) else { return false }
        return MediaSourceKind(url) == .hlsPlaylist
    }

    /// The link to fetch: `link_secure` when given, else `link`.
    public var streamLink: String? { linkSecure ?? link }
}

extension JSONTree {
    /// `text` as a string, or `null`.
    static func string(_ text: String?) -> JSONTree { text.map(JSONTree.string) ?? .null }
    /// `value` as an integer, or `null`.
    static func int(_ value: Int?) -> JSONTree { value.map { .integer(Int64($0)) } ?? .null }
}
