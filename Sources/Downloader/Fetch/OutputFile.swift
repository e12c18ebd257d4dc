#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where downloaded bytes go: an append-only file that can be truncated (for resuming) and synced.
///
/// The downloader writes through this protocol so tests can inject a file whose writes fail the way a
/// full disk fails (see ``POSIXOutputFile/init(path:openingDevice:)``).
protocol OutputFile: AnyObject {
    /// Current size in bytes (the offset the next append writes at).
    var size: Int64 { get }
    /// Appends all of `bytes` or throws.
    func append(_ bytes: [UInt8]) throws(DownloadError)
    /// Shrinks (or grows) the file to `length` bytes; the next append writes at `length`.
    func truncate(to length: Int64) throws(DownloadError)
    /// Reads `count` bytes at `offset` (for hashing a resumed prefix).
    func read(at offset: Int64, count: Int) throws(DownloadError) -> [UInt8]
    /// Closes the descriptor; further calls fail.
    func close() throws(DownloadError)
}

/// An ``OutputFile`` on a POSIX file descriptor, writing with `write(2)` so that errors such as `ENOSPC`
/// surface at the append that hits them.
final class POSIXOutputFile: OutputFile {
    private var descriptor: Int32
    /// The name used in error messages.
    let displayPath: String
    private(set) var size: Int64

    /// Opens the file at `path` for writing, without truncating it, or creates it when there is none.
    ///
    /// Never through a link someone else placed there (issue 28: a `.part` file pre-created as a symlink in a
    /// shared folder made the player overwrite a file the link pointed to): an existing file is opened with
    /// `O_NOFOLLOW` (a symbolic link fails with `ELOOP`) and must be a regular file of this user with one link (a
    /// hard link to another file fails); a new one is created with `O_CREAT | O_EXCL | O_NOFOLLOW`, so a link
    /// made between the two opens fails too. Callers that start afresh remove the old file first (a resumed
    /// download continues the one there).
    init(path: String) throws(DownloadError) {
        displayPath = path
        descriptor = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0, errno == ENOENT {
            descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else {
            if errno == ELOOP { throw Self.refusal("it is a symbolic link", path: path) }
            throw Self.error("cannot open", path: path)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = Self.error("cannot stat", path: path)
            _ = closeDescriptor(descriptor)
            throw error
        }
        let problem: String? = if status.st_mode & S_IFMT != S_IFREG { "it is not a regular file" }
            else if status.st_uid != geteuid() { "it belongs to another user (uid \(status.st_uid))" }
            else if status.st_nlink != 1 { "it has \(status.st_nlink) hard links" }
            else { nil }
        if let problem {
            _ = closeDescriptor(descriptor)
            throw Self.refusal(problem, path: path)
        }
        let end = lseek(descriptor, 0, SEEK_END)
        guard end >= 0 else {
            let error = Self.error("cannot seek", path: path)
            _ = closeDescriptor(descriptor)
            throw error
        }
        size = Int64(end)
    }

    /// Opens an existing device (such as `/dev/full`, whose writes fail with `ENOSPC`) for writing, while
    /// reporting errors under `displayPath`. Used by tests to simulate a full disk.
    init(path displayPath: String, openingDevice device: String) throws(DownloadError) {
        self.displayPath = displayPath
        descriptor = open(device, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error("cannot open", path: device) }
        size = 0
    }

    deinit {
        if descriptor >= 0 { _ = closeDescriptor(descriptor) }
    }

    func append(_ bytes: [UInt8]) throws(DownloadError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw Self.error("write failed after \(size + Int64(written)) bytes", path: displayPath)
            }
            written += result
        }
        size += Int64(written)
    }

    func truncate(to length: Int64) throws(DownloadError) {
        guard ftruncate(descriptor, off_t(length)) == 0 else {
            throw Self.error("cannot truncate to \(length) bytes", path: displayPath)
        }
        guard lseek(descriptor, off_t(length), SEEK_SET) >= 0 else {
            throw Self.error("cannot seek", path: displayPath)
        }
        size = length
    }

    func read(at offset: Int64, count: Int) throws(DownloadError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress.map { $0 + done }, count - done, off_t(offset) + off_t(done))
            }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { throw Self.error("cannot read at \(offset + Int64(done))", path: displayPath) }
            done += result
        }
        return bytes
    }

    func close() throws(DownloadError) {
        guard descriptor >= 0 else { return }
        let result = closeDescriptor(descriptor)
        descriptor = -1
        guard result == 0 else { throw Self.error("close failed", path: displayPath) }
    }

    /// An `.output` error for a file this user should not write to.
    static func refusal(_ reason: String, path: String) -> DownloadError {
        DownloadError(.output, .output(path: path), "refused to write: \(reason) (a file someone else may have placed there)")
    }

    /// An `.output` error carrying `strerror(errno)`.
    static func error(_ what: String, path: String) -> DownloadError {
        let code = errno
        return DownloadError(.output, .output(path: path), "\(what): \(String(cString: strerror(code))) (errno \(code))")
    }
}

/// `close(2)` from the platform C library (the method named `close` shadows it inside the class).
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
    return Glibc.close(descriptor)
    #elseif canImport(Musl)
    return Musl.close(descriptor)
    #else
    return Darwin.close(descriptor)
    #endif
}
