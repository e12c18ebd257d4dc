import Foundation
import Testing
@testable import Downloader

/// Issue 9, item 3: `EXT-X-DEFINE` variables (rfc8216bis §4.4.2.3) substituted in URI lines, quoted-string and
/// hexadecimal-sequence attribute values (§4.3), and nowhere else; every reference must name a variable
/// defined before it. `F.media(...)` bodies start at line 3.
@Suite struct PlaylistVariableTests {
    typealias F = PlaylistFixtures
    typealias R = RealWorldFixtures

    private func media(_ text: String, url: String = "http://h.example/a/media.m3u8?token=t0k%2Fen&x=1",
                       master: [String: String]? = nil) throws -> MediaPlaylist {
        guard case .media(let media) = try PlaylistParser.parse(text, url: try #require(URL(string: url)),
                                                                masterVariables: master)
        else { throw PlaylistError(line: nil, message: "expected a media playlist") }
        return media
    }

    private func error(_ text: String, url: String = "http://h.example/a/media.m3u8",
                       master: [String: String]? = nil) throws -> PlaylistError {
        let location = try #require(URL(string: url))
        do {
            _ = try PlaylistParser.parse(text, url: location, masterVariables: master)
        } catch {
            return error
        }
        Issue.record("expected a parse error")
        return PlaylistError(line: nil, message: "")
    }

    @Test func masterVariablesReachItsMediaPlaylist() throws {
        let master = try R.master("variables-master.m3u8", base: "https://cdn.example/live/master.m3u8?token=abc%2B1")
        // QUERYPARAM keeps the value as written (still percent-encoded), and VALUE="?token={$token}" is itself
        // substituted: it is a quoted string.
        #expect(master.variables == ["token": "abc%2B1", "auth": "?token=abc%2B1"])
        #expect(master.renditions.first?.uri?.absoluteString == "https://cdn.example/live/audio/index.m3u8?token=abc%2B1")
        #expect(master.variants.first?.uri.absoluteString == "https://cdn.example/live/video/index.m3u8?token=abc%2B1")
        #expect(master.warnings.isEmpty)

        let playlist = try R.parse("variables-media.m3u8", base: "https://cdn.example/live/audio/index.m3u8?token=abc%2B1",
                                   masterVariables: master.variables)
        guard case .media(let media) = playlist else { throw PlaylistError(line: nil, message: "expected media") }
        #expect(media.segments.map(\.uri.absoluteString) == [
            "https://cdn.example/live/audio/seg/segment_1.m4s?token=abc%2B1",
            "https://cdn.example/live/audio/seg/segment_2.m4s?token=abc%2B1",
        ])
        #expect(media.segments.first?.initSection?.uri.absoluteString == "https://cdn.example/live/audio/init.mp4?token=abc%2B1")
        #expect(media.variables == ["auth": "?token=abc%2B1", "segments": "seg"])
    }

    @Test func importNeedsAMasterThatDefinesTheName() throws {
        let text = try R.text("variables-media.m3u8")
        let notLoadedThroughAMaster = try error(text)
        #expect(notLoadedThroughAMaster.line == 4)
        #expect(notLoadedThroughAMaster.message == "EXT-X-DEFINE IMPORT=\"auth\" imports from the master playlist, but this playlist was not loaded through one (rfc8216bis §4.4.2.3)")
        let missing = try error(text, master: ["other": "x"])
        #expect(missing.line == 4)
        #expect(missing.message.contains("the master playlist defines no variable \"auth\""))
        let inMaster = try error(F.m3u("#EXTM3U", #"#EXT-X-STREAM-INF:BANDWIDTH=1"#, "v.m3u8", #"#EXT-X-DEFINE:IMPORT="a""#),
                                 master: ["a": "1"])
        #expect(inMaster.line == 4)
        #expect(inMaster.message.contains("IMPORT is for media playlists, but this is a master playlist"))
        // The IMPORT may come before the first master tag: still refused at the end.
        let early = try error(F.m3u("#EXTM3U", #"#EXT-X-DEFINE:IMPORT="a""#, #"#EXT-X-STREAM-INF:BANDWIDTH=1"#, "v.m3u8"),
                              master: ["a": "1"])
        #expect(early.line == 2)
    }

    @Test func substitutedWhereTheDraftSaysAndNowhereElse() throws {
        let playlist = try media(F.media(
            #"#EXT-X-DEFINE:NAME="iv",VALUE="0x000102030405060708090A0B0C0D0E0F""#,   // 3
            #"#EXT-X-DEFINE:NAME="key-path",VALUE="keys/k1.bin""#,                     // 4
            #"#EXT-X-DEFINE:NAME="n_2",VALUE="2""#,                                    // 5
            #"#EXT-X-KEY:METHOD=AES-128,URI="{$key-path}",IV={$iv}"#,                   // 6: quoted URI, hex IV
            #"#EXT-X-MAP:URI="init.mp4",BYTERANGE="{$n_2}00@0""#,                      // 7: quoted BYTERANGE
            "#EXTINF:4,title {$n_2}",                                                  // 8: titles are not
            "a{$n_2}.ts?q={$n_2}&r={$n_2}",                                             // 9: URI line, every ref
            "#EXT-X-ENDLIST"))
        let segment = try #require(playlist.segments.first)
        #expect(segment.uri.absoluteString == "http://h.example/a/a2.ts?q=2&r=2")
        #expect(segment.title == "title {$n_2}")
        #expect(segment.key?.uri.absoluteString == "http://h.example/a/keys/k1.bin")
        #expect(segment.key?.iv == (0 ... 15).map { UInt8($0) })
        #expect(segment.initSection?.byteRange == ByteRange(length: 200, offset: 0))
        // Enumerated strings are not substituted: METHOD stays what it says, which is no method.
        let enumerated = try media(F.media(#"#EXT-X-DEFINE:NAME="m",VALUE="NONE""#, #"#EXT-X-KEY:METHOD={$m},URI="k""#,
                                           "#EXTINF:4,", "a.ts", "#EXT-X-ENDLIST"))
        #expect(enumerated.segments.first?.key?.method == .other("{$m}"))
    }

    @Test func substitutionIsOneLevelAndOnlyOfWholeReferences() throws {
        // A value that itself holds a reference (here imported) is not scanned again.
        let imported = try media(F.media(#"#EXT-X-DEFINE:IMPORT="a""#, #"#EXT-X-DEFINE:NAME="b",VALUE="BBB""#,
                                         "#EXTINF:4,", "x{$a}.ts", "#EXT-X-ENDLIST"), master: ["a": "{$b}"])
        #expect(imported.segments.first?.uri.path == "/a/x{$b}.ts")
        // VALUE is a quoted string, so references in it are replaced when it is defined.
        let chained = try media(F.media(#"#EXT-X-DEFINE:NAME="b",VALUE="BBB""#, #"#EXT-X-DEFINE:NAME="a",VALUE="<{$b}>""#,
                                        "#EXTINF:4,", "x.ts", "#EXT-X-ENDLIST"))
        #expect(chained.variables["a"] == "<BBB>")
        // {$}, {$no+} and an unterminated {$open are no references and stay as written.
        let literal = try media(F.media(#"#EXT-X-DEFINE:NAME="v",VALUE="V""#, "#EXTINF:4,", "p{$}q{$v}{$no+}{$open.ts",
                                        "#EXT-X-ENDLIST"))
        #expect(literal.segments.first?.uri.path == "/a/p{$}qV{$no+}{$open.ts")
    }

    @Test func queryParameterVariables() throws {
        let playlist = try media(F.media(#"#EXT-X-DEFINE:QUERYPARAM="token""#, "#EXTINF:4,", "a.ts?token={$token}",
                                         "#EXT-X-ENDLIST"))
        #expect(playlist.variables == ["token": "t0k%2Fen"])
        #expect(playlist.segments.first?.uri.absoluteString == "http://h.example/a/a.ts?token=t0k%2Fen")
        let missing = try error(F.media(#"#EXT-X-DEFINE:QUERYPARAM="nope""#))
        #expect(missing.line == 3)
        #expect(missing.message == "EXT-X-DEFINE QUERYPARAM=\"nope\": the playlist URL has no query parameter \"nope\" (rfc8216bis §4.4.2.3)")
        let repeated = try media(F.media(#"#EXT-X-DEFINE:QUERYPARAM="x""#, "#EXTINF:4,", "a.ts", "#EXT-X-ENDLIST"),
                                 url: "http://h.example/m.m3u8?x=1&y=2&x=3")
        #expect(repeated.variables == ["x": "1"])
        #expect(repeated.warnings.map(\.kind) == [.repeatedQueryParameter])
        #expect(repeated.warnings.first?.line == 3)
    }

    @Test(arguments: [
        (F.media("#EXTINF:4,", "segment_1.m4s{$auth}"), 4,
         "segment URI refers to variable {$auth}, which no EXT-X-DEFINE before it defines (rfc8216bis §4.3)"),
        (F.media("#EXTINF:4,", "a{$x}.ts", #"#EXT-X-DEFINE:NAME="x",VALUE="1""#), 4, "refers to variable {$x}"),
        (F.media(#"#EXT-X-MAP:URI="{$init}""#), 3, "EXT-X-MAP attribute URI refers to variable {$init}"),
        (F.m3u("#EXTM3U", #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="{$g}",NAME="n""#), 2,
         "EXT-X-MEDIA attribute GROUP-ID refers to variable {$g}"),
        (F.m3u("#EXTM3U", "#EXT-X-STREAM-INF:BANDWIDTH=1", "v{$q}.m3u8"), 3, "variant stream URI refers to variable {$q}"),
        (F.media(#"#EXT-X-DEFINE:NAME="a",VALUE="1""#, #"#EXT-X-DEFINE:NAME="a",VALUE="2""#), 4,
         "defines variable \"a\" a second time (first at line 3)"),
        (F.media(#"#EXT-X-DEFINE:NAME="a b",VALUE="1""#), 3, "may only contain a-z, A-Z, 0-9, '-' and '_'"),
        (F.media(#"#EXT-X-DEFINE:NAME="a""#), 3, "lacks the required VALUE"),
        (F.media(#"#EXT-X-DEFINE:VALUE="1""#), 3, "needs exactly one of NAME, IMPORT and QUERYPARAM, found none"),
        (F.media(#"#EXT-X-DEFINE:NAME="a",VALUE="1",QUERYPARAM="a""#), 3, "found NAME and QUERYPARAM"),
        (F.media(#"#EXT-X-DEFINE:QUERYPARAM="a",VALUE="1""#), 3, "QUERYPARAM must not have a VALUE"),
        (F.media("#EXT-X-DEFINE:NAME=a,VALUE=\"1\""), 3, "NAME must be a quoted string"),
    ] as [(String, Int, String)])
    func clearErrorsNamingTheLine(text: String, line: Int, fragment: String) throws {
        let failure = try error(text)
        #expect(failure.line == line, "\(failure)")
        #expect(failure.message.contains(fragment), "\(failure)")
    }

    /// A few hundred bytes must not expand into gigabytes: each substituted string is bounded.
    @Test func expansionIsBounded() throws {
        let value = String(repeating: "v", count: 1024)
        let uri = String(repeating: "{$big}", count: 65)  // 65 KiB > 64 KiB
        let failure = try error(F.media(#"#EXT-X-DEFINE:NAME="big",VALUE="\#(value)""#, "#EXTINF:4,", uri))
        #expect(failure.line == 5)
        #expect(failure.message.contains("grows beyond 65536 bytes through variable substitution"))
        // The whole playlist may not grow past the parser's size limit either.
        var table = VariableTable(budget: 10)
        try table.define("a", value: "0123456789", line: 1)
        #expect(try table.substitute("{$a}", line: 2, what: "x") == "0123456789")  // grows by 6
        #expect(throws: PlaylistError.self) { try table.substitute("{$a}", line: 3, what: "x") }  // 6 more > 4 left
    }
}
