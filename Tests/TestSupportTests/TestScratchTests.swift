import Foundation
import Testing
@testable import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the suite's temporary files rely on: one scratch root per process, and the roots of processes that are
/// gone removed by the next one, while those of running processes stay.
@Suite("TestScratch")
struct TestScratchTests {
    @Test("a stale root goes, a running process's root and this process's stay")
    func sweep() throws {
        let temporary = FileManager.default.temporaryDirectory
        // Above Linux's largest pid_max (2^22, proc(5)): no process can have it.
        let stale = temporary.appendingPathComponent("\(TestScratch.prefix)4194305", isDirectory: true)
        // The parent of this test process (swift test, or the shell) is running.
        let running = temporary.appendingPathComponent("\(TestScratch.prefix)\(getppid())", isDirectory: true)
        let runningExisted = FileManager.default.fileExists(atPath: running.path)
        try FileManager.default.createDirectory(at: stale.appendingPathComponent("left"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: running, withIntermediateDirectories: true)
        defer { if !runningExisted { try? FileManager.default.removeItem(at: running) } }
        let mine = try makeTemporaryDirectory("TestScratchTests")
        defer { try? FileManager.default.removeItem(at: mine) }

        TestScratch.sweepStaleRoots()

        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: running.path))
        #expect(FileManager.default.fileExists(atPath: mine.path))
        #expect(mine.deletingLastPathComponent().lastPathComponent == "\(TestScratch.prefix)\(getpid())")
    }
}
