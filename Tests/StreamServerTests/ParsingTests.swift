import Testing
@testable import StreamServer

@Suite("Range header evaluation (RFC 9110 §14)")
struct RangeSelectionTests {
    @Test(arguments: [
        // (header, length, expected)
        ("bytes=0-99", 1000, RangeSelection.partial(first: 0, last: 99)),
        ("bytes=100-", 1000, .partial(first: 100, last: 999)),
        ("bytes=-100", 1000, .partial(first: 900, last: 999)),
        ("bytes=-5000", 1000, .partial(first: 0, last: 999)),  // suffix longer than file: whole file
        ("bytes=990-5000", 1000, .partial(first: 990, last: 999)),  // last-pos clamped
        ("bytes=999-999", 1000, .partial(first: 999, last: 999)),
        ("BYTES=1-2", 1000, .partial(first: 1, last: 2)),  // unit is case-insensitive
        ("bytes= 1-2 ", 1000, .partial(first: 1, last: 2)),  // OWS around the element
        ("bytes=1-2,", 1000, .partial(first: 1, last: 2)),  // empty list elements ignored
        ("bytes=0-99999999999999999999999", 10, .partial(first: 0, last: 9)),  // huge last-pos saturates
        ("bytes=1000-", 1000, .unsatisfiable),
        ("bytes=1000-2000", 1000, .unsatisfiable),
        ("bytes=99999999999999999999999-", 1000, .unsatisfiable),
        ("bytes=-0", 1000, .unsatisfiable),
        ("bytes=0-", 0, .unsatisfiable),
        ("bytes=-1", 0, .unsatisfiable),
        ("bytes=5-4", 1000, .full),  // invalid: last < first, header ignored
        ("bytes=0-1,5-6", 1000, .full),  // several ranges: whole file
        ("items=0-1", 1000, .full),  // unknown unit
        ("bytes=a-b", 1000, .full),
        ("bytes=-", 1000, .full),
        ("bytes=1 -2", 1000, .full),
        ("bytes", 1000, .full),
    ])
    func evaluates(header: String, length: Int, expected: RangeSelection) {
        #expect(RangeSelection(header: header, length: length) == expected)
    }

    @Test func absentHeaderMeansFull() {
        #expect(RangeSelection(header: nil, length: 10) == .full)
    }
}

@Suite("Request target decoding")
struct RequestPathTests {
    @Test(arguments: [
        ("/a/b.ts", RequestPath.valid("/a/b.ts")),
        ("/a/b.ts?x=1&y=/../", .valid("/a/b.ts")),
        ("/a%20b.ts", .valid("/a b.ts")),
        ("/a/b#frag", .valid("/a/b")),
        ("http://127.0.0.1:8080/x.m3u8?q", .valid("/x.m3u8")),
        ("http://127.0.0.1:8080", .valid("/")),
        ("/..", .traversal),
        ("/../etc/passwd", .traversal),
        ("/a/%2e%2e/%2E%2E/secret", .traversal),
        ("/a%2f..%2fb", .traversal),
        ("/a/..%2F", .traversal),  // decodes to "/a/../"
        ("a/b", .malformed),
        ("*", .malformed),
        ("/a%zz", .malformed),
        ("/a%2", .malformed),
        ("/a%00b", .malformed),
        ("/%ff", .malformed),
    ])
    func decodes(target: String, expected: RequestPath) {
        #expect(RequestPath(target: target) == expected)
    }

    @Test func dotsInsideNamesAreFine() {
        #expect(RequestPath(target: "/a..b/..c/d..") == .valid("/a..b/..c/d.."))
    }
}

@Suite("Fault rule path patterns")
struct PathPatternTests {
    @Test(arguments: [
        ("*", "/a/b.ts", true),
        ("*.ts", "/a/b.ts", true),
        ("*.ts", "/a/b.tsx", false),
        ("*.ts", "/a/b.m3u8", false),
        ("/audio/*", "/audio/x/y.ts", true),
        ("/audio/*", "/video/x.ts", false),
        ("/a/b.ts", "/a/b.ts", true),
        ("/a/b.ts", "/a/b.tsx", false),
        ("/a/b.ts", "/x/a/b.ts", false),
        ("/seg*.ts", "/seg12.ts", true),
        ("/seg*.ts", "/seg12.aac", false),
        ("*seg*", "/audio/seg1.ts", true),
        ("", "/", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(FaultRule(path: pattern, fault: .ignoreRange).matches(path: path) == expected)
    }
}

@Suite("Content types")
struct ContentTypeTests {
    @Test(arguments: [
        ("/x/index.m3u8", "application/vnd.apple.mpegurl"),
        ("/seg1.ts", "video/mp2t"),
        ("/SEG1.TS", "video/mp2t"),
        ("/a.mp3", "audio/mpeg"),
        ("/a.aac", "audio/aac"),
        ("/a.m4s", "video/iso.segment"),
        ("/a.mp4", "video/mp4"),
        ("/k.key", "application/octet-stream"),
        ("/noextension", "application/octet-stream"),
        ("/dir.ts/file", "application/octet-stream"),
    ])
    func forPath(path: String, expected: String) {
        #expect(ContentTypes.forPath(path) == expected)
    }
}
