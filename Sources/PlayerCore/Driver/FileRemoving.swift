import Foundation

/// Removes cached files for the player.
public protocol FileRemoving: Sendable {
    /// Removes the file at `path`. A file that does not exist counts as removed.
    /// - Throws: an error describing why an existing file could not be removed.
    func removeFile(_ path: String) throws
}

/// ``FileRemoving`` with the local file system.
public struct LocalFileRemover: FileRemoving {
    /// Creates a remover working on the local file system.
    public init() {}

    /// Removes the file at `path` with `FileManager`; succeeds if it is already gone.
    public func removeFile(_ path: String) throws {
        let manager = FileManager.default
        guard manager.fileExists(atPath: path) else { return }
        try manager.removeItem(atPath: path)
    }
}

extension FileRemoving where Self == LocalFileRemover {
    /// The local file system: `PlayerDriver(fetcher: f, audio: a, files: .local)`.
    public static var local: LocalFileRemover { LocalFileRemover() }
}
