import FeedCore
import Foundation
import Testing
@testable import IPlayerCore

/// `GET /ibl/v1/categories/{id}/highlights…`: every element variant of issue 10.
@Suite struct HighlightsDecodingTests {
    static let julyFirst = Date(timeIntervalSince1970: 1_530_478_800)  // 2018-07-01T21:00:00Z

    @Test func everySampleCategoryDecodes() throws {
        for id in Sample.categoryIDs {
            let highlights = try Sample.highlights(id)
            #expect(highlights.category?.id == id)
            #expect(!highlights.elements.isEmpty, "\(id)")
        }
    }

    @Test func episodesAndCollectionsAreKeptAndOtherTypesSkippedInOrder() throws {
        let arts = try Sample.highlights("arts")
        #expect(arts.category == Category(id: "arts", title: "Arts", type: "category", kind: "genre"))
        #expect(arts.elements.map(\.id) == ["b0bb8kqd", "p06b6l8p", "b0bbkw7p", "p06bmvwm", "p06c1vbx", "b0bbn5tk"])
        #expect(arts.skipped == [
            SkippedElement(index: 2, type: "episode_large", id: "p06bprms"),
            SkippedElement(index: 5, type: "promotion", id: "p06promo"),
            SkippedElement(index: 7, type: "group", id: "p06group"),
        ])
    }

    @Test func aTypicalEpisode() throws {
        let episode = try #require(try Sample.highlights("arts").episode(id: "b0bb8kqd"))
        #expect(episode.title == "Britain's Lost Masterpieces")
        #expect(episode.subtitle == "Series 3: 1. Bath")
        #expect(episode.channel == "BBC Four")
        #expect(episode.masterBrand?.id == "bbc_four")
        #expect(episode.synopses.medium?.hasPrefix("Britain's Lost Masterpieces: the medium") == true)
        #expect(episode.image?.template == "\(Sample.baseURL)/images/ic/{recipe}/p06cfvzl.jpg")
        #expect(episode.releaseDate == Self.julyFirst - 3600)
        let version = try #require(episode.preferredVersion)
        #expect(version.kind == "original")
        #expect(version.duration?.seconds == 3514.44)
        #expect(version.durationText == "59 mins")
        #expect(version.remainingText == "Available for 29 days")
        #expect(version.availableFrom == Self.julyFirst)
        #expect(version.availableUntil == Self.julyFirst + 30 * 86_400)
        #expect(version.firstBroadcast == "9pm 1 Jul 2018")
    }

    @Test func aOneOffWhoseFirstVersionIsNotTheOriginal() throws {
        let episode = try #require(try Sample.highlights("arts").episode(id: "b0bbkw7p"))
        #expect(episode.subtitle == nil)
        #expect(episode.versions.map(\.kind) == ["audio-described", "original"])
        let version = try #require(episode.preferredVersion)
        #expect(version.id == "b0bbkw7q")
        #expect(version.firstBroadcast == "9pm 30 Jun 2018")
        #expect(version.duration?.duration == .seconds(4443))
        #expect(version.remainingText == nil)
        #expect(version.availableUntil == ISO8601Timestamp(try ISO8601Timestamp.parse("2018-08-30T21:00:00Z")).date)
    }

    @Test func anEpisodeWithOnlyAnEditorialVersion() throws {
        let episode = try #require(try Sample.highlights("arts").episode(id: "p06bmvwm"))
        #expect(episode.versions.count == 1)
        let version = try #require(episode.preferredVersion)
        #expect(version.kind == "editorial")
        #expect(version.duration?.duration == .seconds(1397) + .microseconds(162_666))
        #expect(version.durationText == nil)
        #expect(version.firstBroadcast == nil)
        #expect(version.availableFrom == nil)
        // Six fractional digits in the release date.
        let release = try #require(episode.releaseDate).timeIntervalSince1970
        #expect(abs(release - (try ISO8601Timestamp.parse("2018-06-29T08:15:00Z").timeIntervalSince1970 + 0.123456)) < 1e-6)
        #expect(episode.synopses == Synopses(small: "How a mural is made, in twenty minutes."))
    }

    @Test func collectionsWithAndWithoutMasterBrandAndACountSentAsAString() throws {
        let arts = try Sample.highlights("arts")
        guard case .collection(let jazz) = arts.elements[1], case .collection(let made) = arts.elements[4] else {
            Issue.record("expected collections at 1 and 4")
            return
        }
        #expect(jazz.title == "Jazz Music")
        #expect(jazz.count == 7)
        #expect(jazz.masterBrand == nil)
        #expect(jazz.image?.template.hasSuffix("/p06b6l8p.jpg") == true)
        #expect(made.count == 8)
        #expect(made.masterBrand?.channel == "BBC Two")
    }

    @Test func toleratedVariants() throws {
        let data = highlightsJSON([
            #"{"type": "episode", "id": "e1", "title": "Bare"}"#,
            #"{"type": "episode", "id": "e2", "title": "Nulls", "subtitle": null, "synopses": null, "master_brand": null, "images": null, "release_date_time": null, "versions": null}"#,
            #"{"type": "episode", "id": "e3", "title": "Empties", "subtitle": "", "master_brand": {"id": "x"}, "images": {"type": "image"}, "versions": [{}]}"#,
            #"{"type": "group_large", "id": "c1", "title": "Children", "initial_children": [{"id": "a"}, {"id": "b"}]}"#,
            #"{"type": "group_large", "id": "c2", "title": "Nothing"}"#,
            #"{"id": "untyped"}"#,
            #"{"type": "brand_new_type", "id": "n1"}"#,
        ], category: nil)
        let highlights = try IBLFeed.highlights(from: data)
        #expect(highlights.category == nil)
        #expect(highlights.elements.map(\.id) == ["e1", "e2", "e3", "c1", "c2"])
        #expect(highlights.skipped.map(\.type) == [nil, "brand_new_type"])
        for id in ["e1", "e2", "e3"] {
            let episode = try #require(highlights.episode(id: id))
            #expect(episode.subtitle == nil)
            #expect(episode.channel == "")
            #expect(episode.image == nil)
            #expect(episode.releaseDate == nil)
        }
        #expect(highlights.episode(id: "e3")?.preferredVersion == Version())
        guard case .collection(let children) = highlights.elements[3], case .collection(let nothing) = highlights.elements[4] else {
            Issue.record("expected collections")
            return
        }
        #expect(children.count == 2)
        #expect(nothing.count == 0)
        #expect(try IBLFeed.highlights(from: Data(#"{"category_highlights": {}}"#.utf8)).elements.isEmpty)
    }

    @Test func malformedFieldsAreErrorsNamingTheirJSONPath() {
        let good = #"{"type": "episode", "id": "g", "title": "Good", "versions": [{"duration": {"value": "PT1M"}}]}"#
        #expect(highlightsFailure(highlightsJSON([good, good, good,
            #"{"type": "episode", "id": "d", "title": "Bad", "versions": [{"duration": {"value": "58 mins"}}]}"#]))
            == .decoding(path: "category_highlights.elements[3].versions[0].duration.value",
                         reason: "expected an ISO 8601 duration, got \"58 mins\": does not start with P"))
        #expect(highlightsFailure(highlightsJSON([#"{"type": "episode", "title": "No id"}"#]))
            == .decoding(path: "category_highlights.elements[0].id", reason: "missing"))
        #expect(highlightsFailure(highlightsJSON([good, #"{"type": "episode", "id": null, "title": "Null id"}"#]))
            == .decoding(path: "category_highlights.elements[1].id", reason: "an element's id must not be empty"))
        #expect(highlightsFailure(highlightsJSON([#"{"type": "group_large", "id": "c"}"#]))
            == .decoding(path: "category_highlights.elements[0].title", reason: "missing"))
        guard case .decoding(let path, _) = highlightsFailure(highlightsJSON([good,
            #"{"type": "episode", "id": "d", "title": "Bad", "versions": [{}, {"availability": {"end": "next week"}}]}"#])) else {
            Issue.record("expected a decoding failure")
            return
        }
        #expect(path == "category_highlights.elements[1].versions[1].availability.end")
        #expect(highlightsFailure(highlightsJSON([#"{"type": "group_large", "id": "c", "title": "C", "count": "many"}"#]))
            == .decoding(path: "category_highlights.elements[0].count", reason: "expected an integer, got \"many\""))
        #expect(highlightsFailure(Data(#"{"categories": []}"#.utf8))
            == .decoding(path: "category_highlights", reason: "missing"))
        guard case .invalidJSON = highlightsFailure(Data(try! Sample.data("ibl/highlights/arts.json").prefix(500))) else {
            Issue.record("truncated JSON decoded")
            return
        }
    }

    @Test func ibLErrorDocumentsGiveTheirMessage() {
        #expect(IBLError.message(in: Data(#"{"error": {"details": "Category not found", "http_response_code": 404}}"#.utf8))
            == "Category not found")
        #expect(IBLError.message(in: Data(#"{"error": {"details": {"message": "Bad rights"}, "http_response_code": "400"}}"#.utf8))
            == "Bad rights")
        #expect(IBLError.message(in: Data("<html><body>500</body></html>".utf8)) == nil)
        #expect(IBLError.message(in: Data(#"{"error": {}}"#.utf8)) == nil)
        #expect(try! FeedJSON.decode(IBLError.self, from: Data(#"{"error": {"details": "x", "http_response_code": 503}}"#.utf8))
            == IBLError(details: "x", httpResponseCode: 503))
    }
}
