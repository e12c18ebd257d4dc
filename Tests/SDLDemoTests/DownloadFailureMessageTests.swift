import Foundation
import StreamServer
import Testing

/// Why a download failed is said on stderr, not only shown as the red retry look.
@Suite("Download failure on stderr")
struct DownloadFailureMessageTests {
    @Test("a playlist answering 404 prints one line saying so")
    func notFoundIsExplainedOnStderr() async throws {
        let server = try await StreamServer.start(content: .files([:]))
        let url = server.url(for: "/missing/hls_index.m3u8")
        let run = try await DemoRun.script("""
            0 size 200 200
            100 key space
            100 wait-state failed 30000
            200 quit
            """, arguments: ["--url", url.absoluteString])
        try await server.shutdown()
        defer { run.remove() }
        #expect(run.status == 0, "\(run.diagnostics)")
        let lines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("SDLDemo: download failed: ") }
        #expect(lines == ["SDLDemo: download failed: playlist \(url.absoluteString): HTTP 404 Not Found"], "\(run.stderr)")
    }
}
