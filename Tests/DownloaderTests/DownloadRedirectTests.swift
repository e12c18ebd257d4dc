import Foundation
import StreamServer
import Testing
import TestSupport
@testable import Downloader

/// Redirects: followed up to the limit, http/https only, and relative URIs resolved against the final URL.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes))) struct DownloadRedirectTests {
    @Test func relativeURIsResolveAgainstTheURLAfterRedirects() async throws {
        let stream = StreamFixtures.arkivaLike(segmentCount: 5, segmentSize: 4000)
        try await withStreamServer(stream) { server, directory in
            let target = server.url(for: stream.entryPath).absoluteString
            // Two hops, the second with a relative Location (RFC 9110 §10.2.2).
            let redirects = try await RedirectServer.start(routes: [
                "/start.m3u8": (301, "/next.m3u8"),
                "/next.m3u8": (307, target),
            ])
            defer { Task { try? await redirects.shutdown() } }
            let path = directory.appendingPathComponent("redirected.ts").path
            let result = try await withDownloader { downloader in
                try await downloader.download(from: redirects.url(for: "/start.m3u8"), to: path).result()
            }
            #expect(fileBytes(path) == stream.expected)
            #expect(result.track?.candidate.uri.absoluteString == server.url(for: "/test/hls_a256K_v4.m3u8").absoluteString)
            #expect(redirects.requests(for: "/start.m3u8") == 1)
            #expect(redirects.requests(for: "/next.m3u8") == 1)
            // Nothing but the entry point was asked of the redirecting server.
            #expect(redirects.requests(for: "/test/hls_a256K_v4.m3u8") == 0)
            #expect(redirects.requests(for: "/hls_a256K_v4.m3u8") == 0)
        }
    }

    @Test func redirectLoopsAndNonHTTPTargetsFail() async throws {
        let redirects = try await RedirectServer.start(routes: [
            "/loop.m3u8": (302, "/loop.m3u8"),
            "/ftp.m3u8": (302, "ftp://127.0.0.1/x.m3u8"),
        ])
        defer { Task { try? await redirects.shutdown() } }
        var configuration = DownloadConfiguration.fastTests
        configuration.maxRedirects = 3
        let path = TestScratch.root.appendingPathComponent("never-\(UUID().uuidString).ts").path
        let loop = await #expect(throws: DownloadError.self) {
            try await withDownloader(configuration) { try await $0.download(from: redirects.url(for: "/loop.m3u8"), to: path).result() }
        }
        #expect(loop?.kind == .tooManyRedirects)
        #expect(redirects.requests(for: "/loop.m3u8") == 4)   // the request and three redirects followed
        let ftp = await #expect(throws: DownloadError.self) {
            try await withDownloader(configuration) { try await $0.download(from: redirects.url(for: "/ftp.m3u8"), to: path).result() }
        }
        #expect(ftp?.kind == .unsupportedURL)
        #expect(ftp?.description.contains("ftp://127.0.0.1/x.m3u8") == true)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
