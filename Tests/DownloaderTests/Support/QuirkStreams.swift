import _CryptoExtras
import Crypto
import Foundation
import StreamServer
@testable import Downloader

/// Streams in the real-world shapes of issue 9: layouts other projects publish, quirks players accept,
/// and `EXT-X-DEFINE` variables. Built on the fixtures under `Fixtures/RealWorld` where one exists.
enum QuirkStreams {
    private typealias S = StreamFixtures

    private static func playlist(_ lines: [String]) -> ServedFile {
        ServedFile(string: lines.joined(separator: "\n") + "\n", contentType: ContentTypes.m3u8)
    }

    /// `count` media segments `<prefix>N.ts` under `directory`, in a VOD media playlist with `header` lines.
    private static func media(_ directory: String, prefix: String, count: Int, seed: UInt64, header: [String] = [],
                              into files: inout [String: ServedFile]) -> [UInt8] {
        var lines = ["#EXTM3U", "#EXT-X-TARGETDURATION:4"] + header
        var expected: [UInt8] = []
        for index in 0 ..< count {
            let data = S.bytes(count: 900 + 31 * index, seed: seed + UInt64(index))
            files["\(directory)/\(prefix)\(index).ts"] = ServedFile(data: data, contentType: ContentTypes.ts)
            expected += data
            lines += ["#EXTINF:4.0,", "\(prefix)\(index).ts"]
        }
        files["\(directory)/index.m3u8"] = playlist(lines + ["#EXT-X-ENDLIST"])
        return expected
    }

    /// RFC 8216 §8.5's layout (`Fixtures/RealWorld/iframes-master.m3u8`) at `/rfc/master.m3u8`: three
    /// `audio-video.m3u8` variants without `CODECS` and `audio-only.m3u8` with `CODECS="mp4a.40.5"`. Every
    /// media playlist is served; the expected bytes are the audio-only track's.
    static func iframesLayout() throws -> SyntheticStream {
        var files: [String: ServedFile] = ["/rfc/master.m3u8": ServedFile(
            string: try RealWorldFixtures.text("iframes-master.m3u8"), contentType: ContentTypes.m3u8)]
        for (rung, seed) in [("low", 10), ("mid", 20), ("hi", 30)] {
            _ = media("/rfc/\(rung)", prefix: "av", count: 3, seed: UInt64(seed), into: &files)
            files["/rfc/\(rung)/audio-video.m3u8"] = files.removeValue(forKey: "/rfc/\(rung)/index.m3u8")
        }
        let expected = media("/rfc/aonly", prefix: "a", count: 3, seed: 40, into: &files)
        files["/rfc/audio-only.m3u8"] = playlist(["#EXTM3U", "#EXT-X-TARGETDURATION:4"]
            + (0 ..< 3).flatMap { ["#EXTINF:4.0,", "aonly/a\($0).ts"] } + ["#EXT-X-ENDLIST"])
        return SyntheticStream(files: files, entryPath: "/rfc/master.m3u8", expected: expected,
                               segmentLengths: (0 ..< 3).map { 900 + 31 * $0 })
    }

    /// Variables end to end, to be opened as `/v/master.m3u8?session=s42&token=abc` (``variablesEntryQuery``):
    /// the master takes `session` and `token` from its URL (`QUERYPARAM`) and builds `auth` from `token`
    /// (`NAME`/`VALUE`); the audio playlist imports `session` and `auth` (`IMPORT`) and names its segments
    /// with them. Every path the downloader requests exists only if each variable was substituted.
    static func variables() -> SyntheticStream {
        var files: [String: ServedFile] = [:]
        files["/v/master.m3u8"] = playlist([
            "#EXTM3U", "#EXT-X-VERSION:8",
            #"#EXT-X-DEFINE:QUERYPARAM="session""#, #"#EXT-X-DEFINE:QUERYPARAM="token""#,
            #"#EXT-X-DEFINE:NAME="auth",VALUE="?token={$token}""#,
            #"#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="Radio {$session}",URI="{$session}/audio.m3u8{$auth}""#,
            #"#EXT-X-STREAM-INF:BANDWIDTH=1000000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,AUDIO="a""#,
            "{$session}/video.m3u8{$auth}",
        ])
        var lines = ["#EXTM3U", "#EXT-X-VERSION:8", #"#EXT-X-DEFINE:IMPORT="session""#, #"#EXT-X-DEFINE:IMPORT="auth""#,
                     "#EXT-X-TARGETDURATION:4"]
        var expected: [UInt8] = []
        for index in 0 ..< 3 {
            let data = S.bytes(count: 1200 + index, seed: 60 + UInt64(index))
            files["/v/s42/seg-s42-\(index).ts"] = ServedFile(data: data, contentType: ContentTypes.ts)
            expected += data
            lines += ["#EXTINF:4.0,", "seg-{$session}-\(index).ts{$auth}"]
        }
        files["/v/s42/audio.m3u8"] = playlist(lines + ["#EXT-X-ENDLIST"])
        return SyntheticStream(files: files, entryPath: "/v/master.m3u8", expected: expected,
                               segmentLengths: [1200, 1201, 1202])
    }

    /// The query that ``variables()``'s master playlist reads its variables from.
    static let variablesEntryQuery = "?session=s42&token=abc"

    /// Quirks players accept, at `/q/master.m3u8` (Wowza-style: trailing commas, `BANDWIDTH` as a float, lines
    /// before `#EXTM3U`) and its audio playlist `/q/audio.m3u8` (`METHOD=NONE,URI=""`; an `EXT-X-MAP` under an
    /// AES-128 key without `IV`, decrypted with IV 0 as hls.js does, then segments under the media-sequence IV).
    /// The expected bytes: the decrypted init section, then the segments.
    static func quirks() throws -> SyntheticStream {
        let key = S.bytes(count: 16, seed: 81)
        func encrypt(_ plain: [UInt8], iv: [UInt8]) throws -> [UInt8] {
            [UInt8](try AES._CBC.encrypt(plain, using: SymmetricKey(data: key), iv: AES._CBC.IV(ivBytes: iv)))
        }
        func sequenceIV(_ number: UInt64) -> [UInt8] {
            (0 ..< 16).map { $0 < 8 ? 0 : UInt8(truncatingIfNeeded: number >> (8 * UInt64(15 - $0))) }
        }
        let initPlain = S.bytes(count: 640, seed: 82)
        var files: [String: ServedFile] = [
            "/q/k.key": ServedFile(data: key, contentType: ContentTypes.octetStream),
            "/q/init.mp4": ServedFile(data: try encrypt(initPlain, iv: [UInt8](repeating: 0, count: 16)),
                                      contentType: ContentTypes.mp4),
        ]
        files["/q/master.m3u8"] = playlist([
            "", "# generated by a packager that writes a comment first", "#EXTM3U", "#EXT-X-VERSION:7",
            #"#EXT-X-STREAM-INF:PROGRAM-ID=1,BANDWIDTH=128000.0,CODECS="mp4a.40.2","#, "audio.m3u8",
            #"#EXT-X-STREAM-INF:PROGRAM-ID=1,BANDWIDTH=1280000.0,CODECS="avc1.66.30,mp4a.40.2",RESOLUTION=640x360,"#,
            "video.m3u8",
        ])
        var lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:4", "#EXT-X-MEDIA-SEQUENCE:9",
                     #"#EXT-X-KEY:METHOD=NONE,URI="""#, #"#EXT-X-KEY:METHOD=AES-128,URI="k.key","#,
                     #"#EXT-X-MAP:URI="init.mp4""#]
        var expected = initPlain
        var lengths: [Int] = []
        for index in 0 ..< 3 {
            let plain = S.bytes(count: 2000 + 17 * index, seed: 90 + UInt64(index))
            let cipher = try encrypt(plain, iv: sequenceIV(9 + UInt64(index)))
            files["/q/f\(index).m4s"] = ServedFile(data: cipher, contentType: ContentTypes.m4s)
            expected += plain
            lengths.append(cipher.count)
            lines += ["#EXTINF:4.0,", "f\(index).m4s"]
        }
        files["/q/audio.m3u8"] = playlist(lines + ["#EXT-X-ENDLIST"])
        return SyntheticStream(files: files, entryPath: "/q/master.m3u8", expected: expected, segmentLengths: lengths)
    }
}
