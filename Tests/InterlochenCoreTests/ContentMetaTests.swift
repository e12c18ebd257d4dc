import FeedCore
import Foundation
import Testing
@testable import InterlochenCore

/// content-meta.json in the shape issue 14 gives (inferred from seed 000: no public copy exists).
let sampleContentMeta = """
{
  "version": 3,
  "featured": { "album": ["3001", 3002], "audio": ["501", "502"],
                "livestreamCasts": [{ "account": 7001, "event": "8001" }] },
  "radio": { "stations": [
      { "id": "classical", "name": "Classical IPR", "streamUrl": "http://127.0.0.1/classical.mp3",
        "image": "http://127.0.0.1/classical.jpg", "tagline": "Classical music, 24 hours" },
      { "id": "news", "name": "IPR News", "streamUrl": "http://127.0.0.1/news/live.m3u8", "image": "" } ],
    "nprQueryParams": { "id": "1039", "numResults": 10 } },
  "performances": [
    { "category": "Orchestra", "content": [
        { "type": "vimeo", "album": "3003" },
        { "type": "npr", "params": { "id": "2001" } },
        { "type": "livestream", "account": "7001", "event": "8002" },
        { "type": "youtube", "id": "x" } ] },
    { "category": "Dance", "content": [ { "type": "Vimeo", "album": 3004 } ] } ],
  "extras": [
    { "category": "Campus View", "content": [ { "type": "livestream", "account": "7001", "event": "8003" } ] },
    { "category": "Interviews", "content": [ { "type": "vimeo", "album": "3005" }, { "album": "3006" } ] } ],
  "more": [ { "name": "Support Interlochen", "link": "https://example.org/give" } ],
  "theme": { "red": "#c8102e" }
}
"""

@Suite("content-meta.json")
struct ContentMetaTests {
    func decode(_ text: String) throws -> ContentMeta {
        try ContentMeta.decode(from: Array(text.utf8))
    }

    @Test("every section of the file, in its order; ids as strings or numbers; unknown keys ignored")
    func sections() throws {
        let meta = try decode(sampleContentMeta)
        #expect(meta.featured == ContentMeta.Featured(
            albums: ["3001", "3002"], stories: ["501", "502"], casts: [LiveStreamCast(account: "7001", event: "8001")]))
        #expect(meta.radio.stations.map(\.id) == ["classical", "news"])
        #expect(meta.radio.stations[0].tagline == "Classical music, 24 hours")
        #expect(meta.radio.stations[1].imageURL == nil, "an empty image is no image")
        #expect(meta.radio.storyQuery == NPRQuery(["id": "1039", "numResults": "10"]))
        #expect(meta.performances.map(\.name) == ["Orchestra", "Dance"])
        #expect(meta.performances[0].items == [
            .vimeoAlbum(id: "3003"), .nprQuery(NPRQuery(["id": "2001"])),
            .liveStream(LiveStreamCast(account: "7001", event: "8002")),
        ])
        #expect(meta.performances[1].items == [.vimeoAlbum(id: "3004")], "types are case-insensitive")
        #expect(meta.extras.map(\.name) == ["Interviews"], "Campus View is its own section")
        #expect(meta.campusView?.items == [.liveStream(LiveStreamCast(account: "7001", event: "8003"))])
        #expect(meta.more == [MoreLink(name: "Support Interlochen", link: "https://example.org/give")])
    }

    @Test("unknown or incomplete entries are skipped with a warning naming where; the rest is used")
    func warnings() throws {
        let meta = try decode(sampleContentMeta)
        #expect(meta.warnings.map(\.description) == [
            "content-meta.json: performances[0].content[3]: unknown content type \"youtube\", skipped",
            "content-meta.json: extras[1].content[1]: unknown content type missing, skipped",
        ])
        #expect(meta.extras[0].items == [.vimeoAlbum(id: "3005")])
    }

    @Test("missing sections are empty; null is empty")
    func missingSections() throws {
        let meta = try decode(#"{"featured": null, "more": [{"name": "A", "link": "https://a"}]}"#)
        #expect(meta.featured == ContentMeta.Featured())
        #expect(meta.radio == ContentMeta.Radio())
        #expect(meta.performances.isEmpty && meta.extras.isEmpty && meta.campusView == nil)
        #expect(meta.mediaReferences.isEmpty)
        #expect(meta.more.count == 1)
    }

    @Test("bad files are errors naming the JSON path; not JSON at all says so")
    func errors() {
        #expect(throws: FeedJSON.Failure.self) { try decode("<html>sleeping dyno</html>") }
        do {
            _ = try decode(#"{"radio": {"stations": [{"id": "a", "name": "A"}]}}"#)
            Issue.record("a station without a stream was accepted")
        } catch {
            #expect("\(error)".contains("radio.stations[0].streamUrl"), "\(error)")
        }
        do {
            _ = try decode(#"{"performances": {"category": "x"}}"#)
            Issue.record("an object for a list was accepted")
        } catch {
            #expect("\(error)".contains("performances"), "\(error)")
        }
    }


    @Test("npr params with several bad members: the same error every time, naming the first member by name")
    func badParamsAreReportedDeterministically() {
        // Found by the fuzz target `contentmeta`: decoding the params as a dictionary walked the object in hash
        // order, which differs between decodings, so two runs named different members.
        let names = (0..<12).map { "p\($0)" }
        let params = names.map { "\"\($0)\": []" }.joined(separator: ", ")
        let text = #"{"extras": [{"category": "x", "content": [{"type": "npr", "params": {"# + params + "}}]}]}"
        var messages: Set<String> = []
        for _ in 0..<20 {
            do {
                _ = try decode(text)
                Issue.record("params of arrays were accepted")
            } catch {
                messages.insert("\(error)")
            }
        }
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.contains("extras[0].content[0].params.p0") == true, "\(messages)")
    }
    @Test("media references: every album, story, query and cast once, with a stable text form")
    func references() throws {
        let meta = try decode(sampleContentMeta)
        #expect(meta.mediaReferences.sorted().map(\.description) == [
            "livestream:7001/8001", "livestream:7001/8002", "livestream:7001/8003",
            "npr:query/id=1039;numResults=10", "npr:query/id=2001", "npr:story/501", "npr:story/502",
            "vimeo:album/3001", "vimeo:album/3002", "vimeo:album/3003", "vimeo:album/3004", "vimeo:album/3005",
        ])
        #expect(meta.references(of: .featured).map(\.description) == [
            "vimeo:album/3001", "vimeo:album/3002", "npr:story/501", "npr:story/502", "livestream:7001/8001",
        ])
        #expect(meta.references(of: .more).isEmpty)
    }

    @Test("a changed file: only added media is fetched, removed media goes, the rest is kept")
    func change() throws {
        let old = try decode(sampleContentMeta)
        let newText = sampleContentMeta
            .replacingOccurrences(of: #""album": ["3001", 3002]"#, with: #""album": ["3001", "3009"]"#)
            .replacingOccurrences(of: #"{ "type": "npr", "params": { "id": "2001" } },"#, with: "")
        let new = try decode(newText)
        let change = MediaChange(from: old.mediaReferences, to: new.mediaReferences)
        #expect(change.added == [.vimeoAlbum(id: "3009")])
        #expect(change.removed == [.vimeoAlbum(id: "3002"), .nprQuery(NPRQuery(["id": "2001"]))])
        #expect(change.kept.count == old.mediaReferences.count - 2)
        #expect(MediaChange(from: old.mediaReferences, to: old.mediaReferences).isEmpty)
    }

    @Test("section names as users type them")
    func sectionNames() {
        #expect(SectionName(userInput: "featured") == .featured)
        #expect(SectionName(userInput: "Campus View") == .campusView)
        #expect(SectionName(userInput: "campus-view") == .campusView)
        #expect(SectionName(userInput: "CAMPUS_VIEW") == .campusView)
        #expect(SectionName(userInput: "More") == .more)
        #expect(SectionName(userInput: "radios") == nil)
        #expect(SectionName.allCases.map(\.description) == ["featured", "radio", "performances", "extras", "campus-view", "more"])
    }
}
