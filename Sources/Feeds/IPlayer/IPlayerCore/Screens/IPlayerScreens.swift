import Foundation
import ScreenKit

/// The Mini iPlayer's screens (seed 002) as a pure value: categories → a category's highlights → an
/// episode's details. The shell's outputs and the feeds' results come in; the loads to run come out; the
/// shell (a value too) is changed in place. Time arrives as values: `t` (the shell's seconds) and `now`
/// (the wall-clock date the time left to watch is judged at). A thin driver (SDLDemo's `IPlayerApp`) runs
/// the loads against ``IPlayerLoad`` and hands the results back.
///
/// Screens: ``categoriesScreen`` (a list without thumbnails, rows `id` = category id), ``highlightsScreen``
/// (rows with thumbnails: overline channel or `COLLECTION`, title, subtitle or `N episodes`; row `id` =
/// element id), ``collectionScreen`` (a collection's episodes, rows as the highlights' episodes),
/// ``episodeScreen`` (``ScreenKit/DetailsScreen``: image, channel, title, subtitle, duration, first broadcast,
/// time left, synopsis).
///
/// | state (top screen) | event | screens | loads |
/// |---|---|---|---|
/// | none | `started` | `categories` pushed, loading | categories |
/// | `categories` loading | categories loaded | its rows shown, `loaded` | — |
/// | `categories` loading | categories failed | `failed` with the message (Retry) | — |
/// | `categories` on top (failed) | ``ScreenKit/ShellOutput/retryRequested(_:)`` of it | (the shell set `loading`) | categories |
/// | `categories` loaded | row *c* selected | `highlights` pushed (title: *c*'s title), loading | highlights of *c* |
/// | `highlights` loading | highlights loaded | rows shown, `loaded` (title: the feed's category title, if any) | — |
/// | `highlights` loading | highlights failed | `failed` with the message (Retry) | — |
/// | `highlights` on top (failed) | retryRequested of it | (the shell set `loading`) | highlights of *c* again |
/// | any | retryRequested of a screen not on top, or of `episode` | nothing | — |
/// | `highlights` loaded | episode row selected | `episode` pushed: its details, time left judged at `now` | — |
/// | `highlights` loaded | collection row selected | `collection` pushed (title: the collection's), loading | the collection's episodes |
/// | `collection` loading | episodes loaded | rows shown, `loaded`; none: one row saying so | — |
/// | `collection` loading | episodes failed | `failed` with the message (Retry) | — |
/// | `collection` on top (failed) | retryRequested of it | (the shell set `loading`) | the episodes again |
/// | `collection` loaded | episode row selected | `episode` pushed: its details, time left judged at `now` | — |
/// | any | a row selected that is not on the top screen, or not in its feed | nothing | — |
/// | `highlights`, `collection`, `episode` | ``ScreenKit/ShellOutput/back(from:)`` | (the shell popped it) | a pending load of the popped screen is dropped when it ends |
/// | any | a result for a screen no longer on the stack (or superseded by a newer load) | nothing | — |
/// | any | any other output (circle tap, quit, nearEnd, refresh, action, tab, notice, search) | nothing | — |
///
/// ```swift
/// var screens = IPlayerScreens()
/// var commands = screens.send(.started, &shell, at: 0, now: Date())             // [.load(categories)]
/// commands = screens.send(.finished(load, .success(.categories(list))), &shell, at: 0.4, now: Date())
/// commands = screens.send(.output(.rowSelected("categories", "arts")), &shell, at: 1, now: Date())
///                                                                               // [.load(highlights(arts))]
/// ```
public struct IPlayerScreens: ScreenModel {
    /// What a load produced: the feed, or why it failed.
    public typealias Outcome = Result<IPlayerFeed, LoadFailure>
    /// What the host runs: the loads (the iPlayer has no other effect).
    public typealias Command = ScreenModelCommand<IPlayerLoad, NoEffect>

    /// The categories screen's name.
    public static let categoriesScreen: ScreenID = "categories"
    /// The highlights screen's name.
    public static let highlightsScreen: ScreenID = "highlights"
    /// The episode details screen's name.
    public static let episodeScreen: ScreenID = "episode"
    /// A collection's episodes (pushed over the highlights).
    public static let collectionScreen: ScreenID = "collection"
    /// The row of a collection without episodes (not selectable).
    public static let emptyRow: RowID = "empty"
    /// The categories screen's title.
    public static let categoriesTitle = "Categories"

    /// The categories list: 56 pt rows of text, no pull to refresh.
    public static let categoriesStyle = ListStyle(rowHeight: 56, showsThumbnails: false, isRefreshable: false)
    /// The highlights list: 72 pt rows with 16:9 thumbnails, no pull to refresh.
    public static let highlightsStyle = ListStyle(rowHeight: 72, showsThumbnails: true, isRefreshable: false)

    /// Width in pixels of the thumbnails asked of ImageChef (covers a 85 pt thumbnail at 2× scale).
    public var thumbnailWidth: Int
    /// Width in pixels of the details image asked of ImageChef.
    public var detailsImageWidth: Int

    private struct Entry: Sendable {
        /// Unique per screen instance.
        var serial: Int
        var screen: ScreenID
        /// What the screen shows and reloads on Retry (nil: the details, which load nothing).
        var resource: IPlayerLoad.Resource?
        /// The newest load for this screen; older results are dropped.
        var pendingLoad: Int?
        var highlights: CategoryHighlights?
        var categories: [Category] = []
        var collection: CollectionEpisodes?
    }

    private var entries: [Entry] = []
    private var serial = 0

    /// The model with no screens; `thumbnailWidth` and `detailsImageWidth` pick the ImageChef sizes.
    public init(thumbnailWidth: Int = 192, detailsImageWidth: Int = 640) {
        self.thumbnailWidth = thumbnailWidth
        self.detailsImageWidth = detailsImageWidth
    }

    /// The screens the model believes are on the shell's stack, bottom to top (for tests and traces).
    public var stack: [ScreenID] { entries.map(\.screen) }

    /// Loads started and not finished or dropped yet.
    public var pendingLoads: [IPlayerLoad] {
        entries.compactMap { entry in
            guard let pending = entry.pendingLoad, let resource = entry.resource else { return nil }
            return IPlayerLoad(serial: pending, entry: entry.serial, resource: resource)
        }
    }

    // MARK: Events

    /// Applies `event` (see the type's table); `now` is the date the time left to watch is judged at.
    public mutating func send(_ event: ScreenModelEvent<IPlayerLoad, Outcome>, _ shell: inout Shell, at t: Double,
                              now: Date) -> [Command] {
        switch event {
        case .started:
            return start(&shell, at: t).map(Command.load)
        case .output(let output):
            return handle(output, &shell, at: t, now: now).map(Command.load)
        case .finished(let load, .success(let feed)):
            loaded(load, feed, &shell, at: t)
            return []
        case .finished(let load, .failure(let failure)):
            failed(load, message: failure.message, &shell, at: t)
            return []
        }
    }

    /// Shows the categories, loading; returns the categories load.
    private mutating func start(_ shell: inout Shell, at t: Double) -> [IPlayerLoad] {
        entries.removeAll()
        shell.setScreens([], at: t)
        return push(Self.categoriesScreen, title: Self.categoriesTitle, style: Self.categoriesStyle,
                    resource: .categories, &shell, at: t)
    }

    /// Reacts to one of the shell's outputs at `t`; `now` is the date the time left to watch is judged at.
    private mutating func handle(_ output: ShellOutput, _ shell: inout Shell, at t: Double, now: Date) -> [IPlayerLoad] {
        switch output {
        case .rowSelected(let screen, let row):
            guard let index = entries.indices.last, entries[index].screen == screen else { return [] }
            switch screen {
            case Self.categoriesScreen:
                guard let category = entries[index].categories.first(where: { $0.id == row.rawValue }) else { return [] }
                return push(Self.highlightsScreen, title: category.title, style: Self.highlightsStyle,
                            resource: .highlights(categoryID: category.id), &shell, at: t)
            case Self.highlightsScreen:
                if let episode = entries[index].highlights?.episode(id: row.rawValue) {
                    showEpisode(episode, &shell, at: t, now: now)
                    return []
                }
                // A collection opens its episodes (iBL's group endpoint).
                guard let highlights = entries[index].highlights,
                      case .collection(let collection)? = highlights.elements.first(where: { $0.id == row.rawValue })
                else { return [] }
                return push(Self.collectionScreen, title: collection.title, style: Self.highlightsStyle,
                            resource: .collection(id: collection.id), &shell, at: t)
            case Self.collectionScreen:
                guard let episode = entries[index].collection?.episode(id: row.rawValue) else { return [] }
                showEpisode(episode, &shell, at: t, now: now)
                return []
            default:
                return []
            }
        case .retryRequested(let screen):
            guard let index = entries.indices.last, entries[index].screen == screen,
                  let resource = entries[index].resource else { return [] }
            return [load(resource, for: index)]
        case .back(let screen):
            if let index = entries.indices.last, entries[index].screen == screen { entries.removeLast() }
            return []
        case .circleTapped, .quit, .nearEnd, .refreshRequested, .action, .tabSelected, .noticeAction,
             .searchChanged, .searchSubmitted, .titleButtonTapped, .sliderChanged:
            return []
        }
    }

    /// `load` finished with `feed` at `t`: the screen it was for shows it (if still there and still waiting
    /// for this load).
    private mutating func loaded(_ load: IPlayerLoad, _ feed: IPlayerFeed, _ shell: inout Shell, at t: Double) {
        guard let index = liveEntry(for: load) else { return }
        entries[index].pendingLoad = nil
        let screen = entries[index].screen
        switch feed {
        case .categories(let categories):
            entries[index].categories = categories
            let rows = categories.map { ListRow(id: RowID($0.id), title: $0.title) }
            shell.update(screen, at: t) { shown in
                shown.load = .loaded
                shown.body = .list(ScrollingList(rows: rows, style: Self.categoriesStyle))
            }
        case .highlights(let highlights):
            entries[index].highlights = highlights
            let width = thumbnailWidth
            let rows = highlights.elements.map { Self.listRow(HighlightRow($0), thumbnailWidth: width) }
            shell.update(screen, at: t) { shown in
                shown.load = .loaded
                if let title = highlights.category?.title, !title.isEmpty { shown.title = title }
                shown.body = .list(ScrollingList(rows: rows, style: Self.highlightsStyle))
            }
        case .collection(let collection):
            entries[index].collection = collection
            let width = thumbnailWidth
            var rows = collection.episodes.map { Self.listRow(HighlightRow(.episode($0)), thumbnailWidth: width) }
            if rows.isEmpty { rows = [ListRow(id: Self.emptyRow, title: "No episodes available")] }
            shell.update(screen, at: t) { shown in
                shown.load = .loaded
                if let title = collection.title, !title.isEmpty { shown.title = title }
                shown.body = .list(ScrollingList(rows: rows, style: Self.highlightsStyle))
            }
        }
    }

    /// Pushes `episode`'s details, the time left judged at `now`.
    private mutating func showEpisode(_ episode: Episode, _ shell: inout Shell, at t: Double, now: Date) {
        entries.append(Entry(serial: nextSerial(), screen: Self.episodeScreen, resource: nil))
        shell.push(Screen(id: Self.episodeScreen, title: episode.title, body: .details(details(of: episode, now: now))), at: t)
    }

    /// `load` failed with `message` at `t`: the screen it was for shows the message and Retry.
    private mutating func failed(_ load: IPlayerLoad, message: String, _ shell: inout Shell, at t: Double) {
        guard let index = liveEntry(for: load) else { return }
        entries[index].pendingLoad = nil
        shell.setLoad(.failed(message: message), of: entries[index].screen, at: t)
    }

    // MARK: Presentation

    /// The list row of a highlights row: overline channel or `COLLECTION`, title, subtitle or `N episodes`,
    /// the ImageChef thumbnail `thumbnailWidth` pixels wide.
    public static func listRow(_ row: HighlightRow, thumbnailWidth: Int) -> ListRow {
        ListRow(id: RowID(row.id), title: row.title, subtitle: row.detail.isEmpty ? nil : row.detail,
                overline: row.channel.isEmpty ? nil : row.channel, thumbnail: row.imageURL(width: thumbnailWidth))
    }

    /// The details screen of `episode`, the time left judged at `now`: image, channel, title, subtitle, and
    /// as facts the duration, `First broadcast: …` and the time left; the synopsis as the paragraph.
    public func details(of episode: Episode, now: Date) -> DetailsScreen {
        let details = EpisodeDetails(episode, now: now)
        var facts: [String] = []
        if !details.durationText.isEmpty { facts.append(details.durationText) }
        if !details.firstBroadcast.isEmpty { facts.append("First broadcast: \(details.firstBroadcast)") }
        if !details.remaining.isEmpty { facts.append(details.remaining) }
        return DetailsScreen(image: details.imageURL(width: detailsImageWidth),
                             overline: details.channel.isEmpty ? nil : details.channel,
                             title: details.title, subtitle: details.subtitle.isEmpty ? nil : details.subtitle,
                             facts: facts, paragraph: details.synopsis)
    }

    // MARK: Internals

    private mutating func push(_ screen: ScreenID, title: String, style: ListStyle, resource: IPlayerLoad.Resource,
                               _ shell: inout Shell, at t: Double) -> [IPlayerLoad] {
        entries.append(Entry(serial: nextSerial(), screen: screen, resource: resource))
        shell.push(Screen(id: screen, title: title, load: .loading, body: .list(ScrollingList(style: style))), at: t)
        return [load(resource, for: entries.count - 1)]
    }

    private mutating func load(_ resource: IPlayerLoad.Resource, for index: Int) -> IPlayerLoad {
        let load = IPlayerLoad(serial: nextSerial(), entry: entries[index].serial, resource: resource)
        entries[index].pendingLoad = load.serial
        return load
    }

    /// The entry `load` is for, if it is on the stack, is the topmost screen with its name (the one
    /// `Shell.update` addresses) and still waits for this very load.
    private func liveEntry(for load: IPlayerLoad) -> Int? {
        guard let index = entries.firstIndex(where: { $0.serial == load.entry }),
              entries[index].pendingLoad == load.serial,
              entries.lastIndex(where: { $0.screen == entries[index].screen }) == index
        else { return nil }
        return index
    }

    private mutating func nextSerial() -> Int {
        serial += 1
        return serial
    }
}

/// A feed load the Mini iPlayer's screens ask for: which document, for which screen instance.
public struct IPlayerLoad: ScreenLoadRequest {
    /// The iBL document to fetch.
    public enum Resource: Hashable, Sendable {
        /// `GET {base}/ibl/v1/categories?rights=mobile`.
        case categories
        /// `GET {base}/ibl/v1/categories/{categoryID}/highlights?…`.
        case highlights(categoryID: String)
        /// `GET {base}/ibl/v1/groups/{id}/episodes?…`: a collection's episodes.
        case collection(id: String)
    }

    /// Unique per load.
    public var serial: Int
    /// The screen instance it is for.
    public var entry: Int
    /// What to fetch.
    public var resource: Resource

    /// A load; see the properties.
    public init(serial: Int, entry: Int, resource: Resource) {
        self.serial = serial
        self.entry = entry
        self.resource = resource
    }
}

/// A fetched iBL document, the result of an ``IPlayerLoad``.
public enum IPlayerFeed: Hashable, Sendable {
    /// The categories, in feed order.
    case categories([Category])
    /// A category's highlights.
    case highlights(CategoryHighlights)
    /// A collection's episodes.
    case collection(CollectionEpisodes)
}
