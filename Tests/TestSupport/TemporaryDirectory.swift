import Foundation

/// A fresh directory under the system's temporary directory, named `prefix-UUID`.
///
/// ```swift
/// let directory = try makeTemporaryDirectory("FeedKitTests")
/// defer { try? FileManager.default.removeItem(at: directory) }
/// ```
public func makeTemporaryDirectory(_ prefix: String = "CirclePlayerTests") throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
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
