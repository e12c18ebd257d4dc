#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A new directory only this user can enter, for files a program keeps while it runs (the circle's download
/// cache): made with `mkdtemp(3)`, which creates `PREFIX-XXXXXX` under a random name, atomically, mode 0700, and
/// fails rather than reuse anything that is there. A name built from the process id (`CirclePlayer-<pid>`) could
/// be made first by another local user, with a symlink inside where the player would write (issue 28).
///
/// ```swift
/// let cache = try PrivateDirectory.make(in: FileManager.default.temporaryDirectory, prefix: "CirclePlayer")
/// // /tmp/CirclePlayer-Qx3v9a, drwx------, ours
/// ```
public enum PrivateDirectory {
    /// Creates `parent/prefix-XXXXXX` (six random characters) and checks what was made: a directory (not a
    /// link), owned by this user, no access for group or others.
    /// - Throws: a ``DownloadError`` of kind `.output` naming the folder and `strerror`.
    public static func make(in parent: URL, prefix: String) throws(DownloadError) -> URL {
        var template = Array((parent.path + "/" + prefix + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkdtemp($0) != nil } ?? false }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard made else {
            throw POSIXOutputFile.error("cannot create a private folder in \(parent.path)", path: path)
        }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid(),
              status.st_mode & 0o077 == 0 else {
            rmdir(path)
            throw POSIXOutputFile.refusal("\(path) is not a private folder of this user", path: path)
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}
