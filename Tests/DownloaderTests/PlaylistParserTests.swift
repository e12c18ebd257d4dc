import Foundation
import Testing
@testable import Downloader

@Suite struct PlaylistParserTests {
    typealias F = PlaylistFixtures

    @Test func masterPlaylistVariantsAndRenditions() throws {
        let master = try F.parseMaster(F.master)
        #expect(master.version == 4)
        #expect(master.independentSegments)
        #expect(master.url == F.masterURL)
        #expect(master.variants.count == 4)  // the I-frame stream is not a variant
        let first = master.variants[0]
        #expect(first.uri.absoluteString == "http://pubcache1.arkiva.de/test/hls_360p_v4.m3u8")
        #expect(first.bandwidth == 900_000)
        #expect(first.averageBandwidth == 800_000)
        #expect(first.codecs == ["avc1.4d401e", "mp4a.40.2"])
        #expect(first.resolution == Resolution(width: 640, height: 360))
        #expect(first.frameRate == 25.0)
        #expect(first.audioGroupID == "aud-lo")
        #expect(first.videoGroupID == nil)
        #expect(first.line == 8)
        #expect(master.variants.map(\.line) == [8, 10, 12, 15])
        #expect(master.variants[3].uri.lastPathComponent == "hls_1080p_v4.m3u8")
        #expect(master.variants[1].averageBandwidth == nil)

        #expect(master.renditions.count == 2)
        let low = master.renditions[0]
        #expect(low.type == .audio)
        #expect(low.groupID == "aud-lo")
        #expect(low.name == "English 64K")
        #expect(low.language == "en")
        #expect(low.isDefault)
        #expect(low.autoselect)
        #expect(!low.forced)
        #expect(low.channels == "2")
        #expect(low.uri?.absoluteString == "http://pubcache1.arkiva.de/test/hls_a64K_v4.m3u8")
        #expect(low.line == 5)
        #expect(!master.renditions[1].isDefault)
        #expect(master.renditions[1].line == 6)
    }

    @Test func mediaPlaylistWithExplicitAndImplicitByteRanges() throws {
        let media = try F.parseMedia(F.audio256)
        #expect(media.version == 4)
        #expect(media.targetDuration == 10)
        #expect(media.mediaSequence == 0)
        #expect(media.playlistType == .vod)
        #expect(media.hasEndList)
        #expect(media.segments.count == 3)
        #expect(media.segments.map(\.byteRange) == [
            ByteRange(length: 320_000, offset: 0),
            ByteRange(length: 321_000, offset: 320_000),
            ByteRange(length: 176_000, offset: 641_000),
        ])
        #expect(media.segments.map(\.duration) == [10.0, 10.0, 5.5])
        #expect(media.totalDuration == 25.5)
        #expect(media.segments.map(\.sequenceNumber) == [0, 1, 2])
        #expect(media.segments.map(\.line) == [8, 11, 14])
        #expect(media.segments.allSatisfy { $0.uri.absoluteString == "http://pubcache1.arkiva.de/test/hls_a256K.ts" })
        #expect(media.segments.allSatisfy { $0.key == nil && $0.initSection == nil && !$0.discontinuity })
    }

    @Test func byteRangeMayPrecedeExtInf() throws {
        let media = try F.parseMedia(F.media("#EXT-X-BYTERANGE:100@50", "#EXTINF:4,", "a.ts",
                                             "#EXT-X-BYTERANGE:20", "#EXTINF:4,", "a.ts"))
        #expect(media.segments.map(\.byteRange) == [ByteRange(length: 100, offset: 50), ByteRange(length: 20, offset: 150)])
    }

    @Test func extInfTitleAndIntegerDuration() throws {
        let media = try F.parseMedia(F.media("#EXTINF:7,Intro part", "a.ts", "#EXTINF:3.25", "b.ts", "#EXTINF:2.0,  ", "c.ts"))
        #expect(media.segments.map(\.duration) == [7, 3.25, 2])
        #expect(media.segments.map(\.title) == ["Intro part", nil, nil])
    }

    @Test func mediaSequenceNumbersSegments() throws {
        let media = try F.parseMedia(F.media("#EXT-X-MEDIA-SEQUENCE:41", "#EXTINF:4,", "a.ts", "#EXTINF:4,", "b.ts"))
        #expect(media.mediaSequence == 41)
        #expect(media.segments.map(\.sequenceNumber) == [41, 42])
        #expect(media.playlistType == nil)
        #expect(!media.hasEndList)
    }

    @Test func discontinuityAndDiscontinuitySequence() throws {
        let media = try F.parseMedia(F.media("#EXT-X-DISCONTINUITY-SEQUENCE:5", "#EXTINF:4,", "a.ts",
                                             "#EXT-X-DISCONTINUITY", "#EXTINF:4,", "b.ts", "#EXTINF:4,", "c.ts"))
        #expect(media.discontinuitySequence == 5)
        #expect(media.segments.map(\.discontinuity) == [false, true, false])
        #expect(media.segments.map(\.discontinuitySequence) == [5, 6, 6])
    }

    @Test func keyTagAppliesUntilNextKey() throws {
        let media = try F.parseMedia(F.media(
            #"#EXT-X-KEY:METHOD=AES-128,URI="keys/k1.bin?token=a,b",IV=0x000102030405060708090A0B0C0D0E0F"#,
            "#EXTINF:4,", "a.ts", "#EXTINF:4,", "b.ts",
            "#EXT-X-KEY:METHOD=NONE", "#EXTINF:4,", "c.ts",
            #"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="k2",KEYFORMAT="identity",KEYFORMATVERSIONS="1""#, "#EXTINF:4,", "d.ts"))
        let key = try #require(media.segments[0].key)
        #expect(key.method == .aes128)
        #expect(key.uri.absoluteString == "http://pubcache1.arkiva.de/test/keys/k1.bin?token=a,b")
        #expect(key.iv == Array(0 ... 15))
        #expect(key.keyFormat == "identity")
        #expect(media.segments[1].key == key)
        #expect(media.segments[2].key == nil)
        #expect(media.segments[3].key?.method == .sampleAES)
        #expect(media.segments[3].key?.keyFormatVersions == "1")
        #expect(media.segments[3].key?.iv == nil)
    }

    @Test func identityKeyPreferredAmongSeveralKeyFormats() throws {
        let media = try F.parseMedia(F.media(
            #"#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example/id",KEYFORMAT="identity""#,
            #"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://fairplay",KEYFORMAT="com.apple.streamingkeydelivery""#,
            "#EXTINF:4,", "a.ts"))
        #expect(media.segments[0].key?.uri.absoluteString == "https://keys.example/id")
    }

    @Test func unknownMethodIsKeptForTheDownloaderToRefuse() throws {
        let media = try F.parseMedia(F.media(#"#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="k""#, "#EXTINF:4,", "a.ts"))
        #expect(media.segments[0].key?.method == .other("SAMPLE-AES-CTR"))
    }

    @Test func mapTagWithAndWithoutOffset() throws {
        let media = try F.parseMedia(F.media(
            #"#EXT-X-MAP:URI="init.mp4",BYTERANGE="720@0""#, "#EXTINF:4,", "a.m4s",
            #"#EXT-X-MAP:URI="init2.mp4",BYTERANGE="600""#, "#EXTINF:4,", "b.m4s",
            #"#EXT-X-MAP:URI="init3.mp4""#, "#EXTINF:4,", "c.m4s"))
        #expect(media.segments[0].initSection == InitSection(uri: try #require(URL(string: "http://pubcache1.arkiva.de/test/init.mp4")),
                                                             byteRange: ByteRange(length: 720, offset: 0)))
        #expect(media.segments[1].initSection?.byteRange == ByteRange(length: 600, offset: 0))
        #expect(media.segments[2].initSection?.byteRange == nil)
        #expect(media.segments[2].initSection?.uri.lastPathComponent == "init3.mp4")
    }

    @Test func mapIsEncryptedWithTheAES128KeyInEffectAtItsTag() throws {
        let iv = "0x000102030405060708090a0b0c0d0e0f"
        let media = try F.parseMedia(F.media(
            #"#EXT-X-MAP:URI="clear.mp4""#,                                         // no key yet: clear
            #"#EXT-X-KEY:METHOD=AES-128,URI="k1",IV=\#(iv)"#, "#EXTINF:4,", "a.m4s",
            #"#EXT-X-MAP:URI="enc.mp4""#, "#EXTINF:4,", "b.m4s",                     // key k1 applies
            "#EXT-X-KEY:METHOD=NONE", "#EXTINF:4,", "c.m4s",                          // same section, still k1
            #"#EXT-X-MAP:URI="clear2.mp4""#, "#EXTINF:4,", "d.m4s",                  // after NONE: clear
            #"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="k2",IV=\#(iv)"#,
            #"#EXT-X-MAP:URI="sample.mp4""#, "#EXTINF:4,", "e.m4s"))                 // SAMPLE-AES: container clear
        let sections = media.segments.map(\.initSection)
        #expect(sections.map { $0?.uri.lastPathComponent } == ["clear.mp4", "enc.mp4", "enc.mp4", "clear2.mp4", "sample.mp4"])
        #expect(sections.map { $0?.key?.uri.lastPathComponent } == [nil, "k1", "k1", nil, nil])
        #expect(sections[1]?.key?.iv == Array(0 ..< 16))
        #expect(media.segments.map { $0.key?.uri.lastPathComponent } == ["k1", "k1", nil, nil, "k2"])
    }

    @Test func bitrateAppliesToFollowingSegmentsUntilNextTag() throws {
        let media = try F.parseMedia(F.media("#EXTINF:4,", "a.ts", "#EXT-X-BITRATE:256", "#EXTINF:4,", "b.ts",
                                             "#EXTINF:4,", "c.ts", "#EXT-X-BITRATE:64", "#EXTINF:4,", "d.ts"))
        #expect(media.segments.map(\.bitrate) == [nil, 256_000, 256_000, 64_000])
    }

    @Test func eventPlaylistTypeAndIndependentSegments() throws {
        let media = try F.parseMedia(F.media("#EXT-X-PLAYLIST-TYPE:EVENT", "#EXT-X-INDEPENDENT-SEGMENTS",
                                             "#EXT-X-START:TIME-OFFSET=-5", "#EXTINF:4,", "a.ts"))
        #expect(media.playlistType == .event)
        #expect(media.independentSegments)
        #expect(media.version == 1)
    }

    @Test func lineEndingsCRLFAndCRAndBOM() throws {
        let lines = ["#EXTM3U", "#EXT-X-TARGETDURATION:10", "#EXTINF:4,", "a.ts", "#EXTINF:4,", "b.ts"]
        for separator in ["\r\n", "\r", "\n"] {
            let media = try F.parseMedia("\u{FEFF}" + lines.joined(separator: separator))
            #expect(media.segments.map(\.line) == [4, 6], "separator \(separator.debugDescription)")
            #expect(media.segments.map { $0.uri.lastPathComponent } == ["a.ts", "b.ts"])
        }
        // Mixed endings keep line numbers right: a segment error on line 5 is reported as line 5.
        let error = F.parseError("#EXTM3U\r\n#EXT-X-TARGETDURATION:10\r#EXTINF:4,\na.ts\r\n#EXTINF:x,\nb.ts")
        #expect(error?.line == 5)
    }

    @Test func commentsBlankLinesAndUnknownTagsIgnored() throws {
        let media = try F.parseMedia(F.media("", "# a comment", "#EXT-X-FUTURE-TAG:FOO=\"bar", "#EXTFOO", "   ",
                                             "#EXTINF:4,", "#just a comment between", "a.ts"))
        #expect(media.segments.count == 1)
        #expect(media.segments[0].line == 10)
    }

    @Test func dataInputWithBOMAndInvalidUTF8() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data(F.audio256.utf8))
        guard case .media(let media) = try PlaylistParser.parse(data, url: F.audio256URL) else {
            Issue.record("expected a media playlist")
            return
        }
        #expect(media.segments.count == 3)

        var bad = Data(F.audio256.utf8)
        bad.append(contentsOf: [0xC3, 0x28])  // invalid UTF-8 continuation
        #expect(throws: PlaylistError.self) { try PlaylistParser.parse(bad, url: F.audio256URL) }
        do {
            _ = try PlaylistParser.parse(bad, url: F.audio256URL)
        } catch {
            #expect(error.message.contains("UTF-8"))
            #expect(error.url == F.audio256URL)
        }
    }

    @Test func masterWithAudioOnlyVariantsAndSubtitles() throws {
        let master = try F.parseMaster(F.m3u(
            "#EXTM3U",
            #"#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Deutsch",LANGUAGE="de",FORCED=YES,URI="subs/de.m3u8""#,
            #"#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC1",INSTREAM-ID="CC1""#,
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="Desc",ASSOC-LANGUAGE="de",CHARACTERISTICS="public.accessibility.describes-video,public.easy-to-read",URI="ad.m3u8""#,
            #"#EXT-X-STREAM-INF:BANDWIDTH=64000,CODECS="mp4a.40.5""#,
            "audio/64.m3u8"))
        #expect(master.version == 1)
        #expect(master.renditions.map(\.type) == [.subtitles, .closedCaptions, .audio])
        #expect(master.renditions[0].forced)
        #expect(master.renditions[1].uri == nil)
        #expect(master.renditions[2].assocLanguage == "de")
        #expect(master.renditions[2].language == nil)
        #expect(master.renditions[2].characteristics == ["public.accessibility.describes-video", "public.easy-to-read"])
        #expect(master.variants[0].resolution == nil)
        #expect(master.variants[0].uri.absoluteString == "http://pubcache1.arkiva.de/test/audio/64.m3u8")
    }

    @Test func emptyMediaPlaylistWithTargetDurationIsValid() throws {
        let media = try F.parseMedia("#EXTM3U\n#EXT-X-TARGETDURATION:6\n")
        #expect(media.segments.isEmpty)
        #expect(media.totalDuration == 0)
    }
}
