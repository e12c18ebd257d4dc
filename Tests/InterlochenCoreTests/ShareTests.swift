import Foundation
import MediaCore
import ScreenKit
import Testing
import TestSupport
@testable import InterlochenCore

/// Share on an item's details (issue 19): the item's web page when it has one, else what it plays; copied by the
/// host (``InterlochenScreens/Effect/copyLink(_:)``), which reports whether it was
/// (``InterlochenScreens/EffectResult``); the model alone picks the notice.
@Suite("Interlochen Share")
struct ShareTests {
    typealias Screens = InterlochenScreens

    static let video = InterlochenVideo(id: "1", title: "Overture", hlsURL: "http://h/v.m3u8", webURL: "https://vimeo.com/1")
    static let bareVideo = InterlochenVideo(id: "2", title: "No page", hlsURL: "http://h/2.m3u8")
    static let story = NPRStory(id: "901", title: "A story", audioURL: "http://h/s.mp3", link: "https://www.npr.org/901")
    static let textStory = NPRStory(id: "902", title: "Text only")
    static let station = RadioStation(id: "classical", name: "Classical", streamURL: "http://h/classical.mp3")
    static let hostile = RadioStation(id: "evil", name: "Evil", streamURL: "file:///etc/passwd")
    static let relay = HDRelayStream(id: "chapel", title: "Chapel", hlsURL: "https://h/chapel.m3u8", isLive: true)

    @Test("which link: the web page first, else the stream; only http(s); a More link is not shared")
    func link() {
        #expect(SectionItem.video(Self.video).shareURL == URL(string: "https://vimeo.com/1"))
        #expect(SectionItem.video(Self.bareVideo).shareURL == URL(string: "http://h/2.m3u8"))
        #expect(SectionItem.story(Self.story).shareURL == URL(string: "https://www.npr.org/901"))
        #expect(SectionItem.story(Self.textStory).shareURL == nil)
        #expect(SectionItem.station(Self.station).shareURL == URL(string: "http://h/classical.mp3"))
        #expect(SectionItem.station(Self.hostile).shareURL == nil)
        #expect(SectionItem.relay(Self.relay).shareURL == URL(string: "https://h/chapel.m3u8"))
        #expect(SectionItem.link(MoreLink(name: "Give", link: "https://example.org/give")).shareURL == nil)
        let withCredentials = InterlochenVideo(id: "3", title: "T", webURL: "https://user:pw@vimeo.com/3")
        #expect(SectionItem.video(withCredentials).shareURL == nil)
    }

    func harness(_ items: [SectionItem]) -> InterlochenScreensTests.Harness {
        var harness = InterlochenScreensTests.Harness()
        let start = harness.start()
        _ = harness.finish(start.first, .sections(Screens.LoadedSections(sections: [Section(name: .featured, groups: [
            Section.Group(title: nil, items: items),
        ])])))
        return harness
    }

    @Test("details: Share after Listen or Watch; action(.share) → the copy effect, no notice yet; linkCopied → a notice \"Link copied\" with the link")
    func share() {
        var app = harness([.video(Self.video), .story(Self.story), .story(Self.textStory), .station(Self.hostile)])
        _ = app.handle(.rowSelected("featured", "vimeo:1"))
        #expect(app.top?.details?.actions.map(\.action) == [.watch, .share])
        #expect(app.top?.details?.actions.last?.title == "Share")
        let link = URL(string: "https://vimeo.com/1")!
        #expect(app.handle(.action(Screens.detailsScreen, .share)) == [.effect(.copyLink(link))])
        #expect(app.shell.notice == nil, "nothing is said before the host reports the copy")
        #expect(app.effectFinished(.linkCopied(link)).isEmpty)
        #expect(app.shell.notice?.title == "Link copied" && app.shell.notice?.message == "https://vimeo.com/1")
        #expect(app.top?.id == Screens.detailsScreen, "Share stays on the details")
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: Screens.detailsScreen))
        _ = app.handle(.rowSelected("featured", "npr:901"))
        #expect(app.top?.details?.actions.map(\.action) == [.listen, .share])
        #expect(app.handle(.action(Screens.detailsScreen, .share)) == [.effect(.copyLink(URL(string: "https://www.npr.org/901")!))])
    }

    @Test("linkNotCopied (the clipboard refused it) → a notice \"Link not copied\" with the reason, on the details; Share again can succeed")
    func notCopied() {
        var app = harness([.video(Self.video)])
        _ = app.handle(.rowSelected("featured", "vimeo:1"))
        let link = URL(string: "https://vimeo.com/1")!
        #expect(app.handle(.action(Screens.detailsScreen, .share)) == [.effect(.copyLink(link))])
        #expect(app.effectFinished(.linkNotCopied(link, reason: "SDL_SetClipboardText: No clipboard")).isEmpty)
        #expect(app.shell.notice?.title == "Link not copied" && app.shell.notice?.message == "SDL_SetClipboardText: No clipboard")
        #expect(app.top?.id == Screens.detailsScreen && app.shell.screens.count == 2, "the details stay")
        app.shell.closeNotice()
        #expect(app.handle(.action(Screens.detailsScreen, .share)) == [.effect(.copyLink(link))])
        _ = app.effectFinished(.linkCopied(link))
        #expect(app.shell.notice?.title == "Link copied")
    }

    @Test("nothing to share (no link, or not http(s)): no Share button, and a stray share does nothing")
    func nothingToShare() {
        var app = harness([.story(Self.textStory), .station(Self.hostile)])
        _ = app.handle(.rowSelected("featured", "npr:902"))
        #expect(app.top?.details?.actions == [])
        #expect(app.handle(.action(Screens.detailsScreen, .share)).isEmpty && app.shell.notice == nil)
        _ = app.shell.pop(at: app.t)
        _ = app.handle(.back(from: Screens.detailsScreen))
        _ = app.handle(.rowSelected("featured", "station:evil"))
        #expect(app.top?.details?.actions.map(\.action).contains(.share) == false)
        #expect(app.handle(.action(Screens.detailsScreen, .share)).isEmpty)
        #expect(app.handle(.action("featured", .share)).isEmpty, "only the details share")
    }
}
