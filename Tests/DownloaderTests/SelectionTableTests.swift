import Foundation
import Testing
@testable import Downloader

@Suite struct SelectionTableTests {
    typealias F = PlaylistFixtures

    @Test func tableShowsEveryCandidateAndMarksTheChoice() throws {
        let candidates = try AudioTrackSelector.candidates(in: try F.parseMaster(F.master))
        let url256 = try #require(URL(string: "http://pubcache1.arkiva.de/test/hls_a256K_v4.m3u8"))
        let media256 = try F.parseMedia(F.audio256, url: url256)
        let url64 = try #require(URL(string: "http://pubcache1.arkiva.de/test/hls_a64K_v4.m3u8"))
        let media64 = try F.parseMedia(F.audio64, url: url64)
        let ranked = AudioTrackSelector.rank(candidates, mediaPlaylists: [url256: media256, url64: media64])
        let table = CandidateTable.render(ranked, chosen: ranked[0].candidate)
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("  # NAME"))
        for column in ["MEASURED", "EXT-X-BITRATE", "BANDWIDTH", "NAME-HINT", "SCORE", "DEFAULT", "URI"] {
            #expect(lines[0].contains(column))
        }
        #expect(lines[1].hasPrefix("* 1 English 256K"))
        #expect(lines[2].hasPrefix("  2 English 64K "))
        let cells1 = lines[1].split(separator: " ").map(String.init)
        #expect(cells1.contains("256k"))          // measured 256314 bit/s
        #expect(cells1.contains("3200k"))         // BANDWIDTH hint
        #expect(cells1.contains("no"))            // not DEFAULT
        #expect(lines[1].contains("256k (measured byte ranges)"))
        #expect(lines[1].hasSuffix("http://pubcache1.arkiva.de/test/hls_a256K_v4.m3u8"))
        let cells2 = lines[2].split(separator: " ").map(String.init)
        #expect(cells2.contains("64k") && cells2.contains("900k") && cells2.contains("yes"))
        // Columns line up: every row has its SCORE column at the same offset.
        let scoreColumn = try #require(lines[0].range(of: "SCORE")).lowerBound.utf16Offset(in: lines[0])
        #expect(lines[1].dropFirst(scoreColumn).hasPrefix("256k"))
        #expect(lines[2].dropFirst(scoreColumn).hasPrefix("64k"))
    }

    @Test func noChoiceMarksNothing() {
        let candidate = AudioCandidate(name: "x", uri: URL(fileURLWithPath: "/x"), source: .variant)
        let table = CandidateTable.render(AudioTrackSelector.rank([candidate]), chosen: nil)
        #expect(!table.contains("*"))
        #expect(table.contains("unknown"))
    }
}
