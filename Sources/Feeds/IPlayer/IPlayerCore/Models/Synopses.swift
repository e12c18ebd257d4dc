import FeedCore

/// An element's synopses in three lengths; any may be missing, `null` or empty.
///
/// ```json
/// {"small": "Art historian Bendor Grosvenor…", "medium": "…", "large": "…"}
/// ```
public struct Synopses: Sendable, Hashable, Decodable {
    /// The shortest synopsis.
    public var small: String?
    /// The medium synopsis.
    public var medium: String?
    /// The longest synopsis.
    public var large: String?

    /// Synopses; see the properties.
    public init(small: String? = nil, medium: String? = nil, large: String? = nil) {
        self.small = small
        self.medium = medium
        self.large = large
    }

    private enum CodingKeys: String, CodingKey {
        case small, medium, large
    }

    /// Decodes the synopses; blank ones read as `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        small = try container.decodeText(forKey: .small)
        medium = try container.decodeText(forKey: .medium)
        large = try container.decodeText(forKey: .large)
    }

    /// The synopsis the details show: medium, else small, else large, else `""` (seed 002 and issue 10).
    public var preferred: String {
        medium ?? small ?? large ?? ""
    }
}
