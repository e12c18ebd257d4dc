import FeedCore
import Foundation
import MediaCore
import PlayerCore
import ScreenKit
import VideoCore

/// The Interlochen app's screens as a pure value: five tabs (Featured, Radio, Performances, Extras with
/// Campus View, More), each a list of its section's items, and an item's details with Listen or Watch.
/// Events in (the shell's outputs, the results of loads, what came of an effect: Share's copy), commands out
/// (loads, play requests, links to open, a link to copy);
/// the shell (a value too) is changed in place. A thin driver (SDLDemo's `InterlochenApp`) runs the commands
/// against `InterlochenLibrary`, the global audio player and `xdg-open`, and hands the results back.
///
/// ```swift
/// var screens = InterlochenScreens()
/// var commands = screens.send(.started, &shell, at: 0, now: Date())                    // [.load(featured)]
/// commands = screens.send(.finished(request, .sections(loaded)), &shell, at: 0.3, now: Date())
/// commands = screens.send(.output(.tabSelected("featured", "radio")), &shell, at: 1, now: Date())  // [.load(radio)]
/// commands = screens.send(.output(.rowSelected("radio", "station:classical")), &shell, at: 2, now: Date())
/// commands = screens.send(.output(.action("details", .listen)), &shell, at: 3, now: Date())  // [.effect(.listen(…))]
/// ```
///
/// Screens: one root per tab (`featured`, `radio`, `performances`, `extras`, `more`), each with the tab bar;
/// `search` (the modal) is pushed over a tab from Search in its title bar; `details` over a root or the search;
/// `nowPlaying` over any of them from the headphones mark. Row ids are `TYPE:ID` (`vimeo:1201001`, `station:classical`,
/// `link:https://…`). Every list is pull-to-refresh; Radio's also scrolls without end (NPR pages).
///
/// | state | event | screens | commands |
/// |---|---|---|---|
/// | – | `start` | `featured`, loading (the loading screen), tabs | load Featured |
/// | a tab loading | its sections loaded | rows (title, subtitle by type, thumbnail, `LIVE` on live casts); Performances and Extras: a header row (`header:INDEX:NAME`, the header's place among the list's headers from 0, so two categories of one name differ; not selectable) over each category's rows; Radio: the group as each row's overline, `hasMore` when it has an NPR query | – |
/// | a tab loading | loaded with nothing and media that failed or is pending | `failed(message)` (Retry) | – |
/// | a tab loading | load failed | `failed(message)` (Retry) | – |
/// | a tab | loaded with some media failed | rows; a notice "Some content couldn't load" | – |
/// | a root | `tabSelected(tab)` never shown | the tab's root, loading (the section's loading indicator) | load its sections |
/// | a root | `tabSelected(tab)` shown before | its root restored as left (no reload) | – |
/// | failed | `retryRequested` | (the shell set `loading`) | load its sections again |
/// | a tab | `refreshRequested` | (the shell set `refreshing`) | load its sections, `refresh: true` |
/// | refreshing | loaded | rows replaced, `loaded`; a notice when a stored copy stood in | – |
/// | refreshing | failed | `loaded`, the old rows, a notice "Couldn't refresh" | – |
/// | Radio, more pages | `nearEnd` | (the list shows its loading row) | load more stories |
/// | Radio | more stories loaded | the new rows appended; none new or `nil`: no more pages | – |
/// | Radio | more stories failed | the loading row shows the message (tap: retry) | – |
/// | a tab | `rowSelected(link)`, http(s) or mailto (`LinkPolicy`) | – | open the link |
/// | a tab | `rowSelected(link)`, anything else (`file:`, `smb:`, a custom scheme) | a notice "Link not opened" with the reason | – |
/// | a tab | `rowSelected(item)` | `details` pushed (picture, category, title, facts; Listen or Watch when playable; Share when it has a link) | – |
/// | details | `action(.listen)` | – | listen: the station's stream (MP3 over HTTP, or live HLS), or the story's MP3 |
/// | details | `action(.watch)` on a video, a live cast or an HDRelay stream (live or on demand) | `player` pushed (``ScreenKit/PlayerScreen``: no tabs) | watch: the player on the video's HLS link or the cast's live playlist |
/// | player | `back(from: player)` (the player closed) | (the host closed it) the details again | – |
/// | details | `action(.share)` (shown when the item has an http(s) link: its web page, else its stream) | – | copy the link to the clipboard (`.copyLink`) |
/// | any | `effectFinished(.linkCopied(link))` (the host put it on the clipboard) | a notice "Link copied" with the link | – |
/// | any | `effectFinished(.linkNotCopied(link, reason:))` (the clipboard refused it) | a notice "Link not copied" with the reason | – |
/// | any | `effectFinished(.linkNotOpened(link, reason:))` (the opener failed) | a notice "Link not opened": the reason and the link, Copy link and OK | – |
/// | that notice | `noticeAction(copyLink)` | – | copy the link to the clipboard (`.copyLink`) |
/// | details | `back` | (the shell popped it) | – |
/// | a root | `titleButtonTapped(.search)` (Search in its title bar) | `search` pushed: the full-screen modal (grey bar, Done, no tabs) | – |
/// | search | `searchSubmitted(text)` | results emptied, the loading row shows | (at the next tick) page 1 of the Vimeo search |
/// | search, more pages | `nearEnd` | (the list shows its loading row) | the next page |
/// | search | page loaded / failed | rows appended (`hasMore` from the page) / the loading row shows the message | – |
/// | search | `rowSelected(video)` | `details` pushed over it (Watch) | – |
/// | search | `back` (Done, Escape) | (the shell popped it) the tabs again; its pending results are dropped | – |
/// | any | playback changed | Listen ↔ Pause on the item's details; the headphones mark while audio is loaded (a stream or a download) and has not ended (not `uninitialized`: a story played to its end, a download done); `nowPlaying` follows, and closes with no audio | – |
/// | details | `action(.pause)` (its item runs) | – | pause (`.control(.pause)`) |
/// | details | `action(.listen)`, its item paused | – | resume (`.control(.play)`) |
/// | any but `nowPlaying`, audio loaded | `titleButtonTapped(.nowPlaying)` | `nowPlaying` pushed (it hides the floating circle, which would cover its controls): artwork, STATION or STORY, title, second line, state, a story's position / length, Pause or Play, the volume slider | – |
/// | nowPlaying | `action(.pause)` running / `action(.play)` not running | – | `.control(.pause)` / `.control(.play)` |
/// | nowPlaying, audio loaded | `sliderChanged(volume, v)` | – (the slider follows the next playback change) | `.adjust(.setVolume(v))` |
/// | nowPlaying, a story of known length d | `sliderChanged(position, f)` | – (the slider follows the position) | `.adjust(.seek(to: f × d))` |
/// | nowPlaying, a story | `action(back15)` / `action(forward15)` | – | `.adjust(.skip(by: −15))` / `.adjust(.skip(by: 15))` |
/// | nowPlaying, live radio or a download | `sliderChanged(position, _)`, `action(back15)`, `action(forward15)` | – (no such controls there) | – |
///
/// A result is dropped when its tab was refreshed or retried since it was asked for (each request carries the
/// tab's generation). A root swapped out by another tab keeps receiving its results.
///
/// One file per screen: this one holds the state and ``send(_:_:at:now:)``, whose `handle` hands each shell output
/// to its screen's part — `InterlochenScreens+Tabs.swift` (the five tabs and their lists),
/// `+Details.swift` (an item's details: Listen, Pause, Watch, Share), `+NowPlaying.swift` (the now-playing
/// screen and what follows the player) and `+Search.swift` (the search modal).
public struct InterlochenScreens: ScreenModel {
    /// The details screen.
    public static let detailsScreen: ScreenID = "details"
    /// The full-screen search modal.
    public static let searchScreen: ScreenID = "search"
    /// The now-playing screen, opened from the headphones mark.
    public static let nowPlayingScreen: ScreenID = "nowPlaying"
    /// The now-playing screen's volume slider (``ScreenKit/DetailsSlider/name``; `slider:nowPlaying:volume:…` in traces).
    public static let volumeSlider = "volume"
    /// The now-playing screen's seek slider for a story of known length (`slider:nowPlaying:position:…` in traces).
    public static let positionSlider = "position"
    /// The now-playing screen's −15 s button (a story only).
    public static let back15 = ScreenAction.custom("back15")
    /// The now-playing screen's +15 s button (a story only).
    public static let forward15 = ScreenAction.custom("forward15")
    /// How far the −15 s and +15 s buttons jump, in seconds (the "±15 s for stories").
    public static let skipSeconds = 15.0
    /// The row shown in an empty list (not selectable).
    public static let emptyRow: RowID = "empty"

    /// The app's tabs, in display order.
    public enum Tab: String, Sendable, Hashable, CaseIterable {
        /// Featured.
        case featured
        /// Radio: the stations and the NPR stories (paged).
        case radio
        /// Performances, by category.
        case performances
        /// Extras, by category, then Campus View.
        case extras
        /// More: links.
        case more

        /// The sections the tab shows, in order.
        public var sections: [SectionName] {
            switch self {
            case .featured: [.featured]
            case .radio: [.radio]
            case .performances: [.performances]
            case .extras: [.extras, .campusView]
            case .more: [.more]
            }
        }

        /// Whether its list shows its categories as header rows (Performances, Extras) rather than as each row's
        /// overline (Radio's "Stations" and "Stories", whose stories page in).
        public var hasHeaders: Bool { self == .performances || self == .extras }

        /// The tab's title.
        public var title: String { SectionName(rawValue: rawValue)?.title ?? rawValue.capitalized }
        /// The tab's root screen.
        public var screen: ScreenID { ScreenID(rawValue) }
        /// The tab's id in the tab bar.
        public var tabID: TabID { TabID(rawValue: rawValue) }

        /// The tab whose root screen or tab bar item is `id`.
        public init?(_ id: String) { self.init(rawValue: id) }
    }

    /// What to load.
    public enum Load: Hashable, Sendable {
        /// The tab's sections; `refresh`: the user asked (content-meta.json first, then every list).
        case sections(Tab, refresh: Bool)
        /// The next page of Radio's NPR stories.
        case moreStories
        /// Page `page` (from 1) of the Vimeo search for `query`.
        case search(query: String, page: Int)
    }

    /// Why a load was asked for.
    public enum Purpose: Hashable, Sendable {
        /// The tab's first content (or Retry).
        case first
        /// Pull to refresh.
        case refresh
        /// The next page of its list.
        case next
    }

    /// One load, tied to the tab that asked.
    public struct Request: ScreenLoadRequest {
        /// Unique per request.
        public var serial: Int
        /// The tab.
        public var tab: Tab
        /// The tab's generation when asked (a refresh or a retry starts a new one).
        public var generation: Int
        /// What to load.
        public var load: Load
        /// Why.
        public var purpose: Purpose
    }

    /// Sections as the library loaded them.
    public struct LoadedSections: Hashable, Sendable {
        /// The tab's sections, in order.
        public var sections: [Section]
        /// Things to tell the user (a stored copy stood in for a failed fetch), one line each.
        public var notices: [String]
        /// Media that failed with nothing stored, one line each naming the service.
        public var failures: [String]

        /// Loaded sections.
        public init(sections: [Section], notices: [String] = [], failures: [String] = []) {
            self.sections = sections
            self.notices = notices
            self.failures = failures
        }
    }

    /// One page of search results.
    public struct SearchPage: Hashable, Sendable {
        /// The page's number (from 1).
        public var page: Int
        /// Its videos.
        public var videos: [InterlochenVideo]
        /// Whether another page follows.
        public var hasMore: Bool

        /// A page.
        public init(page: Int, videos: [InterlochenVideo], hasMore: Bool) {
            self.page = page
            self.videos = videos
            self.hasMore = hasMore
        }
    }

    /// What a load produced.
    public enum Outcome: Hashable, Sendable {
        /// A page of the search.
        case searchResults(SearchPage)
        /// The tab's sections.
        case sections(LoadedSections)
        /// Radio after the next page of stories; `nil`: there was no next page.
        case moreStories(Section?)
        /// The load failed.
        case failed(LoadFailure)
    }

    /// What the host runs besides loads.
    public enum Effect: Hashable, Sendable {
        /// Listen: play this audio in the circle (a station or a story, as a stream).
        case listen(MediaRequest)
        /// Watch: the model pushed the ``ScreenKit/PlayerScreen``; the host releases the global audio and opens the
        /// video player on this request (a video's HLS link, or a live cast's playlist: the engine knows live from
        /// it). The host reports the player's closing as the player screen's `back`.
        case watch(VideoRequest)
        /// Pause or resume what plays (Pause on the details of the item that plays; Listen on it while paused).
        case control(MediaKey)
        /// Adjust what plays (the now-playing screen's volume slider; for a story also its position slider, a seek,
        /// and −15 s / +15 s, a skip): the host sends it as MediaCore's `controlRequested`.
        case adjust(PlaybackControl)
        /// Open this link in the browser.
        case open(URL)
        /// Share: put this link on the clipboard, then report ``EffectResult/linkCopied(_:)`` or
        /// ``EffectResult/linkNotCopied(_:reason:)`` (``effectFinished(_:_:at:)``): the model says which.
        case copyLink(URL)
    }

    /// What the host reports of an effect it ran (``effectFinished(_:_:at:)``).
    public enum EffectResult: Hashable, Sendable {
        /// Share's link is on the clipboard.
        case linkCopied(URL)
        /// Share's link did not reach the clipboard; `reason` says why, in one line.
        case linkNotCopied(URL, reason: String)
        /// A More link's opener could not open it (not found, would not start, or exited with a failure, which
        /// may come seconds later); `reason` says why, in one line.
        case linkNotOpened(URL, reason: String)
    }

    /// The "Link not opened" notice's button that copies the link.
    public static let copyLinkAction = NoticeAction.custom("copyLink")

    /// What the host runs: a load (report it with ``ScreenModelEvent/finished(_:_:)``) or an ``Effect``.
    public typealias Command = ScreenModelCommand<Request, Effect>

    /// What the model follows of the player: what is selected and its phase.
    public typealias Playback = PlaybackStatus

    /// An item of a list, and the group (category) it was listed under.
    struct RowInfo: Sendable {
        var item: SectionItem
        var group: String?
    }

    /// What one tab holds besides its root screen.
    struct TabState: Sendable {
        var generation = 0
        var rows: [RowID: RowInfo] = [:]
        /// The root screen while another tab shows.
        var saved: Screen?
        var started = false
    }

    /// The search modal's query, its results and the page to ask for next.
    struct SearchState: Sendable {
        var query: String?
        var generation = 0
        var nextPage: Int?
        var rows: [RowID: RowInfo] = [:]
    }

    var tabStates: [Tab: TabState] = [:]
    var current: Tab = .featured
    /// The item whose details show (nil: none).
    var details: RowInfo?
    /// The search modal's state while it is open.
    var search: SearchState?
    var playback = PlaybackStatus.idle
    var serial = 0
    /// The link the "Link not opened" notice offers to copy, while it shows.
    var unopenedLink: URL?

    /// An app with no screens yet.
    public init() {}

    /// The tab shown.
    public var selectedTab: Tab { current }

    /// Whether the search modal is open.
    public var isSearching: Bool { search != nil }

    /// The item whose details show, if any (tests).
    public var detailsItem: SectionItem? { details?.item }

    /// What the player holds, as last reported.
    public var playbackStatus: PlaybackStatus { playback }

    // MARK: Events

    /// Applies `event` (see the type's table); `now` is not used (freshness is the library's).
    public mutating func send(_ event: ScreenModelEvent<Request, Outcome>, _ shell: inout Shell, at t: Double,
                              now: Date) -> [Command] {
        switch event {
        case .started: start(&shell, at: t)
        case .output(let output): handle(output, &shell, at: t)
        case .finished(let request, let outcome): finished(request, outcome, &shell, at: t)
        }
    }

    /// Shows the Featured tab loading (the loading screen) and asks for it.
    private mutating func start(_ shell: inout Shell, at t: Double) -> [Command] {
        current = .featured
        tabStates = [.featured: TabState(started: true)]
        details = nil
        search = nil
        shell.setScreens([Self.root(.featured)], at: t)
        return [.load(request(.featured, .sections(.featured, refresh: false), .first))]
    }

    /// Hands what the shell reported to the screen it concerns.
    private mutating func handle(_ output: ShellOutput, _ shell: inout Shell, at t: Double) -> [Command] {
        switch output {
        case .titleButtonTapped(_, .nowPlaying), .sliderChanged(Self.nowPlayingScreen, _, _), .action(Self.nowPlayingScreen, _):
            return nowPlayingOutput(output, &shell, at: t)
        case .titleButtonTapped(_, .search), .searchSubmitted(Self.searchScreen, _), .nearEnd(Self.searchScreen, _),
             .rowSelected(Self.searchScreen, _), .back(from: Self.searchScreen):
            return searchOutput(output, &shell, at: t)
        case .action(Self.detailsScreen, _), .back(from: Self.detailsScreen):
            return detailsOutput(output, &shell, at: t)
        case .rowSelected, .nearEnd, .refreshRequested, .retryRequested, .tabSelected:
            return tabOutput(output, &shell, at: t)
        case .noticeAction(let action):
            // The "Link not opened" notice: Copy link puts the link on the clipboard (Share's effect).
            defer { unopenedLink = nil }
            guard action == Self.copyLinkAction, let link = unopenedLink else { return [] }
            return [.effect(.copyLink(link))]
        case .circleTapped, .quit, .searchChanged, .searchSubmitted, .titleButtonTapped, .sliderChanged, .action, .back:
            return []
        }
    }

    /// A load finished with `outcome`: a search page is the search's, anything else its tab's.
    private mutating func finished(_ request: Request, _ outcome: Outcome, _ shell: inout Shell, at t: Double) -> [Command] {
        if case .search(let query, _) = request.load {
            searchFinished(request, query: query, outcome, &shell, at: t)
            return []
        }
        return tabFinished(request, outcome, &shell, at: t)
    }

    // MARK: Requests

    /// A new request of `tab`'s, in its current generation.
    mutating func request(_ tab: Tab, _ load: Load, _ purpose: Purpose) -> Request {
        serial += 1
        return Request(serial: serial, tab: tab, generation: tabStates[tab]?.generation ?? 0, load: load, purpose: purpose)
    }
}
