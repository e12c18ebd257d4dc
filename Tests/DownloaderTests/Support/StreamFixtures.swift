import _CryptoExtras
import Crypto
import Foundation
import StreamServer
@testable import Downloader
import TestSupport

/// A synthetic HLS stream: the files a ``StreamServer`` serves and the exact bytes a correct download of
/// it must produce (computed here from the source bytes, independently of the downloader).
struct SyntheticStream: Sendable {
    /// Served files by URL path.
    var files: [String: ServedFile]
    /// Path of the playlist to download (master or media).
    var entryPath: String
    /// The bytes the output file must contain.
    var expected: [UInt8]
    /// Lengths of the media segments of the expected track, in playlist order.
    var segmentLengths: [Int]

    /// SHA-256 of ``expected`` in lowercase hex.
    var expectedSHA256: String { sha256Hex(expected) }
    /// The largest media segment.
    var maxSegmentLength: Int { segmentLengths.max() ?? 0 }
}

/// Generates deterministic streams for the downloader tests.
enum StreamFixtures {
    /// `count` pseudo-random bytes from `seed` (SplitMix64): the same every run, different per seed.
    static func bytes(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var result = [UInt8]()
        result.reserveCapacity(count + 8)
        while result.count < count {
            withUnsafeBytes(of: generator.next().littleEndian) { result.append(contentsOf: $0) }
        }
        return Array(result.prefix(count))
    }

    /// `count` segment lengths around `average` (±25 %), deterministic per seed.
    static func lengths(count: Int, average: Int, seed: UInt64) -> [Int] {
        var generator = SplitMix64(seed: seed)
        let spread = max(1, average / 4)
        return (0 ..< count).map { _ in average - spread + Int(generator.next() % UInt64(2 * spread + 1)) }
    }

    /// A version-4 media playlist with one `EXT-X-BYTERANGE` segment per length over one file `uri`
    /// (explicit offsets on the first segment only, as in `hls_a256K_v4.m3u8`).
    static func byteRangePlaylist(uri: String, lengths: [Int], endList: Bool = true, header: [String] = []) -> String {
        var lines = ["#EXTM3U", "#EXT-X-VERSION:4", "#EXT-X-TARGETDURATION:10", "#EXT-X-MEDIA-SEQUENCE:0",
                     "#EXT-X-PLAYLIST-TYPE:VOD"] + header
        var offset = 0
        for (index, length) in lengths.enumerated() {
            lines.append("#EXTINF:10.0,")
            lines.append(index == 0 ? "#EXT-X-BYTERANGE:\(length)@\(offset)" : "#EXT-X-BYTERANGE:\(length)")
            lines.append(uri)
            offset += length
        }
        if endList { lines.append("#EXT-X-ENDLIST") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A stream modelled on `hls_index.m3u8`: a master with two audio renditions, `English 64K` (DEFAULT=YES)
    /// and `English 256K` (the better one, not default), four video variants, and byte-range v4 playlists
    /// over `hls_a64K.ts` and `hls_a256K.ts`. The expected output is `hls_a256K.ts` whole.
    static func arkivaLike(segmentCount: Int = 12, segmentSize: Int = 32_000) -> SyntheticStream {
        let hiLengths = lengths(count: segmentCount, average: segmentSize, seed: 256)
        let loLengths = lengths(count: segmentCount, average: segmentSize / 4, seed: 64)
        let hi = bytes(count: hiLengths.reduce(0, +), seed: 2560)
        let lo = bytes(count: loLengths.reduce(0, +), seed: 640)
        let master = """
            #EXTM3U
            #EXT-X-VERSION:4
            #EXT-X-INDEPENDENT-SEGMENTS
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud-lo",NAME="English 64K",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="hls_a64K_v4.m3u8"
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud-hi",NAME="English 256K",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="hls_a256K_v4.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,AUDIO="aud-lo"
            hls_360p_v4.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=1600000,CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=960x540,AUDIO="aud-lo"
            hls_540p_v4.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=3200000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1280x720,AUDIO="aud-hi"
            hls_720p_v4.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=6000000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1920x1080,AUDIO="aud-hi"
            hls_1080p_v4.m3u8

            """
        let files: [String: ServedFile] = [
            "/test/hls_index.m3u8": ServedFile(string: master, contentType: ContentTypes.m3u8),
            "/test/hls_a256K_v4.m3u8": ServedFile(string: byteRangePlaylist(uri: "hls_a256K.ts", lengths: hiLengths),
                                                  contentType: ContentTypes.m3u8),
            "/test/hls_a64K_v4.m3u8": ServedFile(string: byteRangePlaylist(uri: "hls_a64K.ts", lengths: loLengths),
                                                 contentType: ContentTypes.m3u8),
            "/test/hls_a256K.ts": ServedFile(data: hi, contentType: ContentTypes.ts),
            "/test/hls_a64K.ts": ServedFile(data: lo, contentType: ContentTypes.ts),
        ]
        return SyntheticStream(files: files, entryPath: "/test/hls_index.m3u8", expected: hi, segmentLengths: hiLengths)
    }

    /// The expected bytes of the 64K rendition of ``arkivaLike(segmentCount:segmentSize:)``.
    static func arkivaLikeLowTrack(_ stream: SyntheticStream) -> [UInt8] {
        stream.files["/test/hls_a64K.ts"]?.data ?? []
    }

    /// A media playlist `/media.m3u8` with one file per segment, `/seg/N.ts`.
    static func segmentFiles(count: Int, size: Int, seed: UInt64 = 7, endList: Bool = true,
                             header: [String] = []) -> SyntheticStream {
        let segmentLengths = lengths(count: count, average: size, seed: seed)
        var files: [String: ServedFile] = [:]
        var expected: [UInt8] = []
        var lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:10"] + header
        for (index, length) in segmentLengths.enumerated() {
            let data = bytes(count: length, seed: seed &* 1000 &+ UInt64(index))
            files["/seg/\(index).ts"] = ServedFile(data: data, contentType: ContentTypes.ts)
            expected += data
            lines += ["#EXTINF:4.0,", "seg/\(index).ts"]
        }
        if endList { lines.append("#EXT-X-ENDLIST") }
        files["/media.m3u8"] = ServedFile(string: lines.joined(separator: "\n") + "\n", contentType: ContentTypes.m3u8)
        return SyntheticStream(files: files, entryPath: "/media.m3u8", expected: expected, segmentLengths: segmentLengths)
    }

    /// AES-128 (RFC 8216 §4.3.2.4): segment files encrypted with CBC + PKCS#7 under a key served at `/keys/a.key`;
    /// the first half of the segments use the media-sequence IV (`EXT-X-MEDIA-SEQUENCE:5`), the second half an
    /// explicit IV. The expected output is the plaintext.
    static func encrypted(count: Int = 6, size: Int = 5000) throws -> SyntheticStream {
        let key = bytes(count: 16, seed: 99)
        let explicitIV = bytes(count: 16, seed: 98)
        let explicitIVHex = "0x" + explicitIV.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        let sequenceStart = 5
        var files: [String: ServedFile] = ["/keys/a.key": ServedFile(data: key, contentType: ContentTypes.octetStream)]
        var expected: [UInt8] = []
        var lengths: [Int] = []
        var lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:10", "#EXT-X-MEDIA-SEQUENCE:\(sequenceStart)",
                     #"#EXT-X-KEY:METHOD=AES-128,URI="keys/a.key""#]
        for index in 0 ..< count {
            if index == count / 2 {
                lines.append(#"#EXT-X-KEY:METHOD=AES-128,URI="keys/a.key",IV="# + explicitIVHex)
            }
            let plain = bytes(count: size + index * 7, seed: 500 + UInt64(index))
            var iv = [UInt8](repeating: 0, count: 16)
            if index >= count / 2 {
                iv = explicitIV
            } else {
                let sequence = UInt64(sequenceStart + index)
                for byte in 0 ..< 8 { iv[15 - byte] = UInt8(truncatingIfNeeded: sequence >> (8 * UInt64(byte))) }
            }
            let cipher = try AES._CBC.encrypt(plain, using: SymmetricKey(data: key), iv: AES._CBC.IV(ivBytes: iv))
            files["/enc/\(index).ts"] = ServedFile(data: [UInt8](cipher), contentType: ContentTypes.ts)
            expected += plain
            lengths.append(cipher.count)
            lines += ["#EXTINF:4.0,", "enc/\(index).ts"]
        }
        lines.append("#EXT-X-ENDLIST")
        files["/enc.m3u8"] = ServedFile(string: lines.joined(separator: "\n") + "\n", contentType: ContentTypes.m3u8)
        return SyntheticStream(files: files, entryPath: "/enc.m3u8", expected: expected, segmentLengths: lengths)
    }

    /// fMP4-style segments with two `EXT-X-MAP` initialization sections (the first a byte range of
    /// `/init.mp4`, the second a whole file): the expected output is `init A, s0, s1, s2, init B, s3, s4`.
    static func withInitSections() -> SyntheticStream {
        let initFile = bytes(count: 3000, seed: 31)
        let initA = Array(initFile[1000 ..< 1800])
        let initB = bytes(count: 900, seed: 32)
        var files: [String: ServedFile] = [
            "/init.mp4": ServedFile(data: initFile, contentType: ContentTypes.mp4),
            "/initB.mp4": ServedFile(data: initB, contentType: ContentTypes.mp4),
        ]
        var lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:4",
                     #"#EXT-X-MAP:URI="init.mp4",BYTERANGE="800@1000""#]
        var expected = initA
        var lengths: [Int] = []
        for index in 0 ..< 5 {
            if index == 3 {
                lines.append(#"#EXT-X-MAP:URI="initB.mp4""#)
                expected += initB
            }
            let data = bytes(count: 4000 + index, seed: 300 + UInt64(index))
            files["/frag/\(index).m4s"] = ServedFile(data: data, contentType: ContentTypes.m4s)
            expected += data
            lengths.append(data.count)
            lines += ["#EXTINF:4.0,", "frag/\(index).m4s"]
        }
        lines.append("#EXT-X-ENDLIST")
        files["/fmp4.m3u8"] = ServedFile(string: lines.joined(separator: "\n") + "\n", contentType: ContentTypes.m3u8)
        return SyntheticStream(files: files, entryPath: "/fmp4.m3u8", expected: expected, segmentLengths: lengths)
    }

    /// AES-128 with `EXT-X-MAP` (RFC 8216 §4.3.2.5): a clear init section declared before any key, two
    /// segments under the media-sequence IV (`EXT-X-MEDIA-SEQUENCE:3`), then an explicit-IV key and an
    /// init section encrypted with it, two more segments, and a last one after `METHOD=NONE` that keeps
    /// the (encrypted) section. Expected: `clear init, s0, s1, decrypted init, s2, s3, s4`.
    static func encryptedInitSections() throws -> SyntheticStream {
        let key = bytes(count: 16, seed: 77)
        let explicitIV = bytes(count: 16, seed: 78)
        let explicitIVHex = "0x" + explicitIV.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        func encrypt(_ plain: [UInt8], iv: [UInt8]) throws -> [UInt8] {
            [UInt8](try AES._CBC.encrypt(plain, using: SymmetricKey(data: key), iv: AES._CBC.IV(ivBytes: iv)))
        }
        func sequenceIV(_ number: Int) -> [UInt8] {
            var iv = [UInt8](repeating: 0, count: 16)
            for byte in 0 ..< 8 { iv[15 - byte] = UInt8(truncatingIfNeeded: UInt64(number) >> (8 * UInt64(byte))) }
            return iv
        }
        let clearInit = bytes(count: 700, seed: 71)
        let secretInit = bytes(count: 901, seed: 72)
        var files: [String: ServedFile] = [
            "/keys/i.key": ServedFile(data: key, contentType: ContentTypes.octetStream),
            "/clear-init.mp4": ServedFile(data: clearInit, contentType: ContentTypes.mp4),
            "/enc-init.mp4": ServedFile(data: try encrypt(secretInit, iv: explicitIV), contentType: ContentTypes.mp4),
        ]
        var lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:4", "#EXT-X-MEDIA-SEQUENCE:3",
                     #"#EXT-X-MAP:URI="clear-init.mp4""#, #"#EXT-X-KEY:METHOD=AES-128,URI="keys/i.key""#]
        var expected = clearInit
        var lengths: [Int] = []
        for index in 0 ..< 5 {
            var iv = sequenceIV(3 + index)
            if index == 2 {
                lines.append(#"#EXT-X-KEY:METHOD=AES-128,URI="keys/i.key",IV="# + explicitIVHex)
                lines.append(#"#EXT-X-MAP:URI="enc-init.mp4""#)
                expected += secretInit
            }
            if index >= 2 { iv = explicitIV }
            if index == 4 { lines.append("#EXT-X-KEY:METHOD=NONE") }
            let plain = bytes(count: 3000 + 13 * index, seed: 700 + UInt64(index))
            let served = index == 4 ? plain : try encrypt(plain, iv: iv)
            files["/frag/\(index).m4s"] = ServedFile(data: served, contentType: ContentTypes.m4s)
            expected += plain
            lengths.append(served.count)
            lines += ["#EXTINF:4.0,", "frag/\(index).m4s"]
        }
        lines.append("#EXT-X-ENDLIST")
        files["/encmap.m3u8"] = ServedFile(string: lines.joined(separator: "\n") + "\n", contentType: ContentTypes.m3u8)
        return SyntheticStream(files: files, entryPath: "/encmap.m3u8", expected: expected, segmentLengths: lengths)
    }
}

/// SHA-256 of `bytes` in lowercase hex.
func sha256Hex(_ bytes: some DataProtocol) -> String {
    SHA256.hash(data: bytes).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}
