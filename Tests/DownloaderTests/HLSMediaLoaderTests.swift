import _CryptoExtras
import Crypto
import Foundation
import StreamServer
import Testing
@testable import Downloader

/// `HLSMediaLoader`: a player's piece-by-piece fetching on the downloader's machinery.
@Suite struct HLSMediaLoaderTests {
    static let key = (0 ..< 16).map { UInt8($0 * 3 + 1) }
    static let body = (0 ..< 50_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

    @Test func playlistsSegmentsRangesKeysAndProgress() async throws {
        let encrypted = [UInt8](try AES._CBC.encrypt(Self.body, using: SymmetricKey(data: Self.key),
                                                     iv: AES._CBC.IV(ivBytes: [UInt8](repeating: 0, count: 15) + [5])))
        let playlist = """
            #EXTM3U
            #EXT-X-TARGETDURATION:2
            #EXT-X-MEDIA-SEQUENCE:4
            #EXT-X-MAP:URI="all.bin",BYTERANGE="100@0"
            #EXTINF:2,
            #EXT-X-BYTERANGE:1000@100
            all.bin
            #EXT-X-KEY:METHOD=AES-128,URI="k.key"
            #EXTINF:2,
            enc.bin
            #EXT-X-ENDLIST
            """
        let server = try await StreamServer.start(content: .files([
            "/p/index.m3u8": ServedFile(string: playlist, contentType: "application/vnd.apple.mpegurl"),
            "/p/all.bin": ServedFile(data: Self.body, path: "/p/all.bin"),
            "/p/enc.bin": ServedFile(data: encrypted, path: "/p/enc.bin"),
            "/p/k.key": ServedFile(data: Self.key, path: "/p/k.key"),
        ]))
        let downloader = HLSDownloader()
        let loader = HLSMediaLoader(downloader: downloader)
        guard case .media(let media) = try await loader.playlist(at: server.url(for: "/p/index.m3u8")) else {
            Issue.record("not a media playlist")
            return
        }
        let initBytes = try await loader.initSection(try #require(media.segments[0].initSection), sequenceNumber: 4)
        #expect(initBytes == Array(Self.body.prefix(100)))
        let progress = ProgressSum()
        let ranged = try await loader.segment(media.segments[0], label: 0) { progress.add($0) }
        #expect(ranged == Array(Self.body[100 ..< 1100]))
        #expect(progress.total == 1000, "every byte reported as it arrived")
        let decrypted = try await loader.segment(media.segments[1], label: 1)
        #expect(decrypted == Self.body, "AES-128 with the IV of media sequence number 5")
        let missing = MediaSegment(uri: server.url(for: "/p/none.bin"), duration: 2, sequenceNumber: 9)
        let error = await #expect(throws: DownloadError.self) { try await loader.segment(missing, label: 7) }
        #expect(error?.description.contains("segment 7") == true)
        #expect(error?.description.contains("404") == true)
        try await downloader.shutdown()
        try await server.shutdown()
    }
}

/// Sums progress reports from any thread.
final class ProgressSum: @unchecked Sendable {
    private let lock = NSLock()
    private var sum = 0
    func add(_ count: Int) { lock.withLock { sum += count } }
    var total: Int { lock.withLock { sum } }
}
