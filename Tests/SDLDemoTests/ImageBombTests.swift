import Foundation
import ScreenKit
import Testing
@testable import SDLDemo

/// Issue 20: a thumbnail that is a decompression bomb (48 KB declaring 20000 × 20000 pixels) is refused from its
/// header before SDL_image decodes anything, so the window's memory stays where it was.
@Suite struct ImageBombTests {
    /// Resident memory of this process, in bytes (/proc/self/statm's second field, in pages).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test func aBombIsRefusedBeforeDecoding() throws {
        let bomb = try FixtureCatalog.image("bomb-20000x20000.png")
        #expect(ImageHeader.check(bomb) == .refuse(
            "image of 20000×20000 pixels is larger than the 8192-pixel, 16777216-pixel limit"))
        let before = Self.residentBytes()
        #expect(throws: ResourceError.self) { _ = try DecodedImage.decode(bomb) }
        let grown = Self.residentBytes() - before
        // Decoding it would take 1.6 GB; other tests running alongside move the figure by far less than this.
        #expect(grown < 400 << 20, "resident memory grew by \(grown >> 20) MB")
    }

    @Test("a feed's image named by file:, smb: or data: is refused, not read")
    func localImagesAreRefused() async throws {
        let fetcher = StandardResourceFetcher()
        for text in ["file:///etc/passwd", "file:///proc/self/environ", "smb://host/share/a.png", "data:image/png;base64,AAAA"] {
            let url = try #require(URL(string: text))
            do {
                _ = try await fetcher.bytes(at: url)
                Issue.record("\(text) was read")
            } catch let error as ResourceError {
                #expect(error.message.contains("Not loaded: images load over http and https only"), "\(error.message)")
            }
        }
    }
}
