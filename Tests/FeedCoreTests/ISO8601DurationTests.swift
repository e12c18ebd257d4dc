import Foundation
import Testing
@testable import FeedCore

/// ISO 8601 durations as feeds send them.
@Suite struct ISO8601DurationTests {
    @Test(arguments: [
        ("PT58M34.440S", Duration.seconds(3514) + .milliseconds(440), 3514.44),
        ("PT23M17.162666S", Duration.seconds(1397) + .microseconds(162_666), 1397.162666),
        ("PT1H14M3S", Duration.seconds(4443), 4443),
        ("PT30M", Duration.seconds(1800), 1800),
        ("PT0S", Duration.zero, 0),
        ("PT45S", Duration.seconds(45), 45),
        ("P1D", Duration.seconds(86_400), 86_400),
        ("P1DT2H", Duration.seconds(93_600), 93_600),
        ("P2W", Duration.seconds(1_209_600), 1_209_600),
        ("P1W2D", Duration.seconds(777_600), 777_600),
        ("PT1.5H", Duration.seconds(5400), 5400),
        ("PT0,5S", Duration.milliseconds(500), 0.5),
        ("P0Y0M1DT0H", Duration.seconds(86_400), 86_400),
        ("  PT2M  ", Duration.seconds(120), 120),
        ("pt1m", Duration.seconds(60), 60),
        ("PT0.000000001S", Duration.nanoseconds(1), 1e-9),
        ("PT1.1234567891234S", Duration.seconds(1) + .nanoseconds(123_456_789), 1.123456789),
    ] as [(String, Duration, Double)])
    func parses(text: String, duration: Duration, seconds: Double) throws {
        let parsed = try ISO8601Duration(parsing: text)
        #expect(parsed.duration == duration)
        #expect(parsed.seconds == seconds)
    }

    @Test(arguments: [
        ("", "empty"), ("P", "no components"), ("PT", "T without"), ("T1H", "does not start with P"),
        ("PT5X", "unknown designator"), ("P1Y", "no fixed length"), ("P2M", "no fixed length"),
        ("P1H", "H before T"), ("PT1H1H", "out of order"), ("PT1S1M", "out of order"), ("P1DT", "T without"),
        ("PT1.S", "decimal sign without digits"), ("PTM", "expected a number"), ("PT10", "without a designator"),
        ("-PT5M", "signed"), ("PT1HT1M", "a second T"), ("PT9999999999999S", "too large"),
    ])
    func rejects(text: String, reason: String) {
        do {
            _ = try ISO8601Duration(parsing: text)
            Issue.record("\"\(text)\" was accepted")
        } catch {
            #expect(error.reason.contains(reason), "\"\(text)\": \(error.reason)")
            #expect(error.format == "an ISO 8601 duration")
        }
    }

    struct Box: Decodable { var value: ISO8601Duration }

    @Test func decodesFromJSONAndNamesTheBadValue() throws {
        let box = try JSONDecoder().decode(Box.self, from: Data(#"{"value": "PT58M34.440S"}"#.utf8))
        #expect(box.value.seconds == 3514.44)
        #expect(box.value.text == "PT58M34.440S")
        #expect(box.value.description == "PT58M34.440S")
        #expect(ISO8601Duration(.milliseconds(1500)).description == "1.5 s")
        do {
            _ = try FeedJSON.decode(Box.self, from: Data(#"{"value": "58 mins"}"#.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.kind == .decoding(path: "value",
                                            reason: "expected an ISO 8601 duration, got \"58 mins\": does not start with P"))
        }
    }
}
