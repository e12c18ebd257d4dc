import Foundation

/// Removes cached files for the player.
public protocol FileRemoving: Sendable {
    /// Removes the file at `path`. A file that does not exist counts as removed.
    /// - Throws: an error describing why an existing file could not be removed.
    func removeFile(_ path: String) throws
}

/// ``FileRemoving`` with the local file system.
///
/// Why a concrete file system type lives in PlayerCore: the state machine (``Player`` and its events and
/// commands) is pure — no imports, no I/O, no clock — and stays so. The driver is PlayerCore's one edge
/// to the outside world by design (it *runs* the commands), and deleting a file is the one command whose
/// implementation is the same for every embedding, so every app would otherwise copy these lines. It is
/// used only when passed in (`files: .local`); tests and other hosts plug in their own ``FileRemoving``.
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
