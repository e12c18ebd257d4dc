import DragPhysics
import Foundation
import InterlochenCore
import ScreenKit
import MediaCore
import PlayerCore
import Testing
import TestSupport
import VideoCore

/// The Interlochen screens model headless: every row of ``InterlochenScreens``' table, the shell asserted
/// after each event.
@Suite("Interlochen screens")
struct InterlochenScreensTests {
    typealias Screens = InterlochenScreens

    static let video = InterlochenVideo(id: "1201001", title: "Overture", duration: 97, imageURL: "http://h/v.jpg",
                                        hlsURL: "http://h/v.m3u8")
    static let story = NPRStory(id: "901", title: "A story", teaser: "Teaser", imageURL: "http://h/s.jpg",
                                audioURL: "http://h/npr/audio/story.mp3", duration: 720)
    static let textStory = NPRStory(id: "902", title: "Text only")
    static let live = LiveStreamEvent(id: "6001", title: "Campus live", inProgress: true, imageURL: "http://h/l.jpg",
                                      hlsURL: "http://h/live/index.m3u8", streamIsLive: true)
    static let notLive = LiveStreamEvent(id: "6002", title: "Later", inProgress: true, hlsURL: "http://h/x.m3u8")
    static let classical = RadioStation(id: "classical", name: "Classical IPR", streamURL: "http://h/radio/classical.mp3",
                                        imageURL: "http://h/c.jpg", tagline: "Around the clock")
    static let news = RadioStation(id: "news", name: "IPR News", streamURL: "http://h/live/index.m3u8")

    static let featured = Screens.LoadedSections(sections: [Section(name: .featured, groups: [
        Section.Group(title: nil, items: [.video(video), .story(story), .story(textStory), .cast(live), .cast(notLive)]),
    ])])

    static func radio(stories: Range<Int>) -> Section {
        Section(name: .radio, groups: [
            Section.Group(title: "Stations", items: [.station(classical), .station(news)]),
            Section.Group(title: "Stories", items: stories.map { .story(NPRStory(id: "r\($0)", title: "Story \($0)")) }),
        ])
    }

    /// The model, its shell and the frame time (TestSupport's harness).
    typealias Harness = ScreenModelHarness<InterlochenScreens>

    static func request(_ command: Screens.Command?) -> Screens.Request? {
        if case .load(let request)? = command { return request }
        return nil
    }

    @Test("start: the Featured root loading with five tabs, Featured asked for")
    func start() {
        var app = Harness()
        let commands = app.start()
        #expect(commands.count == 1)
        #expect(Self.request(commands.first)?.load == .sections(.featured, refresh: false))
        #expect(app.top?.id == "featured" && app.top?.load == .loading)
        #expect(app.top?.tabs?.items.map(\.title) == ["Featured", "Radio", "Performances", "Extras", "More"])
        #expect(app.top?.tabs?.selected == "featured")
    }

    @Test("Featured loaded: rows with subtitle by type, thumbnails, LIVE on live casts only")
    func featuredRows() {
        let app = Harness.featured()
        #expect(app.top?.load == .loaded)
        #expect(app.rows.map(\.id.rawValue) == ["vimeo:1201001", "npr:901", "npr:902", "livestream:6001", "livestream:6002"])
        #expect(app.rows.map(\.subtitle) == ["Video · 1:37", "NPR · 12 min", "NPR · text only", "Live now", "LiveStream · starting soon"])
        #expect(app.rows.map(\.badge) == [nil, nil, nil, "LIVE", nil])
        #expect(app.rows[0].thumbnail == URL(string: "http://h/v.jpg"))
        #expect(app.top?.list?.hasMore == false, "only Radio pages")
    }

    @Test("a failed first load: failed with the message; Retry asks again with a new generation, a late result is dropped")
    func failedAndRetry() {
        var app = Harness()
        let first = app.start()
        _ = app.finish(first.first, .failed(LoadFailure(message: "content-meta: HTTP 401 Unauthorized")))
        #expect(app.top?.load == .failed(message: "content-meta: HTTP 401 Unauthorized"))
        let retry = app.handle(.retryRequested("featured"))
        #expect(Self.request(retry.first)?.load == .sections(.featured, refresh: false))
        #expect(Self.request(retry.first)?.generation == 1)
        _ = app.finish(first.first, .sections(Self.featured))       // the old request: dropped
        #expect(app.rows.isEmpty)
        _ = app.finish(retry.first, .sections(Self.featured))
        #expect(app.rows.count == 5 && app.top?.load == .loaded)
    }

    @Test("loaded with nothing and media that failed: failed with the failure; with some rows: a notice")
    func mediaFailures() {
        var app = Harness()
        let start = app.start()
        let empty = Screens.LoadedSections(sections: [Section(name: .featured, groups: [], pending: [.nprStory(id: "901")])],
                                           failures: ["npr:story/901: NPR: HTTP 500"])
        _ = app.finish(start.first, .sections(empty))
        #expect(app.top?.load == .failed(message: "npr:story/901: NPR: HTTP 500"))
        let retry = app.handle(.retryRequested("featured"))
        var partial = Self.featured
        partial.failures = ["vimeo:album/1003: Vimeo: HTTP 500"]
        _ = app.finish(retry.first, .sections(partial))
        #expect(app.rows.count == 5)
        #expect(app.shell.notice?.title == "Some content couldn't load")
    }

    @Test("an empty section shows one unselectable row")
    func empty() {
        var app = Harness()
        let start = app.start()
        _ = app.finish(start.first, .sections(Screens.LoadedSections(sections: [Section(name: .featured, groups: [])])))
        #expect(app.rows.map(\.id) == [Screens.emptyRow])
        #expect(app.handle(.rowSelected("featured", Screens.emptyRow)).isEmpty)
        #expect(app.top?.id == "featured")
    }

    @Test("tabs: a new tab loads (loading indicator), an old one is restored without a reload; results reach a hidden tab")
    func tabs() {
        var app = Harness.featured()
        let radio = app.handle(.tabSelected("featured", "radio"))
        #expect(Self.request(radio.first)?.load == .sections(.radio, refresh: false))
        #expect(app.top?.id == "radio" && app.top?.load == .loading && app.top?.tabs?.selected == "radio")
        #expect(app.screens.selectedTab == .radio)
        // Back to Featured before Radio arrives: restored, no load; Radio's result lands on the hidden root.
        #expect(app.handle(.tabSelected("radio", "featured")).isEmpty)
        #expect(app.top?.id == "featured" && app.rows.count == 5 && app.top?.tabs?.selected == "featured")
        _ = app.finish(radio.first, .sections(Screens.LoadedSections(sections: [Self.radio(stories: 0..<10)])))
        #expect(app.top?.id == "featured")
        #expect(app.handle(.tabSelected("featured", "radio")).isEmpty, "Radio was loaded while hidden")
        #expect(app.top?.load == .loaded && app.rows.count == 12)
        #expect(app.rows.prefix(2).map(\.overline) == ["Stations", "Stations"])
        // Selecting the shown tab changes nothing.
        #expect(app.handle(.tabSelected("radio", "radio")).isEmpty)
    }

    @Test("Extras shows its categories, then Campus View, each under a header row (not an overline)")
    func extras() {
        var app = Harness.featured()
        let extras = app.handle(.tabSelected("featured", "extras"))
        #expect(Self.request(extras.first)?.load == .sections(.extras, refresh: false))
        #expect(Screens.Tab.extras.sections == [.extras, .campusView])
        _ = app.finish(extras.first, .sections(Screens.LoadedSections(sections: [
            Section(name: .extras, groups: [Section.Group(title: "Interviews", items: [.story(Self.story)])]),
            Section(name: .campusView, groups: [Section.Group(title: nil, items: [.cast(Self.live)])]),
        ])))
        #expect(app.rows.map(\.id.rawValue) == ["header:0:Interviews", "npr:901", "header:1:Campus View", "livestream:6001"])
        #expect(app.rows.map(\.kind) == [.header, .item, .header, .item])
        #expect(app.rows.map(\.title) == ["Interviews", "A story", "Campus View", "Campus live"])
        #expect(app.rows.allSatisfy { $0.overline == nil })
        // A header is not a row to open; its item's details keep the category as their overline.
        #expect(app.handle(.rowSelected("extras", "header:0:Interviews")).isEmpty && app.top?.id == "extras")
        _ = app.handle(.rowSelected("extras", "npr:901"))
        #expect(app.top?.details?.overline == "INTERVIEWS")
    }

    @Test("Performances: a header per category with items; an empty category has none; an item in two categories shows once")
    func performancesHeaders() {
        var app = Harness.featured()
        let performances = app.handle(.tabSelected("featured", "performances"))
        _ = app.finish(performances.first, .sections(Screens.LoadedSections(sections: [Section(name: .performances, groups: [
            Section.Group(title: "Orchestra", items: [.video(Self.video), .story(Self.story)]),
            Section.Group(title: "Dance", items: []),
            Section.Group(title: "Live", items: [.cast(Self.live), .video(Self.video)]),
        ])])))
        #expect(app.rows.map(\.id.rawValue) == ["header:0:Orchestra", "vimeo:1201001", "npr:901", "header:1:Live", "livestream:6001"])
        #expect(app.top?.list?.itemCount == 3)
    }

    @Test("header ids stay unique when two categories share a name (ListRow.header's rule): the header's index in the id")
    func repeatedCategoryNames() {
        var app = Harness.featured()
        let performances = app.handle(.tabSelected("featured", "performances"))
        _ = app.finish(performances.first, .sections(Screens.LoadedSections(sections: [Section(name: .performances, groups: [
            Section.Group(title: "Orchestra", items: [.video(Self.video)]),
            Section.Group(title: "Live", items: [.cast(Self.live)]),
            Section.Group(title: "Orchestra", items: [.story(Self.story)]),
        ])])))
        let ids = app.rows.map(\.id.rawValue)
        #expect(ids == ["header:0:Orchestra", "vimeo:1201001", "header:1:Live", "livestream:6001", "header:2:Orchestra", "npr:901"])
        #expect(Set(ids).count == ids.count, "ids unique: \(ids)")
        #expect(app.rows.filter(\.isHeader).map(\.title) == ["Orchestra", "Live", "Orchestra"])
        // Each item keeps its own category; the second Orchestra header is not a row to open either.
        #expect(app.handle(.rowSelected("performances", "header:2:Orchestra")).isEmpty && app.top?.id == "performances")
        _ = app.handle(.rowSelected("performances", "npr:901"))
        #expect(app.top?.details?.overline == "ORCHESTRA")
    }

    @Test("Radio: more pages when it has stories; nearEnd → load more; new rows appended; nil → no more pages")
    func radioPaging() {
        var app = Harness.featured()
        let radio = app.handle(.tabSelected("featured", "radio"))
        _ = app.finish(radio.first, .sections(Screens.LoadedSections(sections: [Self.radio(stories: 0..<10)])))
        #expect(app.top?.list?.hasMore == true)
        let more = app.handle(.nearEnd("radio", rowCount: 12))
        #expect(Self.request(more.first)?.load == .moreStories && Self.request(more.first)?.purpose == .next)
        _ = app.finish(more.first, .moreStories(Self.radio(stories: 0..<20)))
        #expect(app.rows.count == 22 && app.rows.last?.id == "npr:r19" && app.top?.list?.hasMore == true)
        let failing = app.handle(.nearEnd("radio", rowCount: 22))
        _ = app.finish(failing.first, .failed(LoadFailure(message: "NPR: HTTP 500")))
        #expect(app.rows.count == 22 && app.top?.load == .loaded)
        #expect(app.top?.list?.footer == .failed(message: "NPR: HTTP 500"))
        let last = app.handle(.nearEnd("radio", rowCount: 22))
        _ = app.finish(last.first, .moreStories(nil))
        #expect(app.rows.count == 22 && app.top?.list?.hasMore == false)
        // nearEnd elsewhere asks for nothing.
        #expect(app.handle(.nearEnd("featured", rowCount: 5)).isEmpty)
    }

    @Test("Radio without stories has no more pages")
    func radioWithoutQuery() {
        var app = Harness.featured()
        let radio = app.handle(.tabSelected("featured", "radio"))
        _ = app.finish(radio.first, .sections(Screens.LoadedSections(sections: [Self.radio(stories: 0..<0)])))
        #expect(app.rows.count == 2 && app.top?.list?.hasMore == false)
    }

    @Test("pull to refresh: refresh: true with a new generation; loaded replaces rows; failed keeps them with a notice")
    func refresh() {
        var app = Harness.featured()
        let refresh = app.handle(.refreshRequested("featured"))
        #expect(Self.request(refresh.first)?.load == .sections(.featured, refresh: true))
        #expect(Self.request(refresh.first)?.purpose == .refresh && Self.request(refresh.first)?.generation == 1)
        var stale = Self.featured
        stale.sections[0].groups[0].items.removeLast()
        stale.notices = ["content-meta: HTTP 500; using the copy stored at 2026-11-23T10:00:00Z"]
        _ = app.finish(refresh.first, .sections(stale))
        #expect(app.rows.count == 4 && app.top?.load == .loaded)
        #expect(app.shell.notice?.title == "Showing saved content")
        app.shell.closeNotice()
        let again = app.handle(.refreshRequested("featured"))
        _ = app.finish(again.first, .failed(LoadFailure(message: "content-meta: HTTP 500")))
        #expect(app.rows.count == 4 && app.top?.load == .loaded)
        #expect(app.shell.notice == Notice(title: "Couldn't refresh", message: "content-meta: HTTP 500"))
        app.shell.closeNotice()
        let offline = app.handle(.refreshRequested("featured"))
        _ = app.finish(offline.first, .failed(LoadFailure(message: "offline", offline: true)))
        #expect(app.shell.notice == Notice.offline())
    }

    @Test("details: a station or story whose audio is not http(s) (file:, smb:, relative) has no Listen, and a stray listen runs nothing")
    func listenNeedsTheWeb() {
        for link in ["file:///etc/passwd", "FILE:///x.mp3", "smb://h/x.mp3", "/radio/x.mp3"] {
            var app = Harness.featured()
            let radio = app.handle(.tabSelected("featured", "radio"))
            let station = RadioStation(id: "odd", name: "Odd", streamURL: link)
            let section = Section(name: .radio, groups: [
                Section.Group(title: "Stations", items: [.station(station)]),
                Section.Group(title: "Stories", items: [.story(NPRStory(id: "s", title: "S", audioURL: link))]),
            ])
            _ = app.finish(radio.first, .sections(Screens.LoadedSections(sections: [section])))
            for row in ["station:odd", "npr:s"] {
                _ = app.handle(.rowSelected("radio", RowID(row)))
                #expect(app.top?.details?.actions.map(\.action).contains(.listen) == false, "\(link) \(row)")
                #expect(app.handle(.action(Screens.detailsScreen, .listen)).isEmpty, "\(link) \(row)")
                _ = app.shell.pop(at: app.t)
                _ = app.handle(.back(from: Screens.detailsScreen))
            }
        }
    }

    @Test("details: Listen on a station (MP3 → HTTP stream; .m3u8 → live HLS) and on a playable story")
    func listen() {
        var app = Harness.featured()
        let radio = app.handle(.tabSelected("featured", "radio"))
        _ = app.finish(radio.first, .sections(Screens.LoadedSections(sections: [Self.radio(stories: 0..<10)])))
        #expect(app.handle(.rowSelected("radio", "station:classical")).isEmpty)
        #expect(app.top?.id == Screens.detailsScreen)
        #expect(app.top?.details?.actions.map(\.action) == [.listen, .share])
        #expect(app.top?.details?.title == "Classical IPR" && app.top?.details?.overline == "STATIONS")
        #expect(app.screens.detailsItem == .station(Self.classical))
        // Tabs and rows of the covered root are ignored while details show.
        #expect(app.handle(.tabSelected("radio", "featured")).isEmpty && app.top?.id == Screens.detailsScreen)
        let listen = app.handle(.action(Screens.detailsScreen, .listen))
        #expect(listen == [.effect(.listen(.stream(StreamRequest(source: .http(url: URL(string: "http://h/radio/classical.mp3")!),
                                                         title: "Classical IPR", artist: "Around the clock",
                                                         artworkURL: URL(string: "http://h/c.jpg"), isLive: true))))])
        #expect(app.handle(.action(Screens.detailsScreen, .watch)).isEmpty, "a station has no Watch")
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: Screens.detailsScreen))
        #expect(app.screens.detailsItem == nil)
        _ = app.handle(.rowSelected("radio", "station:news"))
        #expect(app.handle(.action(Screens.detailsScreen, .listen)).first.map {
            if case .effect(.listen(.stream(let request))) = $0, case .liveHLS = request.source { true } else { false }
        } == true)
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: Screens.detailsScreen))
        _ = app.handle(.tabSelected("radio", "featured"))
        _ = app.handle(.rowSelected("featured", "npr:901"))
        #expect(app.top?.details?.facts == ["Duration: 12:00"] && app.top?.details?.paragraph == "Teaser")
        #expect(app.handle(.action(Screens.detailsScreen, .listen)) == [.effect(.listen(.stream(StreamRequest(
            source: .http(url: URL(string: "http://h/npr/audio/story.mp3")!), title: "A story", artist: "NPR",
            artworkURL: URL(string: "http://h/s.jpg"), isLive: false))))])
    }

    static let classicalRequest = StreamRequest(source: .http(url: URL(string: "http://h/radio/classical.mp3")!),
                                                title: "Classical IPR", artist: "Around the clock",
                                                artworkURL: URL(string: "http://h/c.jpg"), isLive: true)

    /// The Radio tab loaded, Classical IPR's details on top.
    static func classicalDetails() -> Harness {
        var app = Harness.featured()
        let radio = app.handle(.tabSelected("featured", "radio"))
        _ = app.finish(radio.first, .sections(Screens.LoadedSections(sections: [Self.radio(stories: 0..<10)])))
        _ = app.handle(.rowSelected("radio", "station:classical"))
        return app
    }

    @Test("Listen turns into Pause while its item runs (buffering, playing) and back (paused, failed, another item, a video, nothing)",
          arguments: [
              (PlaybackStatus(active: .stream(classicalRequest), phase: .fetching), ScreenAction.pause),
              (PlaybackStatus(active: .stream(classicalRequest), phase: .playing), .pause),
              // The same stream listed elsewhere with another second line (a story under Featured and a category).
              (PlaybackStatus(active: .stream(StreamRequest(url: URL(string: "http://h/radio/classical.mp3")!, title: "Classical",
                                                            artist: "Featured", isLive: true)), phase: .playing), .pause),
              (PlaybackStatus(active: .stream(classicalRequest), phase: .paused), .listen),
              (PlaybackStatus(active: .stream(classicalRequest), phase: .failed), .listen),
              (PlaybackStatus(active: .stream(classicalRequest), phase: .uninitialized), .listen),
              (PlaybackStatus(active: .stream(StreamRequest(url: URL(string: "http://h/live/index.m3u8")!, title: "IPR News")),
                              phase: .playing), .listen),
              (PlaybackStatus(active: .download(DownloadRequest(playlist: URL(string: "http://h/v.m3u8")!)), phase: .playing), .listen),
              (PlaybackStatus.idle, .listen),
          ])
    func listenTurnsIntoPause(status: PlaybackStatus, button: ScreenAction) {
        var app = Self.classicalDetails()
        #expect(app.top?.details?.actions.map(\.action) == [.listen, .share])
        #expect(app.playing(status).isEmpty)
        #expect(app.top?.details?.actions.map(\.action) == [button, .share])
        #expect(app.top?.details?.actions.first?.title == button.defaultTitle)
        #expect(app.screens.playbackStatus == status)
    }

    @Test("Pause pauses the item that runs; Listen on it paused resumes it; Listen on another item (or a failed one) plays it; Pause when it does not run does nothing")
    func pauseAndResume() {
        var app = Self.classicalDetails()
        _ = app.playing(PlaybackStatus(active: .stream(Self.classicalRequest), phase: .playing))
        #expect(app.handle(.action(Screens.detailsScreen, .pause)) == [.effect(.control(.pause))])
        _ = app.playing(PlaybackStatus(active: .stream(Self.classicalRequest), phase: .paused))
        #expect(app.top?.details?.actions.map(\.title) == ["Listen", "Share"])
        #expect(app.handle(.action(Screens.detailsScreen, .pause)).isEmpty, "not running: nothing to pause")
        #expect(app.handle(.action(Screens.detailsScreen, .listen)) == [.effect(.control(.play))])
        _ = app.playing(PlaybackStatus(active: .stream(Self.classicalRequest), phase: .failed))
        #expect(app.handle(.action(Screens.detailsScreen, .listen)) == [.effect(.listen(.stream(Self.classicalRequest)))])
        // A details opened while its item plays shows Pause at once.
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: Screens.detailsScreen))
        _ = app.playing(PlaybackStatus(active: .stream(Self.classicalRequest), phase: .playing))
        _ = app.handle(.rowSelected("radio", "station:classical"))
        #expect(app.top?.details?.actions.map(\.action) == [.pause, .share])
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: Screens.detailsScreen))
        _ = app.handle(.rowSelected("radio", "station:news"))
        #expect(app.top?.details?.actions.map(\.action) == [.listen, .share], "another station")
        #expect(app.handle(.action(Screens.detailsScreen, .pause)).isEmpty)
    }

    @Test("the headphones mark shows while audio is loaded (a stream, a download), not with nothing or a video; a tap opens the now-playing screen")
    func headphonesMark() {
        var app = Self.classicalDetails()
        #expect(!app.shell.showsNowPlayingMark)
        #expect(app.handle(.titleButtonTapped(Screens.detailsScreen, .nowPlaying)).isEmpty)
        #expect(app.top?.id == Screens.detailsScreen, "nothing loaded: nothing opens")
        _ = app.playing(PlaybackStatus(active: .stream(Self.classicalRequest), phase: .fetching))
        #expect(app.shell.showsNowPlayingMark)
        _ = app.playing(PlaybackStatus(active: .download(DownloadRequest(playlist: URL(string: "http://h/v.m3u8")!)), phase: .playing))
        #expect(app.shell.showsNowPlayingMark)
        _ = app.playing(PlaybackStatus(active: .video(.init(source: .hls(URL(string: "http://h/v.m3u8")!))), phase: .uninitialized))
        #expect(!app.shell.showsNowPlayingMark, "a video releases the global audio")
        _ = app.playing(.idle)
        #expect(!app.shell.showsNowPlayingMark)
    }

    @Test("the headphones mark goes once the audio loaded has ended (a story played out, a download done)")
    func headphonesMarkGoesAtTheEnd() {
        var app = Self.classicalDetails()
        let story = StreamRequest(url: URL(string: "http://h/npr/audio/story-180.mp3")!, title: "A story", isLive: false)
        _ = app.playing(PlaybackStatus(active: .stream(story), phase: .playing))
        #expect(app.shell.showsNowPlayingMark)
        _ = app.playing(PlaybackStatus(active: .stream(story), phase: .paused))
        #expect(app.shell.showsNowPlayingMark, "paused is still loaded")
        _ = app.playing(PlaybackStatus(active: .stream(story), phase: .uninitialized))
        #expect(!app.shell.showsNowPlayingMark, "the story played to its end: nothing is loaded")
    }

    @Test("a More link whose opener fails: a notice with the reason and the link; Copy link copies it")
    func linkNotOpened() throws {
        var app = Harness.featured()
        let url = try #require(URL(string: "https://www.interlochen.org/give"))
        _ = app.effectFinished(.linkNotOpened(url, reason: "Not opened: no program to open it was found (xdg-open exit status 3)."))
        let notice = try #require(app.shell.notice)
        #expect(notice.title == "Link not opened")
        #expect(notice.message == "Not opened: no program to open it was found (xdg-open exit status 3).\nhttps://www.interlochen.org/give")
        #expect(notice.buttons.map(\.title) == ["OK", "Copy link"])
        #expect(app.handle(.noticeAction(Screens.copyLinkAction)) == [.effect(.copyLink(url))])
        #expect(app.handle(.noticeAction(Screens.copyLinkAction)).isEmpty, "once: the notice is gone")
        _ = app.effectFinished(.linkNotOpened(url, reason: "x"))
        #expect(app.handle(.noticeAction(.dismiss)).isEmpty)
        #expect(app.handle(.noticeAction(Screens.copyLinkAction)).isEmpty, "OK forgot the link")
    }

    @Test("a video's details show its description")
    func videoDescription() {
        var app = Harness()
        let start = app.start()
        let video = InterlochenVideo(id: "7", title: "Overture", duration: 97, hlsURL: "http://h/v.m3u8",
                                     description: "The festival orchestra opens the season.")
        _ = app.finish(start.first, .sections(Screens.LoadedSections(sections: [Section(name: .featured, groups: [
            Section.Group(title: nil, items: [.video(video)])])])))
        _ = app.handle(.rowSelected("featured", "vimeo:7"))
        #expect(app.top?.details?.paragraph == "The festival orchestra opens the season.")
    }

    @Test("now playing: artwork, title, station or story, its state; Pause while it runs, Play otherwise; it follows the player and closes with no audio")
    func nowPlayingScreen() {
        var app = Self.classicalDetails()
        _ = app.playing(PlaybackStatus(active: .stream(Self.classicalRequest), phase: .playing))
        #expect(app.handle(.titleButtonTapped(Screens.detailsScreen, .nowPlaying)).isEmpty)
        #expect(app.top?.id == Screens.nowPlayingScreen && app.top?.title == "Now Playing" && app.top?.tabs == nil)
        #expect(app.top?.hidesCircle == true && !app.shell.showsCircle, "the circle would cover its controls")
        #expect(app.top?.details == DetailsScreen(image: URL(string: "http://h/c.jpg"), overline: "STATION", title: "Classical IPR",
                                                  subtitle: "Around the clock", facts: ["Playing"], actions: [ActionButton(.pause)],
                                                  sliders: [DetailsSlider(name: "volume", label: "Volume", value: 1)]))
        #expect(app.handle(.titleButtonTapped(Screens.nowPlayingScreen, .nowPlaying)).isEmpty)
        #expect(app.shell.screens.count(where: { $0.id == Screens.nowPlayingScreen }) == 1, "not pushed twice")
        #expect(app.handle(.action(Screens.nowPlayingScreen, .play)).isEmpty, "playing: Play does nothing")
        #expect(app.handle(.action(Screens.nowPlayingScreen, .pause)) == [.effect(.control(.pause))])
        _ = app.playing(PlaybackStatus(active: .stream(Self.classicalRequest), phase: .paused))
        #expect(app.top?.details?.actions == [ActionButton(.play)] && app.top?.details?.facts == ["Paused"])
        #expect(app.handle(.action(Screens.nowPlayingScreen, .pause)).isEmpty)
        #expect(app.handle(.action(Screens.nowPlayingScreen, .play)) == [.effect(.control(.play))])
        // The details under it follow too.
        #expect(app.shell.screen(Screens.detailsScreen)?.details?.actions.map(\.action) == [.listen, .share])
        // A story: STORY, its group as the second line.
        let story = StreamRequest(url: URL(string: "http://h/npr/audio/story.mp3")!, title: "A story", artist: "NPR", isLive: false)
        _ = app.playing(PlaybackStatus(active: .stream(story), phase: .fetching))
        #expect(app.top?.details?.overline == "STORY" && app.top?.details?.title == "A story" && app.top?.details?.facts == ["Loading…"])
        #expect(app.top?.details?.actions.map(\.action) == [Screens.back15, .pause, Screens.forward15], "a story: ±15 s")
        // Back: the details again; the audio released: the now-playing screen closes itself.
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: Screens.nowPlayingScreen))
        #expect(app.top?.id == Screens.detailsScreen && app.screens.detailsItem == .station(Self.classical))
        _ = app.handle(.titleButtonTapped(Screens.detailsScreen, .nowPlaying))
        _ = app.playing(.idle)
        #expect(app.top?.id == Screens.detailsScreen)
    }

    @Test("now playing: the volume slider shows the audio's volume (0 muted) and a click sets it; a story shows its position / length, a station none")
    func nowPlayingVolumeAndPosition() {
        var app = Self.classicalDetails()
        _ = app.playing(PlaybackStatus(active: .stream(Self.classicalRequest), phase: .playing, volume: AudioVolume(level: 0.4)))
        _ = app.handle(.titleButtonTapped(Screens.detailsScreen, .nowPlaying))
        #expect(app.top?.details?.sliders == [DetailsSlider(name: "volume", label: "Volume", value: 0.4)])
        #expect(app.handle(.sliderChanged(Screens.nowPlayingScreen, "volume", 0.75)) == [.effect(.adjust(.setVolume(0.75)))])
        #expect(app.handle(.sliderChanged(Screens.nowPlayingScreen, "other", 0.75)).isEmpty, "an unknown slider")
        #expect(app.handle(.sliderChanged(Screens.detailsScreen, "volume", 0.75)).isEmpty, "another screen's")
        _ = app.playing(PlaybackStatus(active: .stream(Self.classicalRequest), phase: .playing, volume: AudioVolume(level: 0.4, muted: true)))
        #expect(app.top?.details?.sliders.first?.value == 0)
        #expect(app.top?.details?.facts == ["Playing"], "live radio: no position")
        let story = StreamRequest(url: URL(string: "http://h/npr/audio/story.mp3")!, title: "A story", artist: "NPR", isLive: false)
        _ = app.playing(PlaybackStatus(active: .stream(story), phase: .playing, position: 62, duration: 225.4))
        #expect(app.top?.details?.facts == ["Playing", "1:02 / 3:45"])
        _ = app.playing(PlaybackStatus(active: .stream(story), phase: .playing, position: 5))
        #expect(app.top?.details?.facts == ["Playing", "0:05"], "length unknown: the time alone")
        _ = app.playing(.idle)
        #expect(app.handle(.sliderChanged(Screens.nowPlayingScreen, "volume", 0.5)).isEmpty, "nothing loaded")
    }

    @Test("now playing a story: −15 s and +15 s skip; the position slider shows position / length and a click seeks to that fraction; live radio and a download have neither")
    func nowPlayingSeek() {
        var app = Self.classicalDetails()
        let story = StreamRequest(url: URL(string: "http://h/npr/audio/story.mp3")!, title: "A story", artist: "NPR", isLive: false)
        _ = app.playing(PlaybackStatus(active: .stream(story), phase: .playing, position: 30, duration: 120))
        _ = app.handle(.titleButtonTapped(Screens.detailsScreen, .nowPlaying))
        #expect(app.top?.details?.actions == [ActionButton(Screens.back15, title: "−15 s"), ActionButton(.pause),
                                              ActionButton(Screens.forward15, title: "+15 s")])
        #expect(app.top?.details?.sliders == [DetailsSlider(name: "position", label: "Position", value: 0.25),
                                              DetailsSlider(name: "volume", label: "Volume", value: 1)])
        #expect(app.handle(.action(Screens.nowPlayingScreen, Screens.back15)) == [.effect(.adjust(.skip(by: -15)))])
        #expect(app.handle(.action(Screens.nowPlayingScreen, Screens.forward15)) == [.effect(.adjust(.skip(by: 15)))])
        #expect(app.handle(.sliderChanged(Screens.nowPlayingScreen, "position", 0.5)) == [.effect(.adjust(.seek(to: 60)))])
        #expect(app.handle(.sliderChanged(Screens.nowPlayingScreen, "position", 1.5)) == [.effect(.adjust(.seek(to: 120)))], "clamped")
        #expect(app.handle(.sliderChanged(Screens.nowPlayingScreen, "position", .nan)).isEmpty)
        #expect(app.handle(.sliderChanged(Screens.detailsScreen, "position", 0.5)).isEmpty, "another screen's")
        // The slider follows the position.
        _ = app.playing(PlaybackStatus(active: .stream(story), phase: .playing, position: 90, duration: 120))
        #expect(app.top?.details?.sliders.first == DetailsSlider(name: "position", label: "Position", value: 0.75))
        // Length unknown: ±15 s, no slider; a click on where it was seeks nowhere.
        _ = app.playing(PlaybackStatus(active: .stream(story), phase: .playing, position: 5))
        #expect(app.top?.details?.sliders.map(\.name) == ["volume"])
        #expect(app.top?.details?.actions.count == 3)
        #expect(app.handle(.sliderChanged(Screens.nowPlayingScreen, "position", 0.5)).isEmpty)
        // Live radio and a download: no seek controls, and their events do nothing.
        for status in [PlaybackStatus(active: .stream(Self.classicalRequest), phase: .playing),
                       PlaybackStatus(active: .download(DownloadRequest(playlist: URL(string: "http://h/v.m3u8")!)), phase: .playing)] {
            _ = app.playing(status)
            #expect(app.top?.details?.actions == [ActionButton(.pause)])
            #expect(app.top?.details?.sliders.map(\.name) == ["volume"])
            #expect(app.handle(.action(Screens.nowPlayingScreen, Screens.forward15)).isEmpty)
            #expect(app.handle(.action(Screens.nowPlayingScreen, Screens.back15)).isEmpty)
            #expect(app.handle(.sliderChanged(Screens.nowPlayingScreen, "position", 0.5)).isEmpty)
        }
    }

    @Test("details: a story without audio has no Listen; Watch on a video and on a live cast pushes the player (no tabs) and opens it on the HLS link; closed: the details; none on a cast not live")
    func watch() {
        var app = Harness.featured()
        _ = app.handle(.rowSelected("featured", "npr:902"))
        #expect(app.top?.details?.actions == [])
        #expect(app.handle(.action(Screens.detailsScreen, .listen)).isEmpty)
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: Screens.detailsScreen))
        _ = app.handle(.rowSelected("featured", "vimeo:1201001"))
        #expect(app.top?.details?.actions.map(\.action) == [.watch, .share])
        #expect(app.handle(.action(Screens.detailsScreen, .watch)) == [.effect(.watch(VideoRequest(
            source: .hls(URL(string: "http://h/v.m3u8")!), title: "Overture")))])
        #expect(app.top?.id == PlayerScreen.id && app.top?.title == "Overture" && app.top?.tabs == nil && app.shell.screens.count == 3)
        #expect(app.handle(.tabSelected("featured", "radio")).isEmpty, "no tab change under the player")
        // The player closed: the host closes its screen and hands the model the back; the details again.
        for output in app.shell.close(PlayerScreen.id, at: app.t) { #expect(app.handle(output).isEmpty) }
        #expect(app.top?.id == Screens.detailsScreen && app.screens.detailsItem?.id == "1201001")
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: Screens.detailsScreen))
        _ = app.handle(.rowSelected("featured", "livestream:6001"))
        #expect(app.handle(.action(Screens.detailsScreen, .watch)) == [.effect(.watch(VideoRequest(
            source: .hls(URL(string: "http://h/live/index.m3u8")!), title: "Campus live")))])
        #expect(app.top?.id == PlayerScreen.id && app.top?.title == "Campus live")
        for output in app.shell.close(PlayerScreen.id, at: app.t) { #expect(app.handle(output).isEmpty) }
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: Screens.detailsScreen))
        _ = app.handle(.rowSelected("featured", "livestream:6002"))
        #expect(app.top?.details?.actions == [] && app.top?.details?.facts == ["In progress, not streaming yet"])
    }

    @Test("More: a row opens its link; nothing is pushed")
    func more() {
        var app = Harness.featured()
        let more = app.handle(.tabSelected("featured", "more"))
        _ = app.finish(more.first, .sections(Screens.LoadedSections(sections: [Section(name: .more, groups: [
            Section.Group(title: nil, items: [.link(MoreLink(name: "Support Interlochen", link: "https://www.interlochen.org/give"))]),
        ])])))
        #expect(app.rows.first?.subtitle == "www.interlochen.org")
        #expect(app.top?.list?.style.showsThumbnails == false, "links have no pictures")
        #expect(app.handle(.rowSelected("more", "link:https://www.interlochen.org/give"))
                == [.effect(.open(URL(string: "https://www.interlochen.org/give")!))])
        #expect(app.top?.id == "more")
    }

    @Test("More: hostile links are shown, not opened: a notice says why (issue 20)")
    func hostileLinks() {
        let hostile = ["file:///etc/passwd", "smb://attacker.example/share", "x-custom-handler://run?cmd=calc",
                       "javascript:alert(1)", "-x-option", "ftp://files.example/a", "data:text/html,<b>x</b>",
                       "http://user:secret@www.example.org/", "http:///nohost", "relative/path.html",
                       "desktop:/usr/share/applications/xterm.desktop"]
        for link in hostile {
            var app = Harness.featured()
            let more = app.handle(.tabSelected("featured", "more"))
            _ = app.finish(more.first, .sections(Screens.LoadedSections(sections: [Section(name: .more, groups: [
                Section.Group(title: nil, items: [.link(MoreLink(name: "Prize", link: link))]),
            ])])))
            let commands = app.handle(.rowSelected("more", RowID("link:\(link)")))
            #expect(commands.isEmpty, "\(link) → \(commands)")
            #expect(app.shell.notice?.title == "Link not opened", "\(link)")
            #expect(app.shell.notice?.message.hasPrefix("Not opened: ") == true, "\(link): \(app.shell.notice?.message ?? "")")
            #expect(app.top?.id == "more")
        }
        // Mail links are opened.
        var app = Harness.featured()
        let more = app.handle(.tabSelected("featured", "more"))
        _ = app.finish(more.first, .sections(Screens.LoadedSections(sections: [Section(name: .more, groups: [
            Section.Group(title: nil, items: [.link(MoreLink(name: "Write", link: "mailto:info@interlochen.org"))]),
        ])])))
        #expect(app.handle(.rowSelected("more", "link:mailto:info@interlochen.org")) == [.effect(.open(URL(string: "mailto:info@interlochen.org")!))])
        #expect(app.shell.notice == nil)
    }

    @Test("outputs that change nothing: the circle, quit, notices, search, unknown screens and rows")
    func ignored() {
        var app = Harness.featured()
        for output: ShellOutput in [.circleTapped, .quit, .noticeAction(.dismiss), .searchChanged("featured", "x"),
                                    .searchSubmitted("featured", "x"), .rowSelected("featured", "vimeo:nope"),
                                    .rowSelected("nowhere", "x"), .action("featured", .listen), .refreshRequested("nowhere"),
                                    .retryRequested("nowhere"), .tabSelected("featured", "nowhere")] {
            #expect(app.handle(output).isEmpty, "\(output)")
        }
        #expect(app.top?.id == "featured" && app.rows.count == 5)
    }

    static func videos(_ range: Range<Int>) -> [InterlochenVideo] {
        range.map { InterlochenVideo(id: "s\($0)", title: "Found \($0)", duration: 60, hlsURL: "http://h/s\($0).m3u8") }
    }

    @Test("search: Search in a tab's title bar opens the modal (grey bar, Done, no tabs); submit empties the results and page 1 loads at the next tick; pages append; a video's details Watch; Done closes it")
    func search() {
        var app = Harness.featured()
        #expect(app.top?.trailingButton == .search && !app.rows.contains { $0.title == "Search videos" }, "a button, not a row")
        #expect(app.handle(.titleButtonTapped("featured", .search)).isEmpty)
        #expect(app.top?.id == Screens.searchScreen && app.screens.isSearching && app.shell.screens.count == 2)
        #expect(app.top?.isModal == true && app.top?.trailingButton == .done && app.top?.tabs == nil && app.top?.title == "Search")
        #expect(app.handle(.titleButtonTapped("featured", .search)).isEmpty && app.shell.screens.count == 2, "not twice")
        #expect(app.handle(.searchSubmitted(Screens.searchScreen, "   ")).isEmpty, "an empty query asks nothing")
        #expect(app.handle(.searchSubmitted(Screens.searchScreen, " jazz ")).isEmpty)
        #expect(app.top?.list?.hasMore == true && app.top?.list?.rows.isEmpty == true)
        let first = app.tick()
        #expect(Self.request(first.first)?.load == .search(query: "jazz", page: 1), "\(first)")
        _ = app.finish(first.first, .searchResults(Screens.SearchPage(page: 1, videos: Self.videos(0..<25), hasMore: true)))
        #expect(app.top?.list?.rows.count == 25 && app.top?.list?.hasMore == true)
        let second = app.handle(.nearEnd(Screens.searchScreen, rowCount: 25))
        #expect(Self.request(second.first)?.load == .search(query: "jazz", page: 2))
        // A new search drops the old one's late page.
        _ = app.handle(.searchSubmitted(Screens.searchScreen, "orchestra"))
        _ = app.finish(second.first, .searchResults(Screens.SearchPage(page: 2, videos: Self.videos(25..<30), hasMore: false)))
        #expect(app.top?.list?.rows.isEmpty == true)
        let orchestra = app.tick()
        #expect(Self.request(orchestra.first)?.load == .search(query: "orchestra", page: 1))
        _ = app.finish(orchestra.first, .searchResults(Screens.SearchPage(page: 1, videos: Self.videos(0..<3), hasMore: false)))
        #expect(app.top?.list?.rows.map(\.id.rawValue) == ["vimeo:s0", "vimeo:s1", "vimeo:s2"] && app.top?.list?.hasMore == false)
        #expect(app.handle(.rowSelected(Screens.searchScreen, "vimeo:s1")).isEmpty)
        #expect(app.top?.id == Screens.detailsScreen && app.top?.details?.actions.map(\.action) == [.watch, .share], "search keeps Share (seed 000)")
        #expect(app.handle(.action(Screens.detailsScreen, .watch)).count == 1 && app.top?.id == PlayerScreen.id)
        for output in app.shell.close(PlayerScreen.id, at: app.t) { _ = app.handle(output) }
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: Screens.detailsScreen))
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: Screens.searchScreen))
        #expect(!app.screens.isSearching && app.top?.id == "featured")
    }

    @Test("search opens from any tab's title bar, not from details over it (no Search there) nor a tab that is not shown")
    func searchFromTabs() {
        var app = Harness.featured()
        let radio = app.handle(.tabSelected("featured", "radio"))
        _ = app.finish(radio.first, .sections(Screens.LoadedSections(sections: [Self.radio(stories: 0..<3)])))
        #expect(app.top?.trailingButton == .search)
        #expect(app.handle(.titleButtonTapped("featured", .search)).isEmpty && !app.screens.isSearching, "Featured is not shown")
        _ = app.handle(.rowSelected("radio", "station:classical"))
        #expect(app.top?.trailingButton == nil)
        #expect(app.handle(.titleButtonTapped("radio", .search)).isEmpty && !app.screens.isSearching, "details over it")
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: Screens.detailsScreen))
        #expect(app.handle(.titleButtonTapped("radio", .search)).isEmpty && app.screens.isSearching && app.top?.id == Screens.searchScreen)
    }

    @Test("search: no match says so; a failed page shows its message in the loading row")
    func searchEmptyAndFailed() {
        var app = Harness.featured()
        _ = app.handle(.titleButtonTapped("featured", .search))
        _ = app.handle(.searchSubmitted(Screens.searchScreen, "zzz"))
        let first = app.tick()
        _ = app.finish(first.first, .failed(LoadFailure(message: "Vimeo: HTTP 500")))
        #expect(app.top?.list?.footer == .failed(message: "Vimeo: HTTP 500"))
        _ = app.handle(.searchSubmitted(Screens.searchScreen, "zzz"))
        let again = app.tick()
        _ = app.finish(again.first, .searchResults(Screens.SearchPage(page: 1, videos: [], hasMore: false)))
        #expect(app.top?.list?.rows.map(\.title) == ["No videos match “zzz”"])
        #expect(app.handle(.rowSelected(Screens.searchScreen, Screens.emptyRow)).isEmpty && app.top?.id == Screens.searchScreen)
    }

    @Test("InterlochenText: clock and subtitles")
    func text() {
        #expect(InterlochenText.clock(97) == "1:37" && InterlochenText.clock(3_725) == "1:02:05" && InterlochenText.clock(5) == "0:05")
        #expect(InterlochenText.subtitle(.station(Self.news)) == "Radio station")
        #expect(InterlochenText.facts(.story(NPRStory(id: "1", title: "x", date: Date(timeIntervalSince1970: 1_700_000_000))))
                == ["Published: 2023-11-14", "No audio for this story"])
    }
}

extension Screen {
    /// The details shown, if this is a details screen.
    var details: DetailsScreen? {
        if case .details(let details) = body { return details }
        return nil
    }
}

extension ScreenModelHarness where Model == InterlochenScreens {
    /// A new Interlochen app.
    init() { self.init(InterlochenScreens()) }

    /// Started, Featured loaded.
    static func featured() -> Self {
        var app = Self()
        let start = app.start()
        _ = app.finish(start.first, .sections(InterlochenScreensTests.featured))
        return app
    }
}
