import FeedCore
import Foundation
import Testing
@testable import IPlayerCore

/// Rows and details as seed 002 describes them, and the words for durations and time left.
@Suite struct PresentationTests {
    static let now = Date(timeIntervalSince1970: 1_530_478_800)  // 2018-07-01T21:00:00Z

    @Test func rowsShowChannelTitleSubtitleOrCollectionAndCount() throws {
        let rows = try Sample.highlights("arts").elements.map(HighlightRow.init)
        #expect(rows.map(\.lines) == [
            ["BBC Four", "Britain's Lost Masterpieces", "Series 3: 1. Bath"],
            ["COLLECTION", "Jazz Music", "7 episodes"],
            ["BBC Two", "Lucian Freud: Painted Life", ""],
            ["BBC Four", "Arts Clips", "The Making of a Mural"],
            ["COLLECTION", "Art That Made Us", "8 episodes"],
            ["BBC Two", "The Culture Show", "Episode 12"],
        ])
        #expect(rows.map(\.kind) == [.episode, .collection, .episode, .episode, .collection, .episode])
        #expect(rows.map(\.isSelectable) == [true, true, true, true, true, true], "episodes open details, collections episodes")
        #expect(rows[1].count == 7)
        #expect(rows[0].count == nil)
        #expect(rows[0].imageURL(width: 320)?.absoluteString == "\(Sample.baseURL)/images/ic/320x180/p06cfvzl.jpg")
        #expect(rows[1].imageURL(width: 100)?.absoluteString == "\(Sample.baseURL)/images/ic/112x63/p06b6l8p.jpg")
        #expect(HighlightRow.episodeCount(1) == "1 episode")
        #expect(HighlightRow.episodeCount(0) == "0 episodes")
    }

    @Test func detailsOfATypicalEpisode() throws {
        let episode = try #require(try Sample.highlights("arts").episode(id: "b0bb8kqd"))
        let details = EpisodeDetails(episode, now: Self.now)
        #expect(details.id == "b0bb8kqd")
        #expect(details.channel == "BBC Four")
        #expect(details.title == "Britain's Lost Masterpieces")
        #expect(details.subtitle == "Series 3: 1. Bath")
        #expect(details.synopsis == "Britain's Lost Masterpieces: the medium synopsis, a sentence or two about this episode.")
        #expect(details.durationSeconds == 3514.44)
        #expect(details.durationText == "59 mins")
        #expect(details.firstBroadcast == "9pm 1 Jul 2018")
        #expect(details.remaining == "Available for 29 days")
        #expect(details.imageURL(width: 640)?.absoluteString == "\(Sample.baseURL)/images/ic/640x360/p06cfvzl.jpg")
    }

    @Test func detailsFallBackWhereTheFeedIsSilent() throws {
        let arts = try Sample.highlights("arts")
        // Original version read although listed second; time left worded from the end date and `now`.
        let oneOff = EpisodeDetails(try #require(arts.episode(id: "b0bbkw7p")), now: Self.now)
        #expect(oneOff.subtitle == "")
        #expect(oneOff.firstBroadcast == "9pm 30 Jun 2018")
        #expect(oneOff.remaining == "Available for 60 days")
        #expect(oneOff.durationSeconds == 4443)
        // Editorial only: synopsis small (medium null, large empty), duration text from the value, no first broadcast.
        let clip = EpisodeDetails(try #require(arts.episode(id: "p06bmvwm")), now: Self.now)
        #expect(clip.synopsis == "How a mural is made, in twenty minutes.")
        #expect(clip.durationSeconds == 1397.162666)
        #expect(clip.durationText == "23 mins")
        #expect(clip.firstBroadcast == "")
        #expect(clip.remaining == "Available for over a year")
        // No versions at all.
        let bare = EpisodeDetails(Episode(id: "x", title: "X"), now: Self.now)
        #expect(bare.durationSeconds == nil)
        #expect(bare.durationText == "")
        #expect(bare.remaining == "")
        #expect(bare.synopsis == "")
        #expect(bare.imageURL(width: 320) == nil)
    }

    @Test func durationsInWords() {
        #expect(DurationText.words(.seconds(3514)) == "59 mins")
        #expect(DurationText.words(.seconds(4443)) == "1 hr 14 mins")
        #expect(DurationText.words(.seconds(3600)) == "1 hr")
        #expect(DurationText.words(.seconds(7290)) == "2 hrs 2 mins")
        #expect(DurationText.words(.seconds(61)) == "1 min")
        #expect(DurationText.words(.seconds(45)) == "45 secs")
        #expect(DurationText.words(.seconds(1)) == "1 sec")
    }

    @Test func timeLeftInWords() {
        let end = Self.now
        #expect(RemainingTime.words(until: end, now: end - 30 * 86_400) == "Available for 30 days")
        #expect(RemainingTime.words(until: end, now: end - (29 * 86_400 + 23 * 3600)) == "Available for 29 days")
        #expect(RemainingTime.words(until: end, now: end - 86_400) == "Available for 1 day")
        #expect(RemainingTime.words(until: end, now: end - 5 * 3600 - 59) == "Available for 5 hours")
        #expect(RemainingTime.words(until: end, now: end - 3600) == "Available for 1 hour")
        #expect(RemainingTime.words(until: end, now: end - 12 * 60 + 30) == "Available for 12 minutes")
        #expect(RemainingTime.words(until: end, now: end - 1) == "Available for 1 minute")
        #expect(RemainingTime.words(until: end, now: end) == "No longer available")
        #expect(RemainingTime.words(until: end, now: end + 10) == "No longer available")
    }
}
