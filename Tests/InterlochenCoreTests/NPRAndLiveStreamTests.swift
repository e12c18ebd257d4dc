import FeedCore
import Foundation
import Testing
@testable import InterlochenCore

@Suite("NPR Story API shapes")
struct NPRTests {
    func page(_ text: String) throws -> NPRStoryPage {
        try NPRStoryPage.decode(from: Array(text.utf8))
    }

    static let stories = """
    {"version": "0.94", "list": {"title": {"$text": "Music"}, "story": [
      {"id": "501", "title": {"$text": "A concert"}, "teaser": {"$text": "From Kresge"},
       "storyDate": {"$text": "Tue, 11 Jun 2019 15:00:00 -0400"},
       "link": [{"type": "html", "$text": "https://www.npr.org/501"}],
       "image": [{"type": "standard", "src": "https://img/a.jpg"}, {"type": "primary", "src": "https://img/p.jpg"}],
       "audio": [{"id": "9", "duration": {"$text": "372"},
                  "format": {"mp3": [{"type": "mp3", "$text": "https://audio/501.mp3"}]}}]},
      {"id": 502, "title": {"$text": "One MP3 as an object"}, "teaser": {},
       "pubDate": {"$text": "Wed, 12 Jun 2019 08:30:00 +0100"},
       "audio": {"duration": {"$text": "61"}, "format": {"mp3": {"$text": "https://audio/502.mp3"}}}},
      {"id": "503", "title": {"$text": "Nothing playable"}, "audio": [{"duration": {"$text": "0"}, "format": {}}]},
      {"id": "504", "title": {"$text": "No audio at all"}, "image": {"src": "https://img/504.jpg"}}
    ]}, "message": [{"id": "351", "level": "warning", "text": {"$text": "Some stories were not returned"}}]}
    """

    @Test("texts in $text, {} for none; mp3 as array or object; format {} and no audio mean no Listen")
    func shapes() throws {
        let page = try page(Self.stories)
        #expect(page.stories.map(\.id) == ["501", "502", "503", "504"])
        let first = page.stories[0]
        #expect(first.title == "A concert" && first.teaser == "From Kresge")
        #expect(first.audioURL == "https://audio/501.mp3" && first.duration == 372)
        #expect(first.imageURL == "https://img/p.jpg", "the primary image wins")
        #expect(first.link == "https://www.npr.org/501")
        #expect(page.stories[1].teaser == nil)
        #expect(page.stories[1].audioURL == "https://audio/502.mp3" && page.stories[1].duration == 61)
        #expect(!page.stories[2].isPlayable)
        #expect(!page.stories[3].isPlayable && page.stories[3].imageURL == "https://img/504.jpg")
        #expect(page.warnings == [NPRMessage(id: "351", level: "warning", text: "Some stories were not returned")])
    }

    @Test("RFC 822 dates with offsets")
    func dates() throws {
        let page = try page(Self.stories)
        // 15:00 at -04:00 is 19:00 UTC; 08:30 at +01:00 is 07:30 UTC.
        #expect(page.stories[0].date == Date(timeIntervalSince1970: 1_560_279_600))
        #expect(page.stories[1].date == Date(timeIntervalSince1970: 1_560_324_600))
        #expect(page.stories[2].date == nil)
    }

    @Test("errors: messages.message with no list, or message[] with no list, are API errors with their ids")
    func apiErrors() throws {
        #expect(throws: NPRAPIError(messages: [NPRMessage(id: "1", level: "error", text: "Invalid API key")])) {
            try page(#"{"messages": {"message": {"id": "1", "level": "error", "text": {"$text": "Invalid API key"}}}}"#)
        }
        #expect(throws: NPRAPIError(messages: [NPRMessage(id: "203")])) {
            try page(#"{"messages": {"message": {"id": 203}}}"#)
        }
        #expect(throws: NPRAPIError(messages: [NPRMessage(id: "401"), NPRMessage(id: "402")])) {
            try page(#"{"message": [{"id": "401"}, {"id": "402"}]}"#)
        }
        #expect("\(NPRAPIError(messages: [NPRMessage(id: "1", text: "Invalid API key")]))"
            == "the query returned no stories (message 1: Invalid API key)")
        let empty = try page(#"{"list": {"title": {"$text": "x"}}}"#)
        #expect(empty.stories.isEmpty, "a list without stories is an empty page, not an error")
    }

    @Test("a story with a bad date is an error naming its path")
    func badDate() {
        do {
            _ = try page(#"{"list": {"story": [{"id": "1", "storyDate": {"$text": "yesterday"}}]}}"#)
            Issue.record("accepted")
        } catch {
            #expect("\(error)".contains("list.story[0].storyDate"), "\(error)")
        }
    }

    @Test("pages: startNum is 1-based; the query's own parameters first, in a stable order")
    func paging() {
        let query = NPRQuery(["id": "1039", "numResults": "10", "startNum": "5"])
        #expect(query.parameters["startNum"] == nil, "paging is not part of a query's identity")
        #expect(NPRPage(query: query, number: 1).startNum == 1)
        #expect(NPRPage(query: query, number: 3).startNum == 21)
        #expect(NPRPage(query: query, number: 0).number == 1)
        #expect(NPRPage(query: NPRQuery(["id": "1"]), number: 2).startNum == 11, "the API's default page is 10")
        let items = NPRPage(query: query, number: 2).queryItems(apiKey: "K")
        #expect(items.map { "\($0.name)=\($0.value)" } == ["id=1039", "startNum=11", "numResults=10", "apiKey=K", "output=JSON"])
        #expect(NPRPage(query: query, number: 2).mayHaveNext(afterReceiving: 10))
        #expect(!NPRPage(query: query, number: 2).mayHaveNext(afterReceiving: 9))
    }
}

@Suite("LiveStream events")
struct LiveStreamTests {
    func event(_ text: String) throws -> LiveStreamEvent {
        try FeedJSON.decode(LiveStreamEvent.self, from: Data(text.utf8))
    }

    @Test("live is stream_info.is_live with a URL; in_progress alone is not live")
    func liveRules() throws {
        let live = try event("""
            {"id": 8001, "full_name": "Commencement", "description": "Live from Kresge", "in_progress": true,
             "logo": {"url": "https://img/logo.png"},
             "stream_info": {"m3u8_url": "http://x/a.m3u8", "secure_m3u8_url": "https://x/a.m3u8", "is_live": true}}
            """)
        #expect(live.isLive && live.hlsURL == "https://x/a.m3u8" && live.imageURL == "https://img/logo.png")
        #expect(live.id == "8001" && live.title == "Commencement")
        let inProgressOnly = try event(#"{"id": "1", "full_name": "Soon", "in_progress": true, "stream_info": null}"#)
        #expect(inProgressOnly.inProgress && !inProgressOnly.isLive && inProgressOnly.hlsURL == nil)
        let stringFlags = try event(#"{"id": "2", "full_name": "S", "in_progress": "false", "stream_info": {"m3u8_url": "http://x/b.m3u8", "is_live": "true"}}"#)
        #expect(stringFlags.isLive && stringFlags.hlsURL == "http://x/b.m3u8")
        let ended = try event(#"{"id": "3", "full_name": "E", "in_progress": false, "stream_info": {"m3u8_url": "http://x/c.m3u8", "is_live": false}}"#)
        #expect(!ended.isLive)
        let noURL = try event(#"{"id": "4", "full_name": "N", "stream_info": {"is_live": true}}"#)
        #expect(!noURL.isLive, "live without anything to play is not live")
        let missing = try event(#"{"id": "5", "full_name": "M"}"#)
        #expect(!missing.isLive && !missing.inProgress)
        #expect(SectionItem.cast(ended).watchURL == nil && SectionItem.cast(live).watchURL == "https://x/a.m3u8")
    }
}
