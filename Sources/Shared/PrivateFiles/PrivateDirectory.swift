#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The one rule for the folders the programs make for a store or a cache: each is ours alone, mode 0700, whatever
/// the umask (docs/security.md, "Secrets" and "The download cache"). Two ways to get one:
///
/// - ``make(in:prefix:)``: a new folder under a random name, for files a program keeps while it runs (the circle's
///   download cache), made with `mkdtemp(3)`: atomically, mode 0700, never reusing anything that is there. A name
///   built from the process id (`CirclePlayer-<pid>`) could be made first by another local user, with a symlink
///   inside where the player would write (issue 28).
/// - ``create(at:claiming:)``: a folder at a known path (a store's), every missing folder on the way `mkdir`ed and
///   then `chmod`ed 0700, so neither a loose umask (0000 would leave 0777) nor a strict one changes it. A folder
///   that exists keeps its mode (a user's own `--store` folder is not ours to change), except those at or under
///   `claiming` (the default stores' `$XDG_CACHE_HOME/circleplayer`), which are ours by name and made 0700 even
///   when an older version made them wider (0755 for Interlochen's, issue 31).
///
/// ```swift
/// let cache = try PrivateDirectory.make(in: FileManager.default.temporaryDirectory, prefix: "CirclePlayer")
/// // /tmp/CirclePlayer-Qx3v9a, drwx------, ours
/// try PrivateDirectory.create(at: "/home/ada/.cache/circleplayer/vimeo", claiming: "/home/ada/.cache/circleplayer")
/// ```
///
/// This is I/O (the file system), in a module of its own so that the layers that keep files (FeedKit's stores,
/// MediaHost's download cache, the window's temporary stores) share it without depending on each other.
public enum PrivateDirectory {
    /// Creates `parent/prefix-XXXXXX` (six random characters) and checks what was made: a directory (not a link),
    /// owned by this user, no access for group or others.
    /// - Throws: ``PrivateDirectoryError`` naming the folder and the system's reason.
    public static func make(in parent: URL, prefix: String) throws(PrivateDirectoryError) -> URL {
        var template = Array((parent.path + "/" + prefix + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkdtemp($0) != nil } ?? false
        }
        let reason = systemReason()
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard made else {
            throw PrivateDirectoryError(path: path, reason: "cannot create a private folder in \(parent.path): \(reason)")
        }
        var status = stat()
        guard lstat(path, &status) == 0, isFolder(status), status.st_uid == geteuid(), status.st_mode & 0o077 == 0 else {
            rmdir(path)
            throw PrivateDirectoryError(path: path, reason: "not a private folder of this user")
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// Makes `path` a folder of mode 0700: every missing folder on the way is created with mode 0700; those that
    /// exist keep their mode, but for `claiming` and the folders under it, which are made 0700.
    /// - Throws: ``PrivateDirectoryError`` naming the folder and the system's reason when one cannot be made or made
    ///   private, or when a file is in the way.
    public static func create(at path: String, claiming root: String? = nil) throws(PrivateDirectoryError) {
        let claimed = root.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var current = ""
        for component in URL(fileURLWithPath: path).standardizedFileURL.pathComponents where component != "/" {
            current += "/" + component
            var info = stat()
            if lstat(current, &info) == 0 {
                guard isFolder(info) || stat(current, &info) == 0 && isFolder(info) else {
                    throw PrivateDirectoryError(path: current, reason: "not a folder")
                }
                let ours = claimed.map { current == $0 || current.hasPrefix($0 + "/") } ?? false
                if ours, info.st_mode & 0o777 != 0o700, chmod(current, 0o700) != 0 {
                    throw PrivateDirectoryError(path: current, reason: "cannot make the folder private: \(systemReason())")
                }
                continue
            }
            guard mkdir(current, 0o700) == 0 || errno == EEXIST else {
                throw PrivateDirectoryError(path: current, reason: "cannot create the folder: \(systemReason())")
            }
            guard chmod(current, 0o700) == 0 else {
                throw PrivateDirectoryError(path: current, reason: "cannot make the folder private: \(systemReason())")
            }
        }
    }

    private static func isFolder(_ info: stat) -> Bool {
        info.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR)
    }

    private static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}

/// Why a private folder could not be had: the folder and the reason (`strerror`'s where the system refused), as
/// `PATH: REASON`.
public struct PrivateDirectoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The folder it is about.
    public let path: String
    /// What went wrong, e.g. `cannot create the folder: Permission denied`.
    public let reason: String
    public var description: String { "\(path): \(reason)" }
}
