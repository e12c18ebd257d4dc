import FeedCore

/// `content-meta.json`: the one configuration file that drives the Interlochen app (seed 000).
///
/// No public copy exists; the schema is inferred from the seed and given in issue 14 (and in
/// docs/Interlochen.md). Unknown keys are ignored; a category entry of an unknown `type` is skipped and
/// recorded in ``warnings`` (the rest of the file is still used).
///
/// ```swift
/// let meta = try ContentMeta.decode(from: data)
/// meta.featured.albums            // ["1234"]
/// meta.mediaReferences            // every album, story, query and cast it points at
/// ```
public struct ContentMeta: Sendable, Hashable {
    /// What the Featured section shows.
    public var featured: Featured
    /// The radio stations and the NPR query listed under them.
    public var radio: Radio
    /// The Performances section: categories in the file's order.
    public var performances: [Category]
    /// The Extras section's categories, in the file's order, without Campus View.
    public var extras: [Category]
    /// The Extras category named "Campus View" (its own section), if the file has one.
    public var campusView: Category?
    /// The More section: names and links.
    public var more: [MoreLink]
    /// What was skipped while reading the file, each naming where.
    public var warnings: [ContentMetaWarning]

    /// The name of the Extras category that is the Campus View section (compared case-insensitively).
    public static let campusViewCategory = "Campus View"

    /// A configuration with the given parts.
    public init(featured: Featured = Featured(), radio: Radio = Radio(), performances: [Category] = [],
                extras: [Category] = [], campusView: Category? = nil, more: [MoreLink] = [],
                warnings: [ContentMetaWarning] = []) {
        self.featured = featured
        self.radio = radio
        self.performances = performances
        self.extras = extras
        self.campusView = campusView
        self.more = more
        self.warnings = warnings
    }

    /// Decodes the file; a body that is not JSON, or a known field of the wrong shape, is an error naming the
    /// JSON path (``FeedJSON/Failure``).
    public static func decode(from data: [UInt8]) throws(FeedJSON.Failure) -> ContentMeta {
        try FeedJSON.decode(ContentMetaDocument.self, from: Data(data)).meta
    }

    /// Every piece of media the file points at, once each.
    public var mediaReferences: Set<MediaReference> {
        var references = Set(featured.mediaReferences)
        references.formUnion(radio.mediaReferences)
        for category in performances + extras + (campusView.map { [$0] } ?? []) {
            references.formUnion(category.items.compactMap(\.reference))
        }
        return references
    }
}

import struct Foundation.Data

extension ContentMeta {
    /// `featured`: Vimeo albums (all of their videos), NPR stories, LiveStream casts and HDRelay streams.
    public struct Featured: Sendable, Hashable {
        /// Vimeo album ids (`featured.album`).
        public var albums: [String]
        /// NPR story ids (`featured.audio`).
        public var stories: [String]
        /// LiveStream casts (`featured.livestreamCasts`).
        public var casts: [LiveStreamCast]
        /// HDRelay streams (`featured.hdrelayStreams`, inferred: see ``HDRelayStream``), shown after the casts.
        public var hdRelayStreams: [HDRelayStream]

        /// Featured media.
        public init(albums: [String] = [], stories: [String] = [], casts: [LiveStreamCast] = [],
                    hdRelayStreams: [HDRelayStream] = []) {
            self.albums = albums
            self.stories = stories
            self.casts = casts
            self.hdRelayStreams = hdRelayStreams
        }

        /// The references in the order the section shows them: albums, stories, casts (HDRelay streams are in
        /// the file itself: no reference).
        public var mediaReferences: [MediaReference] {
            albums.map { .vimeoAlbum(id: $0) } + stories.map { .nprStory(id: $0) } + casts.map { .liveStream($0) }
        }
    }

    /// `radio`: the stations, then the NPR stories of a query (with paging).
    public struct Radio: Sendable, Hashable {
        /// The stations, in the file's order.
        public var stations: [RadioStation]
        /// The query whose stories are listed under the stations (`nprQueryParams`), if any.
        public var storyQuery: NPRQuery?

        /// Radio content.
        public init(stations: [RadioStation] = [], storyQuery: NPRQuery? = nil) {
            self.stations = stations
            self.storyQuery = storyQuery
        }

        /// The query's reference (stations are in the file itself).
        public var mediaReferences: [MediaReference] {
            storyQuery.map { [.nprQuery($0)] } ?? []
        }
    }

    /// A named category of Performances or Extras.
    public struct Category: Sendable, Hashable {
        /// The category's name as the file gives it.
        public var name: String
        /// Its content, in the file's order (entries of unknown types left out).
        public var items: [CategoryItem]

        /// A category.
        public init(name: String, items: [CategoryItem]) {
            self.name = name
            self.items = items
        }
    }

    /// One entry of a category's `content`.
    public enum CategoryItem: Sendable, Hashable {
        /// `{"type": "vimeo", "album": "<id>"}`: every video of the album.
        case vimeoAlbum(id: String)
        /// `{"type": "npr", "params": {…}}`: the stories of an NPR query.
        case nprQuery(NPRQuery)
        /// `{"type": "livestream", "account": "<id>", "event": "<id>"}`.
        case liveStream(LiveStreamCast)
        /// `{"type": "hdrelay", "id", "title", "image", "hlsUrl", "live", "description"}` (inferred): all in the file.
        case hdRelay(HDRelayStream)

        /// The media it points at, to be fetched; `nil` for an HDRelay stream (the file holds all of it).
        public var reference: MediaReference? {
            switch self {
            case .vimeoAlbum(let id): .vimeoAlbum(id: id)
            case .nprQuery(let query): .nprQuery(query)
            case .liveStream(let cast): .liveStream(cast)
            case .hdRelay: nil
            }
        }
    }
}

/// A radio station of the Radio section (`radio.stations[]`): `{id, name, streamUrl, image, tagline}`.
public struct RadioStation: Sendable, Hashable, Decodable {
    /// The station's id.
    public var id: String
    /// Its name ("Classical IPR").
    public var name: String
    /// The stream to play (an HTTP MP3/ICY stream or a live HLS playlist).
    public var streamURL: String
    /// Its image, if any.
    public var imageURL: String?
    /// A line under the name, if any.
    public var tagline: String?

    /// A station.
    public init(id: String, name: String, streamURL: String, imageURL: String? = nil, tagline: String? = nil) {
        self.id = id
        self.name = name
        self.streamURL = streamURL
        self.imageURL = imageURL
        self.tagline = tagline
    }

    enum CodingKeys: String, CodingKey { case id, name, streamUrl, image, tagline }

    /// Decodes a station; `id`, `name` and `streamUrl` are required and not empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = try container.decodeText(forKey: .id) else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "a station needs an id")
        }
        guard let name = try container.decodeText(forKey: .name) else {
            throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "a station needs a name")
        }
        guard let stream = try container.decodeText(forKey: .streamUrl) else {
            throw DecodingError.dataCorruptedError(forKey: .streamUrl, in: container, debugDescription: "a station needs a streamUrl")
        }
        self.init(id: id, name: name, streamURL: stream, imageURL: try container.decodeText(forKey: .image),
                  tagline: try container.decodeText(forKey: .tagline))
    }
}

/// An entry of the More section: a name and the link it opens.
public struct MoreLink: Sendable, Hashable, Decodable {
    /// What the row says.
    public var name: String
    /// The URL it opens (with `xdg-open` in the window).
    public var link: String

    /// A link.
    public init(name: String, link: String) {
        self.name = name
        self.link = link
    }
}

/// Something in content-meta.json that was skipped, and where.
public struct ContentMetaWarning: Sendable, Hashable, CustomStringConvertible {
    /// Where, as a JSON path (`performances[1].content[2]`).
    public var path: String
    /// What was skipped and why.
    public var message: String

    /// A warning.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `content-meta.json: performances[1].content[2]: unknown content type "youtube", skipped`.
    public var description: String { "content-meta.json: \(path): \(message)" }
}
