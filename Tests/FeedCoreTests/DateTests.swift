import Foundation
import Testing
@testable import FeedCore

/// ISO 8601 date-times (with and without fractions, in the same feed) and RFC 822 dates.
@Suite struct DateTests {
    /// 2018-07-01T21:00:00Z.
    static let julyFirst = Date(timeIntervalSince1970: 1_530_478_800)

    @Test(arguments: [
        ("2018-07-01T21:00:00Z", 1_530_478_800.0),
        ("2018-07-01T21:00:00.000Z", 1_530_478_800.0),
        ("2018-07-01T21:00:00.5Z", 1_530_478_800.5),
        ("2018-07-01T22:00:00+01:00", 1_530_478_800.0),
        ("2018-07-01T22:00:00+0100", 1_530_478_800.0),
        ("2018-07-01T23:00:00+02", 1_530_478_800.0),
        ("2018-07-01T17:30:00-03:30", 1_530_478_800.0),
        ("2018-07-01 21:00:00Z", 1_530_478_800.0),
        ("2018-07-01t21:00:00z", 1_530_478_800.0),
        ("2018-07-01T21:00Z", 1_530_478_800.0),
        ("2018-07-01T21:00:00", 1_530_478_800.0),
        ("2018-07-01", 1_530_403_200.0),
        ("1970-01-01T00:00:00Z", 0.0),
        ("1969-12-31T23:59:59Z", -1.0),
        ("2000-02-29T00:00:00Z", 951_782_400.0),
        ("2016-12-31T23:59:60Z", 1_483_228_800.0),
    ])
    func iso8601(text: String, epoch: Double) throws {
        #expect(try ISO8601Timestamp.parse(text).timeIntervalSince1970 == epoch)
    }

    @Test func fractionsOfAnyLengthAreKeptToTheMicrosecond() throws {
        let base = 1_717_245_005.0  // 2024-06-01T12:30:05Z
        for (text, fraction) in [("2024-06-01T12:30:05.1Z", 0.1), ("2024-06-01T12:30:05.123Z", 0.123),
                                 ("2024-06-01T12:30:05.123456Z", 0.123456),
                                 ("2024-06-01T12:30:05.123456789123Z", 0.123456789)] {
            let parsed = try ISO8601Timestamp.parse(text).timeIntervalSince1970
            #expect(abs(parsed - (base + fraction)) < 1e-6, "\(text)")
        }
    }

    struct Feed: Decodable { var dates: [ISO8601Timestamp] }

    @Test func oneFeedMayMixFractionalAndWholeSeconds() throws {
        let json = #"{"dates": ["2018-07-01T21:00:00Z", "2018-07-01T21:00:00.250Z", "2018-07-01T21:00:00.250000Z"]}"#
        let feed = try JSONDecoder().decode(Feed.self, from: Data(json.utf8))
        #expect(feed.dates.map(\.date.timeIntervalSince1970) == [1_530_478_800, 1_530_478_800.25, 1_530_478_800.25])
    }

    @Test(arguments: ["2018-13-01T00:00:00Z", "2018-02-29T00:00:00Z", "2018-07-01T24:00:00Z", "2018-07-01T21:60:00Z",
                      "18-07-01", "2018-07-01T21", "2018-07-01T21:00:00+2500", "2018-07-01T21:00:00Zjunk",
                      "2018-07-01X21:00:00Z", "July 1 2018", "", "2018-07-01T21:00:00."])
    func iso8601Rejects(text: String) {
        #expect(throws: TimeParseError.self, "\(text)") { try ISO8601Timestamp.parse(text) }
    }

    @Test func formatsAsRFC3339InUTC() {
        #expect(ISO8601Timestamp.format(Self.julyFirst) == "2018-07-01T21:00:00Z")
        #expect(ISO8601Timestamp.format(Self.julyFirst.addingTimeInterval(0.25)) == "2018-07-01T21:00:00.250Z")
        #expect(ISO8601Timestamp.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(ISO8601Timestamp.format(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
    }

    @Test func civilDaysRoundTripOverFourCenturies() {
        var days = CivilCalendar.daysFromCivil(year: 1800, month: 1, day: 1)
        for year in 1800...2200 {
            for month in 1...12 {
                for day in 1...CivilCalendar.daysInMonth(year: year, month: month) {
                    #expect(CivilCalendar.daysFromCivil(year: year, month: month, day: day) == days)
                    let civil = ISO8601Timestamp.civil(fromDays: days)
                    if civil.year != year || civil.month != month || civil.day != day {
                        Issue.record("\(year)-\(month)-\(day) came back as \(civil)")
                        return
                    }
                    days += 1
                }
            }
        }
    }

    @Test(arguments: [
        ("Tue, 11 Jun 2019 15:00:00 -0400", 1_560_279_600.0),
        ("11 Jun 2019 15:00:00 -0400", 1_560_279_600.0),
        ("Tue, 11 Jun 2019 19:00:00 GMT", 1_560_279_600.0),
        ("Tue, 11 Jun 2019 19:00:00 +0000", 1_560_279_600.0),
        ("Tue, 11 Jun 2019 19:00:00 UT", 1_560_279_600.0),
        ("Tue, 11 Jun 2019 19:00:00 Z", 1_560_279_600.0),
        ("Tue, 11 Jun 2019 15:00:00 EDT", 1_560_279_600.0),
        ("Tue, 11 Jun 2019 14:00:00 EST", 1_560_279_600.0),
        ("Tue, 11 Jun 2019 14:00:00 CDT", 1_560_279_600.0),
        ("Tue, 11 Jun 2019 12:00:00 PDT", 1_560_279_600.0),
        ("Tue, 11 Jun 2019 20:30:00 +01:30", 1_560_279_600.0),
        ("Tue, 11 Jun 2019 19:00 GMT", 1_560_279_600.0),
        ("Tuesday, 11 June 2019 19:00:00 GMT", 1_560_279_600.0),
        ("tue, 11 jun 2019 19:00:00 gmt", 1_560_279_600.0),
        ("Tue, 11 Jun 19 19:00:00 GMT", 1_560_279_600.0),
        ("Tue, 11 Jun 2019 19:00:00 A", 1_560_279_600.0),
        ("Tue, 11 Jun 2019 15:00:00 -0400 (EDT)", 1_560_279_600.0),
        ("Tue, 11 Jun 2019 19:00:00", 1_560_279_600.0),
        ("Wed, 11 Jun 2019 19:00:00 GMT", 1_560_279_600.0),
        ("Thu, 01 Jan 1970 00:00:00 GMT", 0.0),
        ("1 Jan 99 00:00:00 GMT", 915_148_800.0),
        ("Sun, 1 Sept 2019 00:00:00 GMT", 1_567_296_000.0),
    ])
    func rfc822(text: String, epoch: Double) throws {
        #expect(try RFC822Timestamp.parse(text).timeIntervalSince1970 == epoch)
    }

    @Test(arguments: ["", "Tue, 11 Foo 2019 19:00:00 GMT", "Tue, 32 Jun 2019 19:00:00 GMT", "Tue, 31 Jun 2019 19:00:00 GMT",
                      "Tue, 11 Jun 2019 25:00:00 GMT", "Tue, 11 Jun 2019 19:00:00 XYZ", "Tue, 11 Jun 2019 19:00:00 +04",
                      "Tue, 11 Jun 2019", "Funday, 11 Jun 2019 19:00:00 GMT", "2019-06-11T19:00:00Z",
                      "Tue, 11 Jun 2019 19:00:00 GMT extra", "Tue, 11 Jun 20190 19:00:00 GMT"])
    func rfc822Rejects(text: String) {
        #expect(throws: TimeParseError.self, "\(text)") { try RFC822Timestamp.parse(text) }
    }

    struct Story: Decodable { var pubDate: RFC822Timestamp }

    @Test func rfc822DecodesPlainOrNPRWrappedText() throws {
        let plain = try JSONDecoder().decode(Story.self, from: Data(#"{"pubDate": "Tue, 11 Jun 2019 15:00:00 -0400"}"#.utf8))
        let wrapped = try JSONDecoder().decode(
            Story.self, from: Data(#"{"pubDate": {"$text": "Tue, 11 Jun 2019 15:00:00 -0400"}}"#.utf8))
        #expect(plain.pubDate.date.timeIntervalSince1970 == 1_560_279_600)
        #expect(wrapped == plain)
        #expect(plain.pubDate.description == "2019-06-11T19:00:00Z")
        do {
            _ = try FeedJSON.decode(Story.self, from: Data(#"{"pubDate": "yesterday"}"#.utf8))
            Issue.record("accepted")
        } catch {
            guard case .decoding(let path, let reason) = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "pubDate")
            #expect(reason.contains("RFC 822"))
        }
    }
}

extension DateTests.Story: Equatable {}
