import Testing
@testable import Downloader

@Suite struct FetchContentRangeTests {
    @Test func parsesSatisfiedRanges() {
        #expect(ContentRange(headerValue: "bytes 100-199/5000") == ContentRange(first: 100, last: 199, completeLength: 5000))
        #expect(ContentRange(headerValue: "bytes 0-0/*") == ContentRange(first: 0, last: 0, completeLength: nil))
        #expect(ContentRange(headerValue: "Bytes 5-9/10") == ContentRange(first: 5, last: 9, completeLength: 10))
    }

    @Test func rejectsMalformedAndUnsatisfiedForms() {
        for value in ["bytes */5000", "bytes 200-100/5000", "bytes 100-199/150", "items 1-2/3", "bytes 1-/9",
                      "bytes -5/9", "bytes 1-2", "", "bytes +1-2/9", "bytes 1-2/x"] {
            #expect(ContentRange(headerValue: value) == nil, "\(value)")
        }
    }

    @Test func matchesOnlyTheExactRequestedRange() throws {
        let range = ByteRange(length: 100, offset: 100)   // bytes=100-199
        #expect(try #require(ContentRange(headerValue: "bytes 100-199/5000")).matches(range))
        #expect(try !#require(ContentRange(headerValue: "bytes 100-198/5000")).matches(range))
        #expect(try !#require(ContentRange(headerValue: "bytes 0-99/5000")).matches(range))
    }
}
