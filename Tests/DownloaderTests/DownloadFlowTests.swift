import Foundation
import StreamServer
import Testing
import TestSupport
@testable import Downloader

/// End-to-end downloads against a real ``StreamServer`` on 127.0.0.1, checking the output file against the
/// source bytes.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes))) struct DownloadFlowTests {
    @Test func masterPlaylistDownloadsTheBetterNonDefaultAudioTrack() async throws {
        let stream = StreamFixtures.arkivaLike(segmentCount: 12, segmentSize: 32_000)
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("audio.ts").path
            let (result, progress) = try await withDownloader { downloader in
                let task = downloader.download(from: server.url(for: stream.entryPath), to: path)
                let progress = collectProgress(task)
                let result = try await task.result()
                return (result, await progress.value)
            }
            #expect(sha256Hex(fileBytes(path)) == stream.expectedSHA256)
            #expect(result.sha256 == stream.expectedSHA256)
            #expect(result.bytes == Int64(stream.expected.count))
            #expect(result.segments == 12)
            #expect(result.track?.candidate.name == "English 256K")
            #expect(result.track?.candidate.isDefault == false)
            #expect(result.mediaPlaylistURL.hasSuffix("/test/hls_a256K_v4.m3u8"))
            #expect(!FileManager.default.fileExists(atPath: path + ".part"))
            #expect(!FileManager.default.fileExists(atPath: path + ".part.resume"))

            // Progress: monotonic, exact byte totals, and exactly 1.0 only in the last value.
            let last = try #require(progress.last)
            #expect(last.fraction == 1.0)
            #expect(last.bytesWritten == Int64(stream.expected.count))
            #expect(last.segmentsWritten == 12)
            #expect(progress.allSatisfy { $0.totalBytes == Int64(stream.expected.count) && $0.totalSegments == 12 })
            #expect(progress.dropLast().allSatisfy { $0.fraction < 1.0 })
            // Exact: with byte ranges the fraction is bytes written over the known total (all bytes written
            // but the file not yet renamed into place: the largest Double below 1).
            let total = Double(stream.expected.count)
            for value in progress.dropLast() {
                let expected = value.bytesWritten == Int64(stream.expected.count) ? Double(1).nextDown
                    : Double(value.bytesWritten) / total
                #expect(value.fraction == expected)
            }
            for (earlier, later) in zip(progress, progress.dropFirst()) {
                #expect(earlier.bytesWritten <= later.bytesWritten)
                #expect(earlier.segmentsWritten <= later.segmentsWritten)
                #expect(earlier.fraction <= later.fraction)
            }

            // Segments sharing one file are separate Range requests; only the two audio playlists are loaded.
            let segmentRequests = records(server, path: "/test/hls_a256K.ts")
            #expect(segmentRequests.count == 12)
            #expect(segmentRequests.allSatisfy { $0.rangeHeader != nil && $0.status == 206 })
            #expect(records(server, path: "/test/hls_a64K.ts").isEmpty)
            #expect(records(server, path: "/test/hls_720p_v4.m3u8").isEmpty)
        }
    }

    @Test func listTracksRanksByMeasuredBitrateAndOverrideSelectsTheOther() async throws {
        let stream = StreamFixtures.arkivaLike(segmentCount: 4, segmentSize: 8000)
        try await withStreamServer(stream) { server, directory in
            let url = server.url(for: stream.entryPath)
            let ranked = try await withDownloader { try await $0.listTracks(from: url) }
            #expect(ranked.map(\.candidate.name) == ["English 256K", "English 64K"])
            #expect(ranked.first?.bitrateSource == .measuredByteRanges)

            var configuration = DownloadConfiguration.fastTests
            configuration.track = TrackOverride(name: "english 64k")
            let path = directory.appendingPathComponent("low.ts").path
            let result = try await withDownloader(configuration) { downloader in
                try await downloader.download(from: url, to: path).result()
            }
            #expect(result.track?.candidate.name == "English 64K")
            #expect(fileBytes(path) == StreamFixtures.arkivaLikeLowTrack(stream))

            configuration.track = TrackOverride(language: "de")
            let error = await #expect(throws: DownloadError.self) {
                try await withDownloader(configuration) { downloader in
                    try await downloader.download(from: url, to: path + "2").result()
                }
            }
            #expect(error?.kind == .noMatchingTrack)
            #expect(error?.description.contains("English 256K") == true)
        }
    }

    @Test func mediaPlaylistWithSegmentFilesDownloadsDirectly() async throws {
        let stream = StreamFixtures.segmentFiles(count: 9, size: 20_000)
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("direct.ts").path
            let result = try await withDownloader { downloader in
                try await downloader.download(from: server.url(for: stream.entryPath), to: path).result()
            }
            #expect(sha256Hex(fileBytes(path)) == stream.expectedSHA256)
            #expect(result.track == nil)
            #expect(result.segments == 9)
            let tracks = try await withDownloader { try await $0.listTracks(from: server.url(for: stream.entryPath)) }
            #expect(tracks.isEmpty)
        }
    }

    @Test func aes128SegmentsAreDecryptedWithSequenceAndExplicitIVsAndTheKeyIsFetchedOnce() async throws {
        let stream = try StreamFixtures.encrypted(count: 6, size: 5000)
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("clear.ts").path
            let result = try await withDownloader { downloader in
                try await downloader.download(from: server.url(for: stream.entryPath), to: path).result()
            }
            #expect(fileBytes(path) == stream.expected)
            #expect(result.sha256 == stream.expectedSHA256)
            #expect(records(server, path: "/keys/a.key").count == 1)
        }
    }

    @Test func keyOfTheWrongLengthIsRejected() async throws {
        var stream = try StreamFixtures.encrypted(count: 2, size: 1000)
        stream.files["/keys/a.key"] = ServedFile(data: Array(repeating: 7, count: 15), contentType: ContentTypes.octetStream)
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("badkey.ts").path
            let error = await #expect(throws: DownloadError.self) {
                try await withDownloader { try await $0.download(from: server.url(for: stream.entryPath), to: path).result() }
            }
            #expect(error?.kind == .invalidKey)
            #expect(error?.description == "key \(server.url(for: "/keys/a.key").absoluteString): AES-128 key is 15 bytes, not 16 (RFC 8216 §5.2)")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func initSectionsAreWrittenBeforeTheirFirstSegmentAndWhenTheyChange() async throws {
        let stream = StreamFixtures.withInitSections()
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("fmp4.mp4").path
            _ = try await withDownloader { downloader in
                try await downloader.download(from: server.url(for: stream.entryPath), to: path).result()
            }
            #expect(fileBytes(path) == stream.expected)
            #expect(records(server, path: "/init.mp4").map(\.rangeHeader) == ["bytes=1000-1799"])
            #expect(records(server, path: "/initB.mp4").count == 1)
        }
    }

    @Test func encryptedInitSectionIsDecryptedWithTheKeyInEffectAtItsMapTag() async throws {
        let stream = try StreamFixtures.encryptedInitSections()
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("encmap.mp4").path
            let result = try await withDownloader { downloader in
                try await downloader.download(from: server.url(for: stream.entryPath), to: path).result()
            }
            #expect(fileBytes(path) == stream.expected)
            #expect(result.sha256 == stream.expectedSHA256)
            #expect(records(server, path: "/clear-init.mp4").count == 1)
            #expect(records(server, path: "/enc-init.mp4").count == 1)
            #expect(records(server, path: "/keys/i.key").count == 1)
        }
    }

    @Test func undecryptableInitSectionFailsNamingIt() async throws {
        var stream = try StreamFixtures.encryptedInitSections()
        let broken = Array((stream.files["/enc-init.mp4"]?.data ?? []).dropLast(3))  // not whole AES blocks
        stream.files["/enc-init.mp4"] = ServedFile(data: broken, contentType: ContentTypes.mp4)
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("badinit.mp4").path
            let error = await #expect(throws: DownloadError.self) {
                try await withDownloader { try await $0.download(from: server.url(for: stream.entryPath), to: path).result() }
            }
            #expect(error?.kind == .decryption)
            #expect(error?.description == "init section (\(server.url(for: "/enc-init.mp4").absoluteString)): "
                + "encrypted length \(broken.count) is not a positive multiple of 16")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func credentialsInURLsNeverAppearInErrorsOrTheTrackTable() async throws {
        var stream = StreamFixtures.arkivaLike(segmentCount: 2, segmentSize: 1000)
        stream.files["/bad.m3u8"] = ServedFile(string: "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nftp://user:pw2@host/a.ts\n",
                                               contentType: ContentTypes.m3u8)
        try await withStreamServer(stream) { server, directory in
            func withCredentials(_ path: String) throws -> URL {
                var components = try #require(URLComponents(url: server.url(for: path), resolvingAgainstBaseURL: false))
                components.user = "me"
                components.password = "s3cret"
                return try #require(components.url)
            }
            let path = directory.appendingPathComponent("creds.ts").path
            // A parse error names the line and the playlist, without either URL's credentials.
            let parseError = await #expect(throws: DownloadError.self) {
                try await withDownloader { try await $0.download(from: try withCredentials("/bad.m3u8"), to: path).result() }
            }
            let parseText = try #require(parseError).description
            #expect(parseText.contains("line 4"))
            #expect(parseText.contains("***@"))
            #expect(!parseText.contains("s3cret") && !parseText.contains("pw2"))
            // A segment error names the segment (its URL resolved against the credentialed playlist URL).
            server.setFaults([FaultRule(path: "/test/hls_a256K.ts", fault: .status(code: 403, times: .max))])
            let httpError = await #expect(throws: DownloadError.self) {
                try await withDownloader { try await $0.download(from: try withCredentials(stream.entryPath), to: path).result() }
            }
            let httpText = try #require(httpError).description
            // Either of the two segments in flight may fail first.
            #expect(httpText.hasPrefix("segment 0 (http://***@127.0.0.1:") || httpText.hasPrefix("segment 1 (http://***@127.0.0.1:"))
            #expect(httpText.hasSuffix("HTTP 403 Forbidden"))
            #expect(!httpText.contains("s3cret"))
            // The track table's URI column is redacted too.
            let table = try await withDownloader { downloader in
                try #require(try await downloader.trackList(from: try withCredentials(stream.entryPath)))
            }
            let rendered = CandidateTable.render(table.ranked, chosen: table.chosen.candidate)
            #expect(rendered.contains("***@127.0.0.1"))
            #expect(!rendered.contains("s3cret"))
        }
    }

    @Test func livePlaylistIsRefusedBeforeAnySegmentIsFetched() async throws {
        let stream = StreamFixtures.segmentFiles(count: 3, size: 1000, endList: false)
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("live.ts").path
            let error = await #expect(throws: DownloadError.self) {
                try await withDownloader { try await $0.download(from: server.url(for: stream.entryPath), to: path).result() }
            }
            #expect(error?.kind == .livePlaylist)
            #expect(error?.description.contains("EXT-X-ENDLIST") == true)
            #expect(server.statistics.requests.allSatisfy { !$0.path.hasPrefix("/seg/") })
        }
    }

    @Test(arguments: ["SAMPLE-AES", "SAMPLE-AES-CTR", "AES-256"])
    func sampleAESAndUnknownMethodsAreRefusedBeforeAnySegmentIsFetched(method: String) async throws {
        let stream = StreamFixtures.segmentFiles(count: 3, size: 1000,
                                                 header: [#"#EXT-X-KEY:METHOD=\#(method),URI="k.key",KEYFORMAT="identity""#])
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("sample.ts").path
            let error = await #expect(throws: DownloadError.self) {
                try await withDownloader { try await $0.download(from: server.url(for: stream.entryPath), to: path).result() }
            }
            #expect(error?.kind == .unsupportedEncryption)
            #expect(error?.description.contains("segment 0 uses METHOD=\(method), only AES-128 can be decrypted") == true)
            #expect(error?.description.contains("/media.m3u8 line 6: ") == true)  // the first encrypted segment's URI line
            #expect(server.statistics.requests.map(\.path) == ["/media.m3u8"])
            #expect(!FileManager.default.fileExists(atPath: path + ".part"))
        }
    }

    @Test func limitsAndSchemesAreEnforced() async throws {
        let stream = StreamFixtures.segmentFiles(count: 30, size: 100)
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("x.ts").path
            let url = server.url(for: stream.entryPath)

            var small = DownloadConfiguration.fastTests
            small.maxPlaylistBytes = 200
            let tooLarge = await #expect(throws: DownloadError.self) {
                try await withDownloader(small) { try await $0.download(from: url, to: path).result() }
            }
            #expect(tooLarge?.kind == .tooLarge)

            var few = DownloadConfiguration.fastTests
            few.maxSegments = 10
            let tooMany = await #expect(throws: DownloadError.self) {
                try await withDownloader(few) { try await $0.download(from: url, to: path).result() }
            }
            #expect(tooMany?.kind == .tooManySegments)

            let ftp = try #require(URL(string: "ftp://127.0.0.1/media.m3u8"))
            let scheme = await #expect(throws: DownloadError.self) {
                try await withDownloader { try await $0.download(from: ftp, to: path).result() }
            }
            #expect(scheme?.kind == .unsupportedURL)
        }
    }

    @Test func credentialsNeverAppearInErrors() async throws {
        let stream = StreamFixtures.segmentFiles(count: 2, size: 100)
        try await withStreamServer(stream) { server, directory in
            var components = try #require(URLComponents(url: server.url(for: "/missing.m3u8"), resolvingAgainstBaseURL: false))
            components.user = "alice"
            components.password = "hunter2"
            let url = try #require(components.url)
            let error = await #expect(throws: DownloadError.self) {
                try await withDownloader {
                    try await $0.download(from: url, to: directory.appendingPathComponent("c.ts").path).result()
                }
            }
            let text = try #require(error).description
            #expect(!text.contains("hunter2"))
            #expect(!text.contains("alice"))
            #expect(text.contains("***@127.0.0.1"))
        }
    }
}
