import Foundation
import Testing
@testable import Downloader
import TestSupport

/// Randomized robustness: seeded byte edits and truncations of valid playlists must yield either a playlist
/// or a `PlaylistError` (the typed throw makes anything else impossible to catch), never a trap or a hang.
@Suite struct PlaylistRobustnessTests {
    typealias F = PlaylistFixtures

    static let seeds: [String] = [
        F.master, F.audio256, F.audio64,
        F.media(#"#EXT-X-KEY:METHOD=AES-128,URI="k",IV=0x000102030405060708090A0B0C0D0E0F"#,
                #"#EXT-X-MAP:URI="i.mp4",BYTERANGE="10@0""#, "#EXT-X-BITRATE:128", "#EXT-X-DISCONTINUITY",
                "#EXT-X-MEDIA-SEQUENCE:7", "#EXTINF:4.5,t", "#EXT-X-BYTERANGE:5@3", "a.ts"),
    ]

    /// Bytes that matter to the grammar, favoured by the mutator.
    static let interesting: [UInt8] = Array("#:,=\"@x0123456789.-\r\n \u{7F}EXTINF".utf8) + [0x00, 0xFF, 0xC3, 0xEF, 0xBB, 0xBF]

    static func mutate(_ input: [UInt8], using rng: inout SplitMix64) -> [UInt8] {
        var bytes = input
        let edits = Int.random(in: 1 ... 8, using: &rng)
        for _ in 0 ..< edits {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0 ..< bytes.count, using: &rng)
            let byte = Bool.random(using: &rng) ? interesting.randomElement(using: &rng) ?? 0 : UInt8.random(in: 0 ... 255, using: &rng)
            switch Int.random(in: 0 ..< 6, using: &rng) {
            case 0 where !bytes.isEmpty: bytes[position] = byte
            case 1: bytes.insert(byte, at: position)
            case 2 where !bytes.isEmpty: bytes.remove(at: position)
            case 3: bytes = Array(bytes.prefix(position))  // truncation
            case 4 where bytes.count > 2:  // duplicate a slice (repeats tags and lines)
                let end = min(bytes.count, position + Int.random(in: 1 ... 80, using: &rng))
                bytes.insert(contentsOf: bytes[position ..< end], at: end)
            default: bytes.insert(contentsOf: Array("\n#EXT-X-BYTERANGE:".utf8), at: position)
            }
        }
        return bytes
    }

    @Test(arguments: 0 ..< 4)
    func mutatedPlaylistsParseOrThrow(seedIndex: Int) throws {
        var rng = SplitMix64(seed: UInt64(seedIndex) &* 7919 &+ 1)
        let seed = Array(Self.seeds[seedIndex].utf8)
        var parsed = 0
        var rejected = 0
        for _ in 0 ..< 2500 {
            let bytes = Self.mutate(seed, using: &rng)
            do {
                let playlist = try PlaylistParser.parse(Data(bytes), url: F.audio256URL)
                if case .media(let media) = playlist {
                    // Whatever parsed must satisfy the model's invariants.
                    for segment in media.segments {
                        #expect(segment.duration.isFinite && segment.duration >= 0)
                        if let range = segment.byteRange {
                            #expect(range.length > 0 && range.offset >= 0)
                            #expect(ByteRange(checkedLength: range.length, offset: range.offset) != nil)
                        }
                        #expect(["http", "https"].contains(segment.uri.scheme?.lowercased() ?? ""))
                    }
                }
                parsed += 1
            } catch {
                #expect(!error.message.isEmpty)
                rejected += 1
            }
        }
        #expect(parsed + rejected == 2500)
        // Both outcomes occur, so the mutations neither always break nor never touch the playlist.
        #expect(parsed > 0)
        #expect(rejected > 0)
    }

    /// Garbage is refused on the line where `#EXTM3U` was expected: the first line that is neither blank nor a
    /// comment (those are skipped before the header, with a warning; issue 9).
    @Test func randomGarbageIsRejectedWhereTheHeaderWasExpected() {
        var rng = SplitMix64(seed: 99)
        for _ in 0 ..< 1000 {
            let count = Int.random(in: 0 ... 300, using: &rng)
            let bytes = (0 ..< count).map { _ in UInt8.random(in: 0 ... 255, using: &rng) }
            let text = String(decoding: bytes, as: UTF8.self)
            let expected = PlaylistLines.split(text).first {
                !$0.text.isEmpty && !($0.text.hasPrefix("#") && !$0.text.hasPrefix("#EXT"))
            }?.number ?? 1
            do {
                _ = try PlaylistParser.parse(text, url: F.audio256URL)
                Issue.record("garbage parsed: \(bytes)")
            } catch {
                #expect(error.line == expected)
                #expect(error.message == "first line must be #EXTM3U (RFC 8216 §4.3.1.1)")
            }
        }
    }
}
