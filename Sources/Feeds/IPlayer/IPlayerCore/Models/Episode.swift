import FeedCore
import Foundation

/// An `episode` element of a highlights feed (also the data of the episode details, seed 002).
///
/// `id` and `title` are required; everything else may be missing: `subtitle` on one-off programmes,
/// `master_brand`, `images`, `versions`. See ``Version`` for which version durations and availability are
/// read from (``preferredVersion``).
public struct Episode: Sendable, Hashable, Decodable {
    /// The episode id, e.g. `"b0bb8kqd"`.
    public var id: String
    /// The programme title.
    public var title: String
    /// The episode's subtitle (`"Series 3: 1. Bath"`); `nil` on one-off programmes.
    public var subtitle: String?
    /// The synopses.
    public var synopses: Synopses
    /// The channel, if the feed names one.
    public var masterBrand: MasterBrand?
    /// `images.standard`, the programme image template.
    public var image: ImageTemplate?
    /// `release_date_time`.
    public var releaseDate: Date?
    /// The versions in feed order.
    public var versions: [Version]

    /// An episode; see the properties.
    public init(id: String, title: String, subtitle: String? = nil, synopses: Synopses = Synopses(),
                masterBrand: MasterBrand? = nil, image: ImageTemplate? = nil, releaseDate: Date? = nil,
                versions: [Version] = []) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.synopses = synopses
        self.masterBrand = masterBrand
        self.image = image
        self.releaseDate = releaseDate
        self.versions = versions
    }

    private enum CodingKeys: String, CodingKey {
        case versions
        case releaseDate = "release_date_time"
    }

    /// Decodes an episode element; see the type's description.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let fields = try ElementFields(from: decoder)
        (id, title, subtitle) = (fields.id, fields.title, fields.subtitle)
        (synopses, masterBrand, image) = (fields.synopses, fields.masterBrand, fields.image)
        if try container.decodeText(forKey: .releaseDate) != nil {
            releaseDate = try container.decode(ISO8601Timestamp.self, forKey: .releaseDate).date
        }
        versions = try container.decodeIfPresent([Version].self, forKey: .versions) ?? []
    }

    /// The version durations and availability are read from: the first version of kind `original`, else
    /// the first version listed (a feed may list `audio-described` or `signed` first, and some episodes
    /// have only an `editorial` version). `nil` when there is none.
    public var preferredVersion: Version? {
        versions.first { $0.kind?.lowercased() == "original" } ?? versions.first
    }

    /// The channel shown in rows and details: the master brand's title, or `""`.
    public var channel: String {
        masterBrand?.channel ?? ""
    }
}

/// Reads `images.standard` from an element: `{"images": {"type": "image", "standard": "…/{recipe}/….jpg"}}`.
enum ProgrammeImages {
    private enum Keys: String, CodingKey {
        case standard
    }

    static func standard<K: CodingKey>(in container: KeyedDecodingContainer<K>, forKey key: K) throws -> ImageTemplate? {
        guard let images = try container.nestedIfPresent(keyedBy: Keys.self, forKey: key),
              let text = try images.decodeText(forKey: .standard)
        else { return nil }
        return ImageTemplate(text)
    }
}
