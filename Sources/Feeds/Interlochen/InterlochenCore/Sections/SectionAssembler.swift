/// The media the sections are built from, as loaded so far (from the network or the store).
///
/// A reference with no entry is *pending*: not loaded yet, or failed. NPR queries hold every page loaded so
/// far, in order.
public struct MediaSnapshot: Sendable, Hashable {
    /// Album id → its videos, in album order.
    public var albums: [String: [InterlochenVideo]]
    /// Story id → story.
    public var stories: [String: NPRStory]
    /// Query → the stories of the pages loaded so far.
    public var queries: [NPRQuery: [NPRStory]]
    /// Cast → event.
    public var casts: [LiveStreamCast: LiveStreamEvent]

    /// A snapshot.
    public init(albums: [String: [InterlochenVideo]] = [:], stories: [String: NPRStory] = [:],
                queries: [NPRQuery: [NPRStory]] = [:], casts: [LiveStreamCast: LiveStreamEvent] = [:]) {
        self.albums = albums
        self.stories = stories
        self.queries = queries
        self.casts = casts
    }

    /// Whether `reference` is loaded.
    public func contains(_ reference: MediaReference) -> Bool {
        switch reference {
        case .vimeoAlbum(let id): albums[id] != nil
        case .nprStory(let id): stories[id] != nil
        case .nprQuery(let query): queries[query] != nil
        case .liveStream(let cast): casts[cast] != nil
        }
    }

    /// The items a category's entries contribute, in order: a reference's media as loaded (none when pending),
    /// an HDRelay stream as the file gives it.
    public func items(of entries: [ContentMeta.CategoryItem]) -> [SectionItem] {
        entries.flatMap { entry -> [SectionItem] in
            if case .hdRelay(let stream) = entry { return [.relay(stream)] }
            return entry.reference.map(items(for:)) ?? []
        }
    }

    /// The items `reference` contributes (empty when pending).
    public func items(for reference: MediaReference) -> [SectionItem] {
        switch reference {
        case .vimeoAlbum(let id): (albums[id] ?? []).map(SectionItem.video)
        case .nprStory(let id): stories[id].map { [.story($0)] } ?? []
        case .nprQuery(let query): (queries[query] ?? []).map(SectionItem.story)
        case .liveStream(let cast): casts[cast].map { [.cast($0)] } ?? []
        }
    }
}

extension ContentMeta {
    /// The media section `name` points at, in display order.
    public func references(of name: SectionName) -> [MediaReference] {
        switch name {
        case .featured: featured.mediaReferences
        case .radio: radio.mediaReferences
        case .performances: performances.flatMap { $0.items.compactMap(\.reference) }
        case .extras: extras.flatMap { $0.items.compactMap(\.reference) }
        case .campusView: campusView.map { $0.items.compactMap(\.reference) } ?? []
        case .more: []
        }
    }

    /// Section `name` assembled from this configuration and the media in `media`, in the file's order:
    ///
    /// | section | groups |
    /// |---|---|
    /// | featured | one: all videos of each album, then the stories, then the casts, then the HDRelay streams |
    /// | radio | "Stations", then "Stories" (the query's pages loaded so far) |
    /// | performances, extras | one per category, in the file's order (HDRelay streams where the file puts them) |
    /// | campus-view | one: the Campus View category's items |
    /// | more | one: the links |
    ///
    /// An item that appears twice in a group (the same video in two featured albums) is shown once.
    public func section(_ name: SectionName, media: MediaSnapshot) -> Section {
        let pending = references(of: name).filter { !media.contains($0) }
        func unique(_ items: [SectionItem]) -> [SectionItem] {
            var seen = Set<String>()
            return items.filter { seen.insert("\($0.type.rawValue):\($0.id)").inserted }
        }
        func items(_ references: [MediaReference]) -> [SectionItem] { unique(references.flatMap { media.items(for: $0) }) }
        func entries(_ category: Category?) -> [SectionItem] { unique(media.items(of: category?.items ?? [])) }
        let groups: [Section.Group]
        switch name {
        case .featured:
            groups = [Section.Group(title: nil, items: unique(featured.mediaReferences.flatMap { media.items(for: $0) }
                                                                + featured.hdRelayStreams.map(SectionItem.relay)))]
        case .radio:
            groups = [Section.Group(title: "Stations", items: radio.stations.map(SectionItem.station)),
                      Section.Group(title: "Stories", items: items(radio.mediaReferences))]
        case .performances:
            groups = performances.map { Section.Group(title: $0.name, items: entries($0)) }
        case .extras:
            groups = extras.map { Section.Group(title: $0.name, items: entries($0)) }
        case .campusView:
            groups = [Section.Group(title: nil, items: entries(campusView))]
        case .more:
            groups = [Section.Group(title: nil, items: more.map(SectionItem.link))]
        }
        return Section(name: name, groups: groups, pending: pending)
    }
}
