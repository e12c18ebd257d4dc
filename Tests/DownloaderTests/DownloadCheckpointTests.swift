import Foundation
import StreamServer
import Testing
import TestSupport
@testable import Downloader

/// Resume state is persisted at most every 250 ms (``SegmentPipeline/checkpointInterval``), so it may lag
/// behind the partial file, but it never claims more than the file holds, a cancelled download records
/// everything appended, and resuming from a lagging state still gives a byte-identical file.
@Suite struct DownloadCheckpointTests {
    /// Bytes of the first `count` segments of `stream`, summed independently of the downloader.
    func prefixLength(_ stream: SyntheticStream, _ count: Int) -> Int {
        stream.segmentLengths.prefix(count).reduce(0, +)
    }

    /// Size of the file at `path`, or -1 when it does not exist.
    func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? -1
    }

    @Test func cancelRecordsEverySegmentAppendedBeforeIt() async throws {
        let stream = StreamFixtures.segmentFiles(count: 60, size: 1500)
        let held = 45
        try await withStreamServer(stream, faults: [FaultRule(path: "/seg/\(held).ts", fault: .holdUntilReleased)]) { server, directory in
            let path = directory.appendingPathComponent("c.ts").path
            try await withDownloader { downloader in
                let task = downloader.download(from: server.url(for: stream.entryPath), to: path)
                // Cancel as soon as the file holds every segment before the held one, typically before
                // the next timed checkpoint.
                let reached = await waitUntil {
                    fileSize(path + ".part") == prefixLength(stream, held)
                }
                #expect(reached, "the partial file holds \(fileSize(path + ".part")) of \(prefixLength(stream, held)) bytes")
                task.cancel()
                let error = await #expect(throws: DownloadError.self) { try await task.result() }
                // If the download ended by itself, say how.
                #expect(error?.kind == .cancelled, "\(String(describing: error))")
            }
            let state = try #require(ResumeState.load(from: path + ".part.resume"))
            #expect(state.segmentsWritten == held)
            #expect(state.byteOffset == Int64(prefixLength(stream, held)))

            server.setFaults([])
            #expect(await waitUntil { server.statistics.currentRequests == 0 && server.statistics.heldRequests == 0 })
            server.resetStatistics()
            let result = try await withDownloader {
                try await $0.download(from: server.url(for: stream.entryPath), to: path, resume: true).result()
            }
            #expect(result.resumedFromSegment == held)
            #expect(sha256Hex(fileBytes(path)) == stream.expectedSHA256)
            let fetched = server.statistics.requests.map(\.path).filter { $0.hasPrefix("/seg/") }
            #expect(Set(fetched) == Set((held ..< 60).map { "/seg/\($0).ts" }))
        }
    }

    @Test func stalledDownloadCheckpointsWithoutFurtherSegments() async throws {
        let stream = StreamFixtures.segmentFiles(count: 30, size: 1500)
        let held = 20
        try await withStreamServer(stream, faults: [FaultRule(path: "/seg/\(held).ts", fault: .holdUntilReleased)]) { server, directory in
            let path = directory.appendingPathComponent("s.ts").path
            try await withDownloader { downloader in
                let task = downloader.download(from: server.url(for: stream.entryPath), to: path)
                // No segment arrives after segment `held - 1`; the timer alone must bring the state up to date.
                let caughtUp = await waitUntil {
                    ResumeState.load(from: path + ".part.resume")?.segmentsWritten == held
                }
                #expect(caughtUp, "resume state: \(String(describing: ResumeState.load(from: path + ".part.resume"))), partial file \(fileSize(path + ".part")) bytes")
                #expect(ResumeState.load(from: path + ".part.resume")?.byteOffset == Int64(prefixLength(stream, held)))
                task.cancel()
                _ = try? await task.result()
            }
        }
    }
}

/// `hlsfetch` killed with SIGKILL right after many fast appends, while its resume state lags behind.
@Suite(.enabled(if: CommandRunner.executable != nil, "hlsfetch binary not built"))
struct HLSFetchKillWhileCheckpointLagsTests {
    @Test func killAfterManySegmentsThenResumeIsByteIdentical() async throws {
        let stream = StreamFixtures.segmentFiles(count: 300, size: 1200)
        let held = 220
        let prefix = stream.segmentLengths.prefix(held).reduce(0, +)
        try await withStreamServer(stream, faults: [FaultRule(path: "/seg/\(held).ts", fault: .holdUntilReleased)]) { server, directory in
            let path = directory.appendingPathComponent("lag.ts").path
            let url = server.url(for: stream.entryPath).absoluteString
            let first = try await CommandRunner.start([url, "-o", path, "--quiet"] + CommandRunner.holdingIdleTimeout)
            let reached = await waitUntil {
                ((try? FileManager.default.attributesOfItem(atPath: path + ".part")[.size]) as? NSNumber)?.intValue == prefix
            }
            #expect(reached)
            first.forceKill()
            let killed = await CommandRunner.finish(first)
            #expect(killed.signaled)

            // Whatever the state records, it must describe a prefix the partial file really holds.
            let state = try #require(ResumeState.load(from: path + ".part.resume"))
            #expect(state.segmentsWritten <= held)
            #expect(state.byteOffset == Int64(stream.segmentLengths.prefix(state.segmentsWritten).reduce(0, +)))
            #expect(fileBytes(path + ".part").prefix(Int(state.byteOffset)) == stream.expected.prefix(Int(state.byteOffset)))

            server.setFaults([])
            #expect(await waitUntil { server.statistics.currentRequests == 0 && server.statistics.heldRequests == 0 })
            server.resetStatistics()
            let second = try await CommandRunner.run([url, "-o", path, "--resume", "--quiet"])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(sha256Hex(fileBytes(path)) == stream.expectedSHA256)
            let fetched = server.statistics.requests.map(\.path).filter { $0.hasPrefix("/seg/") }
            #expect(Set(fetched) == Set((state.segmentsWritten ..< 300).map { "/seg/\($0).ts" }))
            #expect(!FileManager.default.fileExists(atPath: path + ".part.resume"))
        }
    }
}
