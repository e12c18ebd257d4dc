import FeedCore

/// The decoding of content-meta.json (``ContentMeta``): the file's shape, with the paths warnings need.
struct ContentMetaDocument: Decodable {
    var meta: ContentMeta

    enum Keys: String, CodingKey { case featured, radio, performances, extras, more }
    enum FeaturedKeys: String, CodingKey { case album, audio, livestreamCasts, hdrelayStreams }
    enum RadioKeys: String, CodingKey { case stations, nprQueryParams }
    enum CategoryKeys: String, CodingKey { case category, content }
    enum EntryKeys: String, CodingKey { case type, album, params, account, event }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        var meta = ContentMeta()
        var warnings: [ContentMetaWarning] = []
        if container.contains(.featured), try !container.decodeNil(forKey: .featured) {
            let featured = try container.nestedContainer(keyedBy: FeaturedKeys.self, forKey: .featured)
            meta.featured.albums = try featured.decode(OneOrMany<LenientString>.self, forKey: .album).elements.compactMap(\.nonEmpty)
            meta.featured.stories = try featured.decode(OneOrMany<LenientString>.self, forKey: .audio).elements.compactMap(\.nonEmpty)
            meta.featured.casts = try featured.decode(OneOrMany<LiveStreamCast>.self, forKey: .livestreamCasts).elements
            meta.featured.hdRelayStreams = try Self.hdRelayStreams(featured, warnings: &warnings)
        }
        if container.contains(.radio), try !container.decodeNil(forKey: .radio) {
            let radio = try container.nestedContainer(keyedBy: RadioKeys.self, forKey: .radio)
            meta.radio.stations = try radio.decodeIfPresent([RadioStation].self, forKey: .stations) ?? []
            meta.radio.storyQuery = try radio.decodeIfPresent(NPRQuery.self, forKey: .nprQueryParams)
                .flatMap { $0.parameters.isEmpty ? nil : $0 }
        }
        meta.performances = try Self.categories(container, .performances, warnings: &warnings)
        let extras = try Self.categories(container, .extras, warnings: &warnings)
        meta.extras = extras.filter { !Self.isCampusView($0.name) }
        meta.campusView = extras.first { Self.isCampusView($0.name) }
        meta.more = try container.decodeIfPresent([MoreLink].self, forKey: .more) ?? []
        meta.warnings = warnings
        self.meta = meta
    }

    /// `featured.hdrelayStreams`: one entry or a list; an entry lacking what it needs is skipped with a warning.
    static func hdRelayStreams(_ featured: KeyedDecodingContainer<FeaturedKeys>,
                               warnings: inout [ContentMetaWarning]) throws -> [HDRelayStream] {
        guard featured.contains(.hdrelayStreams), try !featured.decodeNil(forKey: .hdrelayStreams) else { return [] }
        let entries = try featured.decode(OneOrMany<HDRelayEntry>.self, forKey: .hdrelayStreams).elements
        var streams: [HDRelayStream] = []
        for (index, entry) in entries.enumerated() {
            switch entry.stream {
            case .success(let stream): streams.append(stream)
            case .failure(let skipped):
                warnings.append(ContentMetaWarning(path: "featured.hdrelayStreams[\(index)]", message: skipped.reason))
            }
        }
        return streams
    }

    static func isCampusView(_ name: String) -> Bool {
        name.trimmingCharacters(in: .whitespaces).lowercased() == ContentMeta.campusViewCategory.lowercased()
    }

    /// `performances` or `extras`: categories whose entries of unknown types are skipped with a warning.
    static func categories(_ container: KeyedDecodingContainer<Keys>, _ key: Keys,
                           warnings: inout [ContentMetaWarning]) throws -> [ContentMeta.Category] {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return [] }
        var list = try container.nestedUnkeyedContainer(forKey: key)
        var categories: [ContentMeta.Category] = []
        while !list.isAtEnd {
            let index = list.currentIndex
            let category = try list.nestedContainer(keyedBy: CategoryKeys.self)
            let name = try category.decodeText(forKey: .category) ?? ""
            var items: [ContentMeta.CategoryItem] = []
            if category.contains(.content), try !category.decodeNil(forKey: .content) {
                var content = try category.nestedUnkeyedContainer(forKey: .content)
                while !content.isAtEnd {
                    let entryIndex = content.currentIndex
                    let entryDecoder = try content.superDecoder()
                    let path = "\(key.rawValue)[\(index)].content[\(entryIndex)]"
                    guard let entry = try? entryDecoder.container(keyedBy: EntryKeys.self) else {
                        warnings.append(ContentMetaWarning(path: path, message: "an entry that is not an object, skipped"))
                        continue
                    }
                    let type = try entry.decodeText(forKey: .type)?.lowercased()
                    switch type {
                    case "vimeo":
                        guard let album = try entry.decodeText(forKey: .album) else {
                            warnings.append(ContentMetaWarning(path: path, message: "a vimeo entry without an album, skipped"))
                            continue
                        }
                        items.append(.vimeoAlbum(id: album))
                    case "npr":
                        let query = try entry.decodeIfPresent(NPRQuery.self, forKey: .params)
                        guard let query, !query.parameters.isEmpty else {
                            warnings.append(ContentMetaWarning(path: path, message: "an npr entry without params, skipped"))
                            continue
                        }
                        items.append(.nprQuery(query))
                    case "hdrelay":
                        switch HDRelayStream.read(try entryDecoder.container(keyedBy: HDRelayStream.Keys.self)) {
                        case .success(let stream): items.append(.hdRelay(stream))
                        case .failure(let skipped): warnings.append(ContentMetaWarning(path: path, message: skipped.reason))
                        }
                    case "livestream":
                        guard let account = try entry.decodeText(forKey: .account),
                              let event = try entry.decodeText(forKey: .event) else {
                            warnings.append(ContentMetaWarning(path: path, message: "a livestream entry without account and event, skipped"))
                            continue
                        }
                        items.append(.liveStream(LiveStreamCast(account: account, event: event)))
                    default:
                        let shown = type.map { "\"\($0)\"" } ?? "missing"
                        warnings.append(ContentMetaWarning(path: path, message: "unknown content type \(shown), skipped"))
                    }
                }
            }
            if name.isEmpty {
                warnings.append(ContentMetaWarning(path: "\(key.rawValue)[\(index)]", message: "a category without a name, skipped"))
                continue
            }
            categories.append(ContentMeta.Category(name: name, items: items))
        }
        return categories
    }
}

import Foundation

/// One entry of `featured.hdrelayStreams`, read or skipped (see ``HDRelayStream``).
struct HDRelayEntry: Decodable {
    var stream: Result<HDRelayStream, HDRelayStream.Skipped>

    /// Reads the entry; one that is not an object (`42`, `"x"`, a list) is skipped like an incomplete one, so
    /// it never fails the file.
    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: HDRelayStream.Keys.self) else {
            stream = .failure(HDRelayStream.Skipped("an hdrelay entry that is not an object, skipped"))
            return
        }
        stream = HDRelayStream.read(container)
    }
}
