import Foundation
import Testing
@testable import Downloader

/// Issue 9, item 2: quirks that players accept are accepted, each with a warning naming the line and the rule
/// it bends; what would make the downloaded bytes wrong is still refused, naming the line.
/// `F.media(...)` bodies start at line 3.
@Suite struct PlaylistLeniencyTests {
    typealias F = PlaylistFixtures
    typealias R = RealWorldFixtures

    private func only(_ warnings: [PlaylistWarning], _ kind: PlaylistWarning.Kind) throws -> PlaylistWarning {
        #expect(warnings.count == 1, "\(warnings)")
        let warning = try #require(warnings.first)
        #expect(warning.kind == kind)
        return warning
    }

    // MARK: - Accepted with a warning

    @Test func blankLinesAndCommentsBeforeTheHeaderAreSkipped() throws {
        let text = "\n  \n# made by hand\n#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\na.ts\n#EXT-X-ENDLIST\n"
        let media = try F.parseMedia(text)
        #expect(media.segments.map(\.line) == [7])  // line numbers still count from the first byte
        let warning = try only(media.warnings, .linesBeforeHeader)
        #expect(warning.line == 1)
        #expect(warning.rule == "RFC 8216 §4.3.1.1")
        #expect(warning.url == F.audio256URL)
        #expect(warning.description == "line 1: 3 blank or comment line(s) before #EXTM3U (line 4), skipped (RFC 8216 §4.3.1.1) [\(F.audio256URL.absoluteString)]")

        let master = try R.master("blank-lines-before-header-master.m3u8")
        #expect(try only(master.warnings, .linesBeforeHeader).message.contains("2 blank or comment line(s) before #EXTM3U (line 3)"))
        #expect(master.variants.map(\.line) == [6, 8, 10, 12])
    }

    @Test func methodNoneWithAnEmptyURIIsUnencrypted() throws {
        let media = try F.parseMedia(F.media(#"#EXT-X-KEY:METHOD=NONE,URI="""#, "#EXTINF:4,", "a.ts", "#EXT-X-ENDLIST"))
        #expect(media.segments.first?.key == nil)
        let warning = try only(media.warnings, .emptyURIWithMethodNone)
        #expect(warning.line == 3 && warning.rule == "RFC 8216 §4.3.2.4")
    }

    @Test func trailingCommasAreIgnored() throws {
        let master = try R.master("wowza-quirks-master.m3u8")
        #expect(master.variants.map(\.bandwidth) == [96000, 1_280_000])
        #expect(master.variants.map(\.codecs) == [["mp4a.40.2"], ["avc1.66.30", "mp4a.40.2"]])
        let kinds = master.warnings.map { "\($0.line ?? 0) \($0.kind)" }
        #expect(kinds == ["3 trailingComma", "3 integerWrittenAsFloat", "5 trailingComma", "5 integerWrittenAsFloat"])
        #expect(master.warnings[0].message == "EXT-X-STREAM-INF attribute list ends with a comma; the comma is ignored")
        #expect(master.warnings[0].rule == "RFC 8216 §4.2")

        let media = try F.parseMedia(F.media(
            #"#EXT-X-KEY:METHOD=AES-128,URI="k",IV=0x000102030405060708090A0B0C0D0E0F,"#,
            #"#EXT-X-MAP:URI="init.mp4","#, "#EXTINF:4,", "a.m4s", "#EXT-X-ENDLIST"))
        #expect(media.segments.first?.initSection?.uri.lastPathComponent == "init.mp4")
        #expect(media.warnings.map(\.kind) == [.trailingComma, .trailingComma])
        #expect(media.warnings.map(\.line) == [3, 4])
        #expect(media.warnings[1].message.hasPrefix("EXT-X-MAP attribute list"))
    }

    @Test func bandwidthWrittenAsAFloat() throws {
        func parse(_ value: String) throws -> (VariantStream?, [PlaylistWarning]) {
            let master = try F.parseMaster(F.m3u("#EXTM3U", "#EXT-X-STREAM-INF:BANDWIDTH=\(value),AVERAGE-BANDWIDTH=900.000",
                                                 "v.m3u8"))
            return (master.variants.first, master.warnings)
        }
        let (zero, zeroWarnings) = try parse("1280000.0")
        #expect(zero?.bandwidth == 1_280_000 && zero?.averageBandwidth == 900)
        #expect(zeroWarnings.map(\.message) == [
            "BANDWIDTH=1280000.0 is a decimal integer written as a float; read as 1280000",
            "AVERAGE-BANDWIDTH=900.000 is a decimal integer written as a float; read as 900",
        ])
        #expect(zeroWarnings.allSatisfy { $0.line == 2 && $0.rule == "RFC 8216 §4.2" })
        // A real fraction is dropped, as hls.js's parseInt does, and the warning says so.
        let (fraction, fractionWarnings) = try parse("1280000.7")
        #expect(fraction?.bandwidth == 1_280_000)
        #expect(fractionWarnings.first?.message == "BANDWIDTH=1280000.7 is not a decimal integer; its fraction is dropped and 1280000 used, as hls.js's parseInt does")
        // Anything that is not a decimal number at all stays an error.
        for bad in ["1.5e6", ".5", "-1", "12,5", "0x10"] {
            let error = try #require(F.parseError(F.m3u("#EXTM3U", "#EXT-X-STREAM-INF:BANDWIDTH=\(bad)", "v.m3u8")), "\(bad)")
            #expect(error.line == 2)
        }
    }

    @Test func liveSnapshotsLoseTheirHalfWrittenLastSegment() throws {
        let media = try F.parseMedia(F.media("#EXT-X-MEDIA-SEQUENCE:40", "#EXTINF:4,", "s40.ts", "#EXTINF:4,"))
        #expect(media.segments.map(\.uri.lastPathComponent) == ["s40.ts"])
        #expect(!media.hasEndList)
        let warning = try only(media.warnings, .lastSegmentWithoutURI)
        #expect(warning.line == 6 && warning.rule == "RFC 8216 §4.3.2.1")
        // The EXT-X-BYTERANGE of that segment goes with it.
        let ranged = try F.parseMedia(F.media("#EXTINF:4,", "#EXT-X-BYTERANGE:10@0", "a.ts", "#EXTINF:4,", "#EXT-X-BYTERANGE:10"))
        #expect(ranged.segments.count == 1)
        #expect(try only(ranged.warnings, .lastSegmentWithoutURI).line == 6)
        // With EXT-X-ENDLIST the list is final: a segment would be missing from the file.
        let error = try #require(F.parseError(F.media("#EXTINF:4,", "a.ts", "#EXTINF:4,", "#EXT-X-ENDLIST")))
        #expect(error.line == 5)
        #expect(error.message.contains("EXTINF is not followed by a URI line"))
    }

    @Test func encryptedInitSectionWithoutIVUsesIVZero() throws {
        let media = try F.parseMedia(F.media(
            #"#EXT-X-KEY:METHOD=AES-128,URI="k""#, #"#EXT-X-MAP:URI="i.mp4""#, "#EXTINF:4,", "a.m4s", "#EXT-X-ENDLIST"))
        let segment = try #require(media.segments.first)
        #expect(segment.key?.iv == nil)  // the segment still uses its media sequence number (§5.2)
        #expect(segment.initSection?.key?.iv == [UInt8](repeating: 0, count: 16))
        #expect(segment.initSection?.key?.uri == segment.key?.uri)
        let warning = try only(media.warnings, .initSectionWithoutIV)
        #expect(warning.line == 4 && warning.rule == "RFC 8216 §4.3.2.5")
    }

    @Test func uriLinesNoVariantClaimsAreIgnoredInMasterPlaylists() throws {
        let master = try R.master("stray-uri-lines-master.m3u8")
        #expect(master.variants.map(\.uri.lastPathComponent) == ["v1.m3u8", "v2.m3u8"])
        #expect(master.warnings.map(\.kind) == [.strayURIInMaster, .strayURIInMaster])
        #expect(master.warnings.map(\.line) == [4, 8])
        // In a media playlist such a line could be a segment with no duration: refused.
        let error = try #require(F.parseError(F.media("#EXTINF:4,", "a.ts", "b.ts")))
        #expect(error.line == 5)
    }

    @Test func wellFormedPlaylistsHaveNoWarnings() throws {
        #expect(try F.parseMaster(F.master).warnings.isEmpty)
        #expect(try F.parseMedia(F.audio256).warnings.isEmpty)
        #expect(try R.master("iframes-master.m3u8").warnings.isEmpty)
    }

    // MARK: - Still refused: the bytes would be wrong

    @Test(arguments: [
        // EXT-X-BYTERANGE without offset after a different resource (hls.js would read from byte 0 of b.ts).
        (F.media("#EXTINF:4,", "#EXT-X-BYTERANGE:10@0", "a.ts", "#EXTINF:4,", "#EXT-X-BYTERANGE:10", "b.ts"), 7,
         "EXT-X-BYTERANGE without offset follows no range of the same resource"),
        // ... or after a segment that was the whole resource.
        (F.media("#EXTINF:4,", "a.ts", "#EXTINF:4,", "#EXT-X-BYTERANGE:10", "a.ts"), 6,
         "EXT-X-BYTERANGE without offset follows no range of the same resource"),
        (F.media("#EXTINF:4,", "#EXT-X-BYTERANGE:0@0", "a.ts"), 4, "zero length"),
        (F.media(#"#EXT-X-MAP:URI="i.mp4",BYTERANGE="0@0""#), 3, "zero length"),
        // METHOD=NONE that names a key or an IV: which one is true cannot be known.
        (F.media(#"#EXT-X-KEY:METHOD=NONE,URI="k.bin""#), 3, "METHOD=NONE must not have URI"),
        // Two commas: an attribute is missing, not just a separator.
        (F.m3u("#EXTM3U", "#EXT-X-STREAM-INF:BANDWIDTH=1,,", "v.m3u8"), 2, "has no '='"),
        // Something other than a comment before the header.
        (F.m3u("#EXT-X-VERSION:3", "#EXTM3U", "#EXT-X-TARGETDURATION:4"), 1, "first line must be #EXTM3U"),
        (F.m3u("", "hello", "#EXTM3U"), 2, "first line must be #EXTM3U"),
        // A final segment without URI in a finished playlist.
        (F.media("#EXTINF:4,", "#EXT-X-ENDLIST"), 3, "EXTINF is not followed by a URI line"),
    ] as [(String, Int, String)])
    func wrongBytesStayRefused(text: String, line: Int, fragment: String) throws {
        let error = try #require(F.parseError(text), "expected: \(fragment)")
        #expect(error.line == line, "\(error)")
        #expect(error.message.contains(fragment), "\(error)")
    }
}
