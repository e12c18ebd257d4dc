import Foundation
import StreamServer
import Testing
import TestSupport
@testable import Downloader

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 28: what the downloader writes goes into files of its own, never through a link someone else placed.
@Suite(.timeLimit(.minutes(TestBounds.timeLimitMinutes))) struct OutputSafetyTests {
    /// A file of someone else's (here: the test's) that a planted link points at.
    static func victim(in directory: URL) throws -> (path: String, bytes: [UInt8]) {
        let path = directory.appendingPathComponent("victim.txt").path
        let bytes = Array("sixteen bytes!!\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (path, bytes)
    }

    @Test func aPlantedPartSymlinkIsReplacedNotFollowed() async throws {
        let stream = StreamFixtures.segmentFiles(count: 3, size: 4000)
        try await withStreamServer(stream) { server, directory in
            let victim = try Self.victim(in: directory)
            let path = directory.appendingPathComponent("download-1.ts").path
            #expect(symlink(victim.path, path + ".part") == 0)
            let result = try await withDownloader { downloader in
                try await downloader.download(from: server.url(for: stream.entryPath), to: path).result()
            }
            #expect(result.sha256 == stream.expectedSHA256)
            #expect(fileBytes(victim.path) == victim.bytes, "the link's target was written")
            #expect(sha256Hex(fileBytes(path)) == stream.expectedSHA256)
        }
    }

    @Test func resumingThroughASymlinkIsRefused() async throws {
        let stream = StreamFixtures.segmentFiles(count: 3, size: 4000)
        try await withStreamServer(stream) { server, directory in
            let victim = try Self.victim(in: directory)
            let path = directory.appendingPathComponent("r.ts").path
            #expect(symlink(victim.path, path + ".part") == 0)
            try ResumeState(fingerprint: "x", segmentsWritten: 0, byteOffset: 0).save(to: path + ".part.resume")
            let error = await #expect(throws: DownloadError.self) {
                try await withDownloader { downloader in
                    try await downloader.download(from: server.url(for: stream.entryPath), to: path, resume: true).result()
                }
            }
            #expect(error?.description.contains("refused to write: it is a symbolic link") == true, "\(String(describing: error))")
            #expect(fileBytes(victim.path) == victim.bytes)
        }
    }

    @Test func existingFilesMustBeOwnRegularSingleLinkFiles() throws {
        let directory = try makeTemporaryDirectory("output-safety")
        defer { try? FileManager.default.removeItem(at: directory) }
        let victim = try Self.victim(in: directory)
        let hardLink = directory.appendingPathComponent("hard.part").path
        #expect(link(victim.path, hardLink) == 0)
        #expect(throws: DownloadError.self) { try POSIXOutputFile(path: hardLink) }
        let fifo = directory.appendingPathComponent("fifo.part").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: DownloadError.self) { try POSIXOutputFile(path: fifo) }
        #expect(fileBytes(victim.path) == victim.bytes)
        // A new file is created; an own file is continued where it ends.
        let fresh = directory.appendingPathComponent("fresh.part").path
        let file = try POSIXOutputFile(path: fresh)
        try file.append([1, 2, 3])
        try file.close()
        #expect(try POSIXOutputFile(path: fresh).size == 3)
    }

    @Test func byteRangesAddingPastInt64AreAnUnknownTotalNotATrap() throws {
        let uri = URL(string: "http://127.0.0.1/a.ts")!
        let half = Int.max / 2 + 1
        let segments = (0 ..< 3).map { MediaSegment(uri: uri, duration: 1, byteRange: ByteRange(length: half, offset: 0), sequenceNumber: $0) }
        #expect(SegmentPlan(segments: segments).totalBytes == nil)
        #expect(SegmentPlan(segments: Array(segments.prefix(1))).totalBytes == Int64(half))
    }
}
