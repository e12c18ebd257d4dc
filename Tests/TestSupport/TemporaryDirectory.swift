import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The one folder a test process writes its temporary files in: `$TMPDIR/CirclePlayerTests.<pid>`.
///
/// Why one folder per process: tests that keep their folder for a failure's diagnosis (an `SDLDemo` run's trace
/// and screenshots), tests that leave one behind on an early exit, and runs killed halfway all left folders in
/// `/tmp` (about a hundred per run of the suite, thousands after a campaign). Now they all sit in this folder, and
/// the first test of the next process removes the folders of processes that are gone (``sweepStaleRoots()``):
/// a failed run's files stay until the suite runs again. Processes running at the same time never touch each
/// other's folder.
public enum TestScratch {
    /// The name every scratch root starts with, followed by the owning process's ID.
    static let prefix = "CirclePlayerTests."

    /// This process's scratch root, created (and stale roots swept) on first use. Swift's lazy `static let`
    /// initialisation runs once, even when tests ask for it concurrently.
    public static let root: URL = {
        sweepStaleRoots()
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Removes the scratch roots in the temporary directory whose process no longer exists (`kill(pid, 0)`
    /// fails with `ESRCH`, POSIX.1-2017 `kill`); roots of running processes, this one's included, stay.
    static func sweepStaleRoots() {
        let temporary = FileManager.default.temporaryDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name, isDirectory: true))
            }
        }
    }
}

/// A fresh directory in this process's scratch root (``TestScratch/root``), named `prefix-UUID`. Remove it when
/// done if the test can; what is left is removed by the next test process.
///
/// ```swift
/// let directory = try makeTemporaryDirectory("FeedKitTests")
/// defer { try? FileManager.default.removeItem(at: directory) }
/// ```
public func makeTemporaryDirectory(_ prefix: String = "CirclePlayerTests") throws -> URL {
    let url = TestScratch.root.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Runs `body` with a fresh temporary directory (``makeTemporaryDirectory(_:)``) and removes it afterwards, also
/// when `body` throws.
public func withTemporaryDirectory<T>(_ prefix: String = "CirclePlayerTests",
                                      _ body: (URL) async throws -> T) async throws -> T {
    let directory = try makeTemporaryDirectory(prefix)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}
