import Foundation
import Testing
@testable import Downloader

/// Every error path of the parser, with the line it must name. `F.media(...)` bodies start at line 3.
@Suite struct PlaylistErrorTests {
    typealias F = PlaylistFixtures

    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let line: Int?
        let fragment: String
        var testDescription: String { fragment }
    }

    static let cases: [Case] = [
        Case(text: "", line: 1, fragment: "first line must be #EXTM3U"),
        Case(text: "#EXT-X-VERSION:3\n#EXTM3U\n", line: 1, fragment: "first line must be #EXTM3U"),
        Case(text: "#EXTM3U\n", line: nil, fragment: "neither variant streams"),
        Case(text: "#EXTM3U\n#EXTINF:4,\na.ts\n", line: nil, fragment: "EXT-X-TARGETDURATION"),
        Case(text: F.media("#EXTINF:4,", "#EXT-X-ENDLIST"), line: 3, fragment: "EXTINF is not followed by a URI line"),
        Case(text: F.media("#EXTINF:4,", "#EXTINF:4,", "a.ts"), line: 3, fragment: "before the next EXTINF at line 4"),
        Case(text: F.media("a.ts"), line: 3, fragment: "has no EXTINF or EXT-X-STREAM-INF"),
        Case(text: F.media("#EXTINF:-1,", "a.ts"), line: 3, fragment: "EXTINF duration"),
        Case(text: F.media("#EXTINF:nan,", "a.ts"), line: 3, fragment: "EXTINF duration"),
        Case(text: F.media("#EXTINF:inf,", "a.ts"), line: 3, fragment: "EXTINF duration"),
        Case(text: F.media("#EXTINF:1e400,", "a.ts"), line: 3, fragment: "EXTINF duration"),
        Case(text: F.media("#EXTINF:" + String(repeating: "9", count: 400) + ",", "a.ts"), line: 3, fragment: "EXTINF duration"),
        Case(text: F.media("#EXTINF:,", "a.ts"), line: 3, fragment: "EXTINF duration"),
        Case(text: F.media("#EXTINF:4,", "#EXT-X-BYTERANGE:100", "a.ts"), line: 4,
             fragment: "EXT-X-BYTERANGE without offset follows no range of the same resource (RFC 8216 §4.3.2.2)"),
        Case(text: F.media("#EXTINF:4,", "#EXT-X-BYTERANGE:100@0", "a.ts", "#EXTINF:4,", "#EXT-X-BYTERANGE:100", "b.ts"),
             line: 7, fragment: "follows no range of the same resource"),
        Case(text: F.media("#EXTINF:4,", "#EXT-X-BYTERANGE:100@0", "a.ts", "#EXTINF:4,", "a.ts", "#EXTINF:4,",
                           "#EXT-X-BYTERANGE:100", "a.ts"),
             line: 9, fragment: "follows no range of the same resource"),
        Case(text: F.media("#EXTINF:4,", "#EXT-X-BYTERANGE:10@\(Int.max)", "a.ts"), line: 4, fragment: "overflows"),
        Case(text: F.media("#EXTINF:4,", "#EXT-X-BYTERANGE:\(Int.max)@0", "a.ts", "#EXTINF:4,", "#EXT-X-BYTERANGE:1", "a.ts"),
             line: 7, fragment: "overflows"),
        Case(text: F.media("#EXTINF:4,", "#EXT-X-BYTERANGE:99999999999999999999999", "a.ts"), line: 4, fragment: "EXT-X-BYTERANGE must be"),
        Case(text: F.media("#EXTINF:4,", "#EXT-X-BYTERANGE:0@0", "a.ts"), line: 4, fragment: "zero length"),
        Case(text: F.media("#EXTINF:4,", "#EXT-X-BYTERANGE:5@x", "a.ts"), line: 4, fragment: "offset must be a decimal integer"),
        Case(text: F.media("#EXTINF:4,", "#EXT-X-BYTERANGE:5@1@2", "a.ts"), line: 4, fragment: "EXT-X-BYTERANGE must be"),
        Case(text: F.media("#EXT-X-BYTERANGE:5@1", "#EXT-X-BYTERANGE:5@1", "#EXTINF:4,", "a.ts"), line: 4, fragment: "second EXT-X-BYTERANGE"),
        Case(text: F.media("#EXTINF:4,", "a.ts", "#EXT-X-BYTERANGE:5@1", "#EXT-X-ENDLIST"), line: 5,
             fragment: "applies to no media segment"),
        Case(text: F.media("#EXTINF:4,", "ftp://host/a.ts"), line: 4, fragment: "only http and https"),
        Case(text: F.media("#EXTINF:4,", "file:///etc/passwd"), line: 4, fragment: "only http and https"),
        Case(text: F.media("#EXTINF:4,", "http://"), line: 4, fragment: "segment URI"),
        Case(text: F.media("#EXTINF:4,", "http://h:xx/a.ts"), line: 4, fragment: "not a valid URI"),
        Case(text: F.media("#EXTINF:4,", "http://h:99999999/a.ts"), line: 4, fragment: "port"),
        Case(text: F.media("#EXT-X-KEY:METHOD=AES-128"), line: 3, fragment: "lacks the required URI"),
        Case(text: F.media("#EXT-X-KEY:URI=\"k\""), line: 3, fragment: "lacks the required METHOD"),
        Case(text: F.media(#"#EXT-X-KEY:METHOD=NONE,URI="k""#), line: 3, fragment: "METHOD=NONE must not have URI"),
        Case(text: F.media(#"#EXT-X-KEY:METHOD=AES-128,URI="k",IV=0x0102"#), line: 3, fragment: "IV must be 128 bits"),
        Case(text: F.media(#"#EXT-X-KEY:METHOD=AES-128,URI="k",IV=0xZZ"#), line: 3, fragment: "hexadecimal sequence"),
        Case(text: F.media(#"#EXT-X-KEY:METHOD="AES-128",URI="k""#), line: 3, fragment: "METHOD must be an unquoted"),
        Case(text: F.media("#EXT-X-MAP:BYTERANGE=\"5@0\""), line: 3, fragment: "EXT-X-MAP lacks the required URI"),
        Case(text: F.media(#"#EXT-X-KEY:METHOD=NONE,URI="",IV=0x00000000000000000000000000000000"#), line: 3,
             fragment: "METHOD=NONE must not have IV"),
        Case(text: F.media(#"#EXT-X-MAP:URI="i.mp4",BYTERANGE=5@0"#), line: 3, fragment: "BYTERANGE must be a quoted string"),
        Case(text: F.media(#"#EXT-X-MAP:URI="i.mp4",BYTERANGE="x""#), line: 3, fragment: "EXT-X-MAP BYTERANGE must be"),
        Case(text: F.media("#EXT-X-TARGETDURATION:10"), line: 3, fragment: "EXT-X-TARGETDURATION appears more than once (first at line 2)"),
        Case(text: "#EXTM3U\n#EXT-X-TARGETDURATION:ten\n", line: 2, fragment: "EXT-X-TARGETDURATION needs a decimal integer"),
        Case(text: F.media("#EXT-X-VERSION:4", "#EXT-X-VERSION:4"), line: 4, fragment: "EXT-X-VERSION appears more than once"),
        Case(text: F.media("#EXT-X-VERSION:-4"), line: 3, fragment: "EXT-X-VERSION needs a decimal integer"),
        Case(text: F.media("#EXT-X-MEDIA-SEQUENCE:99999999999999999999"), line: 3, fragment: "EXT-X-MEDIA-SEQUENCE needs"),
        Case(text: F.media("#EXTINF:4,", "a.ts", "#EXT-X-MEDIA-SEQUENCE:3"), line: 5, fragment: "before the first media segment (line 4)"),
        // Issue 28: numbers the players' arithmetic cannot take are refused at their line (PlaylistParser's limits).
        Case(text: F.media("#EXT-X-MEDIA-SEQUENCE:\(Int.max)", "#EXTINF:4,", "a.ts", "#EXTINF:4,", "b.ts"), line: 3,
             fragment: "EXT-X-MEDIA-SEQUENCE 9223372036854775807 is above the limit of 9007199254740991"),
        Case(text: F.media("#EXT-X-MEDIA-SEQUENCE:9223372036854775805", "#EXTINF:4,", "a.ts"), line: 3,
             fragment: "EXT-X-MEDIA-SEQUENCE 9223372036854775805 is above the limit"),
        Case(text: F.media("#EXT-X-MEDIA-SEQUENCE:9007199254740992"), line: 3, fragment: "is above the limit of 9007199254740991 (2^53 − 1"),
        Case(text: F.media("#EXTINF:1000000000000000000000,", "a.ts"), line: 3,
             fragment: "EXTINF duration 1000000000000000000000 s is longer than the limit of 86400 s"),
        Case(text: F.media("#EXTINF:5000000000000,", "a.ts"), line: 3, fragment: "EXTINF duration 5000000000000 s is longer"),
        Case(text: F.media("#EXTINF:86400.001,", "a.ts"), line: 3, fragment: "longer than the limit of 86400 s (one day)"),
        Case(text: "#EXTM3U\n#EXT-X-TARGETDURATION:86401\n", line: 2, fragment: "EXT-X-TARGETDURATION 86401 s is longer than the limit"),
        Case(text: F.media("#EXTINF:4,", "a.ts", "#EXT-X-DISCONTINUITY-SEQUENCE:3"), line: 5, fragment: "before the first media segment"),
        Case(text: F.media("#EXT-X-DISCONTINUITY-SEQUENCE:\(Int.max)", "#EXT-X-DISCONTINUITY", "#EXTINF:4,", "a.ts"), line: 3,
             fragment: "EXT-X-DISCONTINUITY-SEQUENCE 9223372036854775807 is above the limit"),
        Case(text: F.media("#EXT-X-PLAYLIST-TYPE:LIVE"), line: 3, fragment: "must be EVENT or VOD"),
        Case(text: F.media("#EXT-X-PLAYLIST-TYPE:VOD", "#EXT-X-PLAYLIST-TYPE:VOD"), line: 4, fragment: "appears more than once"),
        Case(text: F.media("#EXT-X-BITRATE:fast"), line: 3, fragment: "EXT-X-BITRATE needs"),
        Case(text: F.media("#EXT-X-BITRATE:\(Int.max / 10)"), line: 3, fragment: "EXT-X-BITRATE needs"),
        Case(text: F.media(#"#EXT-X-STREAM-INF:BANDWIDTH=1"#, "v.m3u8"), line: 3, fragment: "master playlist tag EXT-X-STREAM-INF in a media playlist (EXT-X-TARGETDURATION at line 2)"),
        Case(text: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n#EXTINF:4,\na.ts\n", line: 4,
             fragment: "media playlist tag EXTINF in a master playlist (EXT-X-STREAM-INF at line 2)"),
        Case(text: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n", line: 2, fragment: "EXT-X-STREAM-INF is not followed by its URI line"),
        Case(text: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n#EXT-X-STREAM-INF:BANDWIDTH=2\nv.m3u8\n", line: 2,
             fragment: "next tag at line 3"),
        Case(text: "#EXTM3U\n#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=1\nv.m3u8\n", line: 2, fragment: "lacks the required BANDWIDTH"),
        Case(text: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=1280\nv.m3u8\n", line: 2, fragment: "RESOLUTION must be a resolution"),
        Case(text: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nrtmp://host/v\n", line: 3, fragment: "only http and https"),
        Case(text: "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"x\"\n", line: nil, fragment: "no EXT-X-STREAM-INF variant"),
        Case(text: "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,NAME=\"x\"\n", line: 2, fragment: "lacks the required GROUP-ID"),
        Case(text: "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\"\n", line: 2, fragment: "lacks the required NAME"),
        Case(text: "#EXTM3U\n#EXT-X-MEDIA:GROUP-ID=\"a\",NAME=\"x\"\n", line: 2, fragment: "lacks the required TYPE"),
        Case(text: "#EXTM3U\n#EXT-X-MEDIA:TYPE=MUSIC,GROUP-ID=\"a\",NAME=\"x\"\n", line: 2, fragment: "TYPE must be AUDIO"),
        Case(text: "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"x\",DEFAULT=MAYBE\n", line: 2, fragment: "must be YES or NO"),
        Case(text: "#EXTM3U\n#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID=\"a\",NAME=\"x\",URI=\"c.m3u8\"\n", line: 2, fragment: "must not have a URI"),
        Case(text: "#EXTM3U\n\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a,NAME=\"x\"\n", line: 3, fragment: "characters after its closing quote"),
        Case(text: "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"x\",NAME=\"y\"\n", line: 2, fragment: "appears more than once"),
    ]

    @Test(arguments: cases)
    func errorNamesLine(_ testCase: Case) throws {
        let error = try #require(F.parseError(testCase.text), "expected an error containing \(testCase.fragment)")
        #expect(error.line == testCase.line, "\(error)")
        #expect(error.message.contains(testCase.fragment), "\(error)")
        #expect(error.url == F.audio256URL)
        if let line = testCase.line {
            #expect(error.description.hasPrefix("line \(line): "))
        }
    }

    @Test func segmentLimit() throws {
        var lines = ["#EXTM3U", "#EXT-X-TARGETDURATION:1"]
        for _ in 0 ... PlaylistParser.maximumSegments { lines += ["#EXTINF:1,", "a.ts"] }
        let error = try #require(F.parseError(lines.joined(separator: "\n")))
        #expect(error.message.contains("more than 100000 media segments"))
        #expect(error.line == 2 + 2 * (PlaylistParser.maximumSegments + 1))
    }

    /// Issue 28: the numeric limits are inclusive; at them a playlist parses, and its sequence arithmetic fits.
    @Test func numericLimitsAreInclusive() throws {
        let text = F.media("#EXT-X-MEDIA-SEQUENCE:\(PlaylistParser.maximumSequenceNumber)",
                           "#EXT-X-DISCONTINUITY-SEQUENCE:\(PlaylistParser.maximumSequenceNumber)",
                           "#EXTINF:86400,", "a.ts", "#EXT-X-DISCONTINUITY", "#EXTINF:86400.000,", "b.ts")
            .replacingOccurrences(of: "TARGETDURATION:10", with: "TARGETDURATION:86400")
        guard case .media(let media) = try PlaylistParser.parse(text, url: F.audio256URL) else {
            Issue.record("not a media playlist")
            return
        }
        #expect(media.segments.map(\.sequenceNumber) == [PlaylistParser.maximumSequenceNumber, PlaylistParser.maximumSequenceNumber + 1])
        #expect(media.segments.last?.discontinuitySequence == PlaylistParser.maximumSequenceNumber + 1)
        #expect(media.targetDuration == 86_400 && media.totalDuration == 172_800)
    }

    @Test func sizeLimit() throws {
        let text = "#EXTM3U\n#" + String(repeating: "x", count: PlaylistParser.maximumSize)
        let error = try #require(F.parseError(text))
        #expect(error.line == nil)
        #expect(error.message.contains("more than the limit"))
        #expect(throws: PlaylistError.self) { try PlaylistParser.parse(Data(text.utf8), url: F.audio256URL) }
    }
}
