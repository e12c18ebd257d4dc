import Foundation
import StreamServer
import Testing
import TestSupport

/// Issue 20: playlist text with terminal escapes (a NAME attribute that would retitle the terminal, clear the
/// screen and change the colour) is shown escaped by `hlsfetch --list`: no raw ESC byte on either stream.
@Suite(.enabled(if: CommandRunner.executable != nil, "hlsfetch binary not built"), .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct HLSFetchHostileTextTests {
    @Test func hostileTrackNamesAreEscapedInTheList() async throws {
        var stream = StreamFixtures.arkivaLike(segmentCount: 4, segmentSize: 8000)
        let master = try #require(stream.files[stream.entryPath].map { String(decoding: $0.data, as: UTF8.self) })
        let hostile = master.replacingOccurrences(of: "NAME=\"English 256K\"",
                                                  with: "NAME=\"Evil\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}[31mRED\u{9B}0m\"")
        #expect(hostile != master)
        stream.files[stream.entryPath] = ServedFile(string: hostile, contentType: ContentTypes.m3u8)
        try await withStreamServer(stream) { server, _ in
            let outcome = try await CommandRunner.run([server.url(for: stream.entryPath).absoluteString, "--list"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(!outcome.stdout.utf8.contains(0x1B) && !outcome.stderr.utf8.contains(0x1B))
            #expect(!outcome.stdout.utf8.contains(0x07))
            #expect(!outcome.stdout.unicodeScalars.contains("\u{9B}"))
            #expect(outcome.stdout.contains(#"Evil\e]0;PWNED\x07\e[2J\e[31mRED\u{9b}0m"#), "\(outcome.stdout)")
        }
    }
}
