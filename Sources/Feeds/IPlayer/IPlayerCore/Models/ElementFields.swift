import FeedCore

/// The fields an `episode` and a `group_large` element share (seed 002), decoded once under one set of rules:
/// `id` and `title` required (an empty id refused), `subtitle` text or `null`, `synopses` (empty when missing),
/// `master_brand` and `images.standard` optional. ``Episode`` and ``Collection`` read them from the same decoder
/// as their own keys.
struct ElementFields: Decodable {
    var id: String
    var title: String
    var subtitle: String?
    var synopses: Synopses
    var masterBrand: MasterBrand?
    var image: ImageTemplate?

    private enum CodingKeys: String, CodingKey {
        case id, title, subtitle, synopses, images
        case masterBrand = "master_brand"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeLenientString(forKey: .id)
        guard !id.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "an element's id must not be empty")
        }
        title = try container.decodeLenientString(forKey: .title)
        subtitle = try container.decodeText(forKey: .subtitle)
        synopses = try container.decodeIfPresent(Synopses.self, forKey: .synopses) ?? Synopses()
        masterBrand = try container.decodeIfPresent(MasterBrand.self, forKey: .masterBrand)
        image = try ProgrammeImages.standard(in: container, forKey: .images)
    }
}
