import Foundation
import StreamServer
import Testing
import TestSupport
@testable import Downloader

/// Interrupted downloads continue from their resume state and produce byte-identical files.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes))) struct DownloadResumeTests {
    /// Downloads until `written` segments are on disk (segment `written` is held by the server), then cancels.
    func interrupt(_ server: StreamServer, _ stream: SyntheticStream, path: String, after written: Int) async throws {
        server.setFaults([FaultRule(path: "/seg/\(written).ts", fault: .holdUntilReleased)])
        let prefix = stream.segmentLengths.prefix(written).reduce(0, +)
        // holdTests: under TSan on a loaded machine reaching the hold took longer than the 5 s idle
        // timeout, which then retried the held request instead of leaving it held.
        try await withDownloader(.holdTests) { downloader in
            let task = downloader.download(from: server.url(for: stream.entryPath), to: path)
            let reached = await waitUntil {
                ResumeState.load(from: path + ".part.resume")?.segmentsWritten == written
                    && server.statistics.heldRequests == 1
            }
            #expect(reached)
            task.cancel()
            await #expect(throws: DownloadError.self) { try await task.result() }
        }
        #expect(fileBytes(path + ".part").count == prefix)
        server.setFaults([])
        // The abandoned request is recorded when the server sees its connection close; wait for that
        // so it does not show up in the statistics of the resumed run. All connections closed, not only no
        // request running: a request the client sent just before the cancel can still be unread in the
        // socket, and was once counted after the reset (under ASan on a loaded machine).
        #expect(await waitUntil {
            let statistics = server.statistics
            return statistics.currentRequests == 0 && statistics.heldRequests == 0 && statistics.openConnections == 0
        })
        server.resetStatistics()
    }

    @Test func resumedDownloadSkipsWrittenSegmentsAndMatchesByteForByte() async throws {
        let stream = StreamFixtures.segmentFiles(count: 10, size: 6000)
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("r.ts").path
            try await interrupt(server, stream, path: path, after: 6)
            // A kill during an append leaves bytes past the recorded offset: resume must cut them off.
            let handle = try #require(FileHandle(forWritingAtPath: path + ".part"))
            handle.seekToEndOfFile()
            handle.write(Data(repeating: 0xEE, count: 1234))
            try handle.close()

            let (result, progress) = try await withDownloader { downloader in
                let task = downloader.download(from: server.url(for: stream.entryPath), to: path, resume: true)
                let progress = collectProgress(task)
                return (try await task.result(), await progress.value)
            }
            #expect(sha256Hex(fileBytes(path)) == stream.expectedSHA256)
            #expect(result.sha256 == stream.expectedSHA256)
            #expect(result.resumedFromSegment == 6)
            let fetched = server.statistics.requests.map(\.path).filter { $0.hasPrefix("/seg/") }.sorted()
            #expect(fetched == (6 ..< 10).map { "/seg/\($0).ts" }.sorted())
            #expect(progress.first?.segmentsWritten == 6)
            #expect(progress.last?.fraction == 1.0)
            #expect(!FileManager.default.fileExists(atPath: path + ".part.resume"))
        }
    }

    @Test func resumeRefusesAPartialFileOfADifferentPlaylist() async throws {
        let stream = StreamFixtures.segmentFiles(count: 6, size: 3000)
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("m.ts").path
            try await interrupt(server, stream, path: path, after: 3)
            let other = StreamFixtures.segmentFiles(count: 7, size: 3000, seed: 8)
            server.setContent(.files(other.files))
            let error = await #expect(throws: DownloadError.self) {
                try await withDownloader {
                    try await $0.download(from: server.url(for: other.entryPath), to: path, resume: true).result()
                }
            }
            #expect(error?.kind == .resumeMismatch)
            #expect(error?.description.contains("different playlist") == true)
            // Without resume the download starts over and succeeds.
            _ = try await withDownloader { try await $0.download(from: server.url(for: other.entryPath), to: path).result() }
            #expect(fileBytes(path) == other.expected)
        }
    }

    @Test func resumeRefusesAPartialFileShorterThanItsState() async throws {
        let stream = StreamFixtures.segmentFiles(count: 6, size: 3000)
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("short.ts").path
            try await interrupt(server, stream, path: path, after: 4)
            let handle = try #require(FileHandle(forWritingAtPath: path + ".part"))
            try handle.truncate(atOffset: 100)
            try handle.close()
            let error = await #expect(throws: DownloadError.self) {
                try await withDownloader {
                    try await $0.download(from: server.url(for: stream.entryPath), to: path, resume: true).result()
                }
            }
            #expect(error?.kind == .resumeMismatch)
            #expect(error?.description.contains("shorter than its resume state (100 <") == true)
        }
    }

    @Test func resumeWithoutStateStartsFromTheBeginning() async throws {
        let stream = StreamFixtures.segmentFiles(count: 4, size: 3000)
        try await withStreamServer(stream) { server, directory in
            let path = directory.appendingPathComponent("n.ts").path
            #expect(FileManager.default.createFile(atPath: path + ".part", contents: Data(repeating: 1, count: 999)))
            let result = try await withDownloader {
                try await $0.download(from: server.url(for: stream.entryPath), to: path, resume: true).result()
            }
            #expect(result.resumedFromSegment == 0)
            #expect(fileBytes(path) == stream.expected)
        }
    }
}
