import Foundation
import StreamServer
import Testing
import TestSupport
@testable import Downloader

/// Issue 9, items 1-3, end to end through a real ``StreamServer``: the layout that picked a video variant, the
/// quirks players accept (with the bytes still right), and variables across master and media playlists.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct DownloadQuirkTests {
    @Test func audioOnlyVariantIsDownloadedNotTheAudioVideoOnes() async throws {
        let stream = try QuirkStreams.iframesLayout()
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("rfc.ts").path
            let (list, result) = try await withDownloader { downloader in
                let list = try await downloader.trackList(from: server.url(for: stream.entryPath))
                return (list, try await downloader.download(from: server.url(for: stream.entryPath), to: path).result())
            }
            #expect(list?.ranked.map(\.candidate.name) == ["audio-only.m3u8"])
            #expect(list?.chosen.candidate.admission == .audioCodecs(["mp4a.40.5"]))
            #expect(result.track?.candidate.name == "audio-only.m3u8")
            #expect(fileBytes(path) == stream.expected)
            // The audio-video playlists are not even fetched: nothing admits them.
            #expect(server.statistics.requests.allSatisfy { !$0.path.contains("audio-video") })
        }
    }

    @Test func quirkyStreamDownloadsTheRightBytesAndListsItsWarnings() async throws {
        let stream = try QuirkStreams.quirks()
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("quirks.mp4").path
            let (list, result) = try await withDownloader { downloader in
                let list = try await downloader.trackList(from: server.url(for: stream.entryPath))
                return (list, try await downloader.download(from: server.url(for: stream.entryPath), to: path).result())
            }
            #expect(fileBytes(path) == stream.expected)  // init decrypted with IV 0, segments with their sequence IVs
            #expect(result.track?.candidate.name == "audio.m3u8")
            let warnings = try #require(list?.warnings)
            #expect(warnings.map(\.kind) == [.linesBeforeHeader, .trailingComma, .integerWrittenAsFloat, .trailingComma,
                                             .integerWrittenAsFloat, .emptyURIWithMethodNone, .trailingComma,
                                             .initSectionWithoutIV])
            #expect(warnings.map(\.url?.path) == Array(repeating: "/q/master.m3u8", count: 5)
                        + Array(repeating: "/q/audio.m3u8", count: 3))
            #expect(warnings.map(\.line) == [1, 5, 5, 7, 7, 5, 6, 7])
        }
    }

    @Test func variablesFromTheURLAndTheMasterReachEveryRequest() async throws {
        let stream = QuirkStreams.variables()
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("vars.ts").path
            let entry = try #require(URL(string: server.url(for: stream.entryPath).absoluteString
                + QuirkStreams.variablesEntryQuery))
            let result = try await withDownloader { try await $0.download(from: entry, to: path).result() }
            #expect(fileBytes(path) == stream.expected)
            #expect(result.track?.candidate.name == "Radio s42")
            #expect(result.mediaPlaylistURL.hasSuffix("/v/s42/audio.m3u8?token=abc"))
            let paths = server.statistics.requests.map(\.path)
            #expect(paths.filter { $0.hasPrefix("/v/s42/seg-") }.sorted()
                        == ["/v/s42/seg-s42-0.ts", "/v/s42/seg-s42-1.ts", "/v/s42/seg-s42-2.ts"])
            #expect(server.statistics.requests.allSatisfy { $0.status == 200 })
        }
    }

    @Test func aMediaPlaylistThatImportsFailsWhenOpenedWithoutItsMaster() async throws {
        let stream = QuirkStreams.variables()
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("direct.ts").path
            let error = await #expect(throws: DownloadError.self) {
                try await withDownloader { try await $0.download(from: server.url(for: "/v/s42/audio.m3u8"), to: path).result() }
            }
            #expect(error?.kind == .invalidPlaylist)
            #expect(error?.description.contains("/v/s42/audio.m3u8 line 3: EXT-X-DEFINE IMPORT=\"session\" imports from the master playlist, but this playlist was not loaded through one (rfc8216bis §4.4.2.3)") == true)
        }
    }
}
