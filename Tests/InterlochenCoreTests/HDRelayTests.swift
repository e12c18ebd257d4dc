import FeedCore
import Foundation
import MediaCore
import PlayerCore
import ScreenKit
import Testing
import TestSupport
import VideoCore
@testable import InterlochenCore

/// HDRelay streams (issue 19): declared in content-meta.json itself (the entry's shape is inferred: seed 000
/// names HDRelay but shows no file), listed like LiveStream casts, LIVE when live, Watch plays them.
@Suite("HDRelay")
struct HDRelayTests {
    /// A file with HDRelay streams in Featured and in a category, beside a LiveStream cast.
    static let file = """
    { "featured": { "livestreamCasts": [{"account": "1", "event": "2"}],
                    "hdrelayStreams": [{ "id": "chapel", "title": "Chapel", "image": "https://h/c.jpg",
                                         "hlsUrl": "https://h/chapel/index.m3u8", "live": true, "description": "Live." }] },
      "performances": [ { "category": "Live", "content": [
          { "type": "livestream", "account": "1", "event": "3" },
          { "type": "HDRelay", "id": 7, "title": "Recital", "hlsUrl": "http://h/recital.m3u8", "live": "false" },
          { "type": "vimeo", "album": "9" } ] } ] }
    """

    func decode(_ text: String) throws -> ContentMeta { try ContentMeta.decode(from: Array(text.utf8)) }

    @Test("decoding: every field from the file; ids as numbers; live as a string; the type in any case")
    func decoding() throws {
        let meta = try decode(Self.file)
        #expect(meta.featured.hdRelayStreams == [HDRelayStream(id: "chapel", title: "Chapel", imageURL: "https://h/c.jpg",
                                                               hlsURL: "https://h/chapel/index.m3u8", isLive: true,
                                                               description: "Live.")])
        #expect(meta.performances[0].items == [
            .liveStream(LiveStreamCast(account: "1", event: "3")),
            .hdRelay(HDRelayStream(id: "7", title: "Recital", hlsURL: "http://h/recital.m3u8", isLive: false)),
            .vimeoAlbum(id: "9"),
        ])
        #expect(meta.warnings.isEmpty)
        // Nothing to fetch for them: they are not media references.
        #expect(meta.mediaReferences.map(\.description).sorted() == ["livestream:1/2", "livestream:1/3", "vimeo:album/9"])
        #expect(meta.references(of: .performances).map(\.description) == ["livestream:1/3", "vimeo:album/9"])
    }

    @Test("missing fields: the entry is skipped with a warning naming where and what; the rest is used")
    func missingFields() throws {
        let meta = try decode("""
        { "featured": { "hdrelayStreams": [ { "title": "No id", "hlsUrl": "https://h/a.m3u8" },
                                            { "id": "ok", "title": "OK", "hlsUrl": "https://h/ok.m3u8" } ] },
          "extras": [ { "category": "Relays", "content": [
              { "type": "hdrelay", "id": "a", "hlsUrl": "https://h/a.m3u8" },
              { "type": "hdrelay", "id": "b", "title": "No stream" },
              { "type": "hdrelay", "id": "c", "title": "   ", "hlsUrl": "https://h/c.m3u8" } ] } ] }
        """)
        #expect(meta.featured.hdRelayStreams.map(\.id) == ["ok"])
        #expect(meta.extras[0].items.isEmpty)
        #expect(meta.warnings.map(\.description) == [
            "content-meta.json: featured.hdrelayStreams[0]: an hdrelay entry without an id, skipped",
            "content-meta.json: extras[0].content[0]: an hdrelay entry without a title, skipped",
            "content-meta.json: extras[0].content[1]: an hdrelay entry without an hlsUrl, skipped",
            "content-meta.json: extras[0].content[2]: an hdrelay entry without a title, skipped",
        ])
        let single = try decode(#"{"featured": {"hdrelayStreams": {"id": "one", "title": "One", "hlsUrl": "https://h/1.m3u8"}}}"#)
        #expect(single.featured.hdRelayStreams.map(\.id) == ["one"], "one entry without a list, as the file's other lists allow")
    }

    @Test("entries that are not objects (a number, a string, a list) are skipped with a warning; they never fail the file")
    func entriesThatAreNotObjects() throws {
        let meta = try decode("""
        { "featured": { "hdrelayStreams": [ 42, "x", [1], { "id": "ok", "title": "OK", "hlsUrl": "https://h/ok.m3u8" } ] },
          "extras": [ { "category": "Relays", "content": [ true, { "type": "vimeo", "album": "9" } ] } ] }
        """)
        #expect(meta.featured.hdRelayStreams.map(\.id) == ["ok"])
        #expect(meta.extras[0].items == [.vimeoAlbum(id: "9")])
        #expect(meta.warnings.map(\.description) == [
            "content-meta.json: featured.hdrelayStreams[0]: an hdrelay entry that is not an object, skipped",
            "content-meta.json: featured.hdrelayStreams[1]: an hdrelay entry that is not an object, skipped",
            "content-meta.json: featured.hdrelayStreams[2]: an hdrelay entry that is not an object, skipped",
            "content-meta.json: extras[0].content[0]: an entry that is not an object, skipped",
        ])
        let single = try decode(#"{"featured": {"hdrelayStreams": 7}}"#)
        #expect(single.featured.hdRelayStreams.isEmpty && single.warnings.count == 1, "\(single.warnings)")
    }

    @Test("hostile values: a stream that is not http(s) is refused (nothing playable), a bad image dropped, wrong types skipped")
    func hostileValues() throws {
        let hostile = ["file:///etc/passwd", "javascript:alert(1)", "smb://x/share", "/relative/index.m3u8",
                       "https://user:secret@h/a.m3u8", "-x", "https://h/a b.m3u8", "https:///nohost.m3u8",
                       "https://h/" + String(repeating: "a", count: LinkPolicy.maximumLength)]
        let entries = hostile.enumerated().map { index, url in
            #"{"type": "hdrelay", "id": "h\#(index)", "title": "T", "hlsUrl": \#(Self.json(url))}"#
        }
        let meta = try decode(#"{"performances": [{"category": "X", "content": [\#(entries.joined(separator: ","))]}]}"#)
        #expect(meta.performances[0].items.isEmpty, "\(meta.performances[0].items)")
        #expect(meta.warnings.count == hostile.count)
        #expect(meta.warnings.allSatisfy { $0.message == "an hdrelay entry whose hlsUrl is not an http(s) address, skipped" })
        #expect(!meta.warnings.contains { $0.description.contains("secret") }, "the URL is not repeated in warnings")

        let odd = try decode("""
        {"performances": [{"category": "X", "content": [
          {"type": "hdrelay", "id": "a", "title": ["not", "text"], "hlsUrl": "https://h/a.m3u8"},
          {"type": "hdrelay", "id": "b", "title": "B", "hlsUrl": "https://h/b.m3u8", "image": "file:///etc/passwd",
           "live": {"yes": 1}, "description": 42}
        ]}]}
        """)
        #expect(odd.performances[0].items == [.hdRelay(HDRelayStream(id: "b", title: "B", hlsURL: "https://h/b.m3u8",
                                                                     isLive: false, description: "42"))])
        #expect(odd.warnings.map(\.path) == ["performances[0].content[0]"])
    }

    @Test("sections: listed where the file puts them, beside the casts (Featured: after the casts)")
    func sections() throws {
        let meta = try decode(Self.file)
        let cast = LiveStreamEvent(id: "3", title: "Cast", hlsURL: "https://h/l.m3u8", streamIsLive: true)
        let featuredCast = LiveStreamEvent(id: "2", title: "Featured cast")
        let media = MediaSnapshot(albums: ["9": [InterlochenVideo(id: "v", title: "Video")]],
                                  casts: [LiveStreamCast(account: "1", event: "3"): cast,
                                          LiveStreamCast(account: "1", event: "2"): featuredCast])
        let featured = meta.section(.featured, media: media)
        #expect(featured.items.map { "\($0.type.rawValue):\($0.id)" } == ["livestream:2", "hdrelay:chapel"])
        let performances = meta.section(.performances, media: media)
        #expect(performances.groups.map(\.title) == ["Live"])
        #expect(performances.items.map { "\($0.type.rawValue):\($0.id)" } == ["livestream:3", "hdrelay:7", "vimeo:v"])
        #expect(performances.pending.isEmpty)
        // Pending media does not hide the streams: they need nothing loaded.
        let nothing = meta.section(.performances, media: MediaSnapshot())
        #expect(nothing.items.map(\.id) == ["7"] && nothing.pending.count == 2)
        let recital = performances.items[1]
        #expect(recital.watchURL == "http://h/recital.m3u8" && recital.listenURL == nil && recital.title == "Recital")
    }

    @Test("rows and details: LIVE when live, the subtitle and facts by liveness, the description as the paragraph")
    func text() {
        let live = SectionItem.relay(HDRelayStream(id: "a", title: "A", hlsURL: "https://h/a.m3u8", isLive: true, description: "D"))
        let onDemand = SectionItem.relay(HDRelayStream(id: "b", title: "B", hlsURL: "https://h/b.m3u8", isLive: false))
        #expect(InterlochenText.isLive(live) && !InterlochenText.isLive(onDemand))
        #expect(InterlochenText.subtitle(live) == "Live now" && InterlochenText.subtitle(onDemand) == "HDRelay · on demand")
        #expect(InterlochenText.facts(live) == ["Streaming now"] && InterlochenText.facts(onDemand) == ["On demand"])
        #expect(InterlochenText.paragraph(live) == "D" && InterlochenText.paragraph(onDemand) == "")
    }

    @Test("screens: the row has LIVE; Watch (live or on demand) pushes the player on the stream's playlist")
    func screens() {
        let live = HDRelayStream(id: "chapel", title: "Chapel", imageURL: "http://h/c.jpg", hlsURL: "http://h/chapel.m3u8", isLive: true)
        let recital = HDRelayStream(id: "recital", title: "Recital", hlsURL: "http://h/recital.m3u8", isLive: false)
        var harness = InterlochenScreensTests.Harness()
        let start = harness.start()
        _ = harness.finish(start.first, .sections(InterlochenScreens.LoadedSections(sections: [Section(name: .featured, groups: [
            Section.Group(title: nil, items: [.relay(live), .relay(recital)]),
        ])])))
        #expect(harness.rows.map(\.id.rawValue) == ["hdrelay:chapel", "hdrelay:recital"])
        #expect(harness.rows.map(\.badge) == ["LIVE", nil])
        #expect(harness.rows[0].thumbnail == URL(string: "http://h/c.jpg"))
        _ = harness.handle(.rowSelected("featured", "hdrelay:chapel"))
        #expect(harness.top?.details?.actions.map(\.action) == [.watch, .share])
        #expect(harness.handle(.action(InterlochenScreens.detailsScreen, .watch)) == [.effect(.watch(VideoRequest(
            source: .hls(URL(string: "http://h/chapel.m3u8")!), title: "Chapel")))])
        #expect(harness.top?.id == PlayerScreen.id && harness.top?.tabs == nil)
        for output in harness.shell.close(PlayerScreen.id, at: harness.t) { #expect(harness.handle(output).isEmpty) }
        #expect(harness.top?.id == InterlochenScreens.detailsScreen)
        _ = harness.shell.pop(at: harness.t)
        _ = harness.handle(.back(from: InterlochenScreens.detailsScreen))
        _ = harness.handle(.rowSelected("featured", "hdrelay:recital"))
        #expect(harness.top?.details?.facts == ["On demand"])
        #expect(harness.handle(.action(InterlochenScreens.detailsScreen, .watch)) == [.effect(.watch(VideoRequest(
            source: .hls(URL(string: "http://h/recital.m3u8")!), title: "Recital")))])
        #expect(harness.top?.id == PlayerScreen.id)
    }

    static func json(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
