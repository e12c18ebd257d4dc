import Foundation
import Testing
@testable import Downloader

@Suite struct FetchRetryTests {
    @Test func backoffDoublesFromBaseUpToTheCap() {
        let backoff = Backoff(base: .milliseconds(100), cap: .milliseconds(1000), jitter: 0.5)
        #expect(backoff.delay(afterFailedAttempt: 1, random: 0) == .milliseconds(100))
        #expect(backoff.delay(afterFailedAttempt: 2, random: 0) == .milliseconds(200))
        #expect(backoff.delay(afterFailedAttempt: 4, random: 0) == .milliseconds(800))
        #expect(backoff.delay(afterFailedAttempt: 5, random: 0) == .milliseconds(1000))
        #expect(backoff.delay(afterFailedAttempt: 60, random: 0) == .milliseconds(1000))
    }

    @Test func jitterRemovesUpToItsFractionOfTheDelay() {
        let backoff = Backoff(base: .milliseconds(400), cap: .seconds(10), jitter: 0.5)
        // 400 ms · (1 − 0.5 · 0.5) = 300 ms
        #expect(backoff.delay(afterFailedAttempt: 1, random: 0.5) == .milliseconds(300))
        let none = Backoff(base: .milliseconds(400), cap: .seconds(10), jitter: 0)
        #expect(none.delay(afterFailedAttempt: 1, random: 0.9) == .milliseconds(400))
        for _ in 0 ..< 100 {
            let delay = backoff.delay(afterFailedAttempt: 2)
            #expect(delay >= .milliseconds(400) && delay <= .milliseconds(800))
        }
    }

    @Test func retryAfterSeconds() {
        #expect(RetryAfter.delay(from: "120", now: Date()) == .seconds(120))
        #expect(RetryAfter.delay(from: " 0 ", now: Date()) == .seconds(0))
        #expect(RetryAfter.delay(from: "-5", now: Date()) == nil)
        #expect(RetryAfter.delay(from: "soon", now: Date()) == nil)
        #expect(RetryAfter.delay(from: "", now: Date()) == nil)
    }

    @Test func retryAfterHTTPDateInAllThreeFormats() throws {
        // Sun, 06 Nov 1994 08:49:37 GMT = 784111777 s after 1970-01-01 (RFC 9110 §5.6.7 example).
        let date = Date(timeIntervalSince1970: 784_111_777)
        let now = date.addingTimeInterval(-90)
        #expect(RetryAfter.delay(from: "Sun, 06 Nov 1994 08:49:37 GMT", now: now) == .seconds(90))
        #expect(RetryAfter.delay(from: "Sunday, 06-Nov-94 08:49:37 GMT", now: now) == .seconds(90))
        #expect(RetryAfter.delay(from: "Sun Nov  6 08:49:37 1994", now: now) == .seconds(90))
        // A date in the past means "now".
        #expect(RetryAfter.delay(from: "Sun, 06 Nov 1994 08:49:37 GMT", now: date.addingTimeInterval(60)) == .zero)
    }
}
