import FeedCore

/// One size of a picture: its link and, when given, its pixel size.
public struct VimeoPictureSize: Sendable, Hashable, Decodable {
    /// Width in pixels (`nil` when not given).
    public var width: Int?
    /// Height in pixels (`nil` when not given).
    public var height: Int?
    /// The image's URL.
    public var link: String

    /// A size of `width` × `height` at `link`.
    public init(width: Int?, height: Int?, link: String) {
        self.width = width
        self.height = height
        self.link = link
    }

    private enum CodingKeys: String, CodingKey {
        case width, height, link
    }

    /// Decodes `{width, height, link}`; the link is required, sizes may be numbers or numeric strings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        width = try container.decodeLenientInt(forKey: .width)
        height = try container.decodeLenientInt(forKey: .height)
        link = try container.decodeLenientString(forKey: .link)
    }
}

/// A user's, album's or video's picture: every size's link (the seed: "save link for each resolution").
///
/// Vimeo sends it in more than one shape, all accepted:
///
/// | shape | where | read as |
/// |---|---|---|
/// | `{"uri": …, "active": true, "sizes": [{width, height, link}, …]}` | users, videos, most albums | its sizes |
/// | `[{"sizes": [...]}, …]` | some album responses (a list of pictures) | every picture's sizes, in order |
/// | `[{width, height, link}, …]` | an array of sizes (inferred variant, accepted) | the sizes |
/// | `null`, missing, `[]`, `{}` | no picture | no sizes |
///
/// ```swift
/// let picture = VimeoPictures(sizes: [.init(width: 100, height: 75, link: "a"), .init(width: 640, height: 360, link: "b")])
/// picture.best(forWidth: 200)?.link    // "b": the smallest at least 200 wide
/// ```
public struct VimeoPictures: Sendable, Hashable, Decodable {
    /// Every size, in the order sent.
    public var sizes: [VimeoPictureSize]

    /// Pictures of `sizes`.
    public init(sizes: [VimeoPictureSize] = []) {
        self.sizes = sizes
    }

    /// No picture.
    public static let none = VimeoPictures()

    /// Every size's link, in the order sent.
    public var links: [String] { sizes.map(\.link) }

    /// The size to show `width` pixels wide: the narrowest at least that wide, else the widest; sizes
    /// without a width count as 0 wide (used only when nothing else is there).
    public func best(forWidth width: Int) -> VimeoPictureSize? {
        let known = sizes.sorted { ($0.width ?? 0) < ($1.width ?? 0) }
        return known.first { ($0.width ?? 0) >= width } ?? known.last
    }

    private enum CodingKeys: String, CodingKey {
        case sizes
    }

    /// Decodes any of the shapes in the table above.
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            sizes = []
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var sizes: [VimeoPictureSize] = []
            while !array.isAtEnd {
                let element = try array.decode(PictureOrSize.self)
                sizes += element.sizes
            }
            self.sizes = sizes
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sizes = try container.decodeIfPresent([VimeoPictureSize].self, forKey: .sizes) ?? []
    }

    /// An element of a pictures array: a picture with `sizes`, or a size with `link`.
    private struct PictureOrSize: Decodable {
        var sizes: [VimeoPictureSize]

        private enum CodingKeys: String, CodingKey {
            case sizes, link
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if container.contains(.sizes) {
                sizes = try container.decodeIfPresent([VimeoPictureSize].self, forKey: .sizes) ?? []
            } else if container.contains(.link) {
                sizes = [try VimeoPictureSize(from: decoder)]
            } else {
                throw DecodingError.dataCorruptedError(
                    forKey: .sizes, in: container, debugDescription: "expected a picture with sizes or a size with a link")
            }
        }
    }
}

extension VimeoPictures {
    /// Stored as JSON text (`[{"width":…,"height":…,"link":…}]`).
    public var jsonTree: JSONTree {
        .array(sizes.map { size in
            JSONTree.object([("width", size.width.map { .integer(Int64($0)) } ?? .null),
                             ("height", size.height.map { .integer(Int64($0)) } ?? .null),
                             ("link", .string(size.link))])
        })
    }

    /// Reads what ``jsonTree`` wrote.
    public init(jsonTree: JSONTree) {
        guard case .array(let items) = jsonTree else {
            self.init()
            return
        }
        self.init(sizes: items.compactMap { item in
            item["link"]?.text.map { VimeoPictureSize(width: item["width"]?.int, height: item["height"]?.int, link: $0) }
        })
    }
}
