import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file that tells whether anything opened it: an inotify watch (`IN_OPEN | IN_ACCESS`, inotify(7)) on a file in a
/// fresh folder, read without blocking. Hostile segments name it (issue 28: an ffconcat script or a DASH manifest
/// made FFmpeg open local files); the test asserts ``wasOpened`` is false. Precise and immediate: the kernel queues
/// the event when the open happens, no access time or timing involved.
///
/// ```swift
/// let canary = try FileCanary()
/// defer { canary.remove() }
/// serve("ffconcat version 1.0\nfile '\(canary.path)'\n")
/// … play it …
/// #expect(!canary.wasOpened)
/// ```
public final class FileCanary: @unchecked Sendable {
    /// The canary's absolute path.
    public let path: String
    private let folder: URL
    private let watch: Int32
    private var seen = false

    /// A canary file (a few bytes of MPEG-TS-looking data) named `name` in a new temporary folder.
    public init(name: String = "secret.ts") throws {
        folder = try makeTemporaryDirectory("canary")
        path = folder.appendingPathComponent(name).path
        try Data([0x47, 0x40, 0x00, 0x10] + [UInt8](repeating: 0xFF, count: 184)).write(to: URL(fileURLWithPath: path))
        watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard watch >= 0, inotify_add_watch(watch, path, UInt32(IN_OPEN | IN_ACCESS)) >= 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// Whether the file was opened or read since the canary was made.
    public var wasOpened: Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(watch, &buffer, buffer.count) > 0 { seen = true }
        return seen
    }

    /// Stops watching and deletes the folder.
    public func remove() {
        close(watch)
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A TCP listener on 127.0.0.1 that nobody should connect to: hostile segments name its URL (a DASH manifest made
/// FFmpeg's own HTTP client fetch what the stream named, issue 28); ``connections`` counts what it accepted.
/// Nothing is answered; a connection is accepted and closed.
public final class ConnectionCanary: @unchecked Sendable {
    /// The port.
    public let port: Int
    private let listener: Int32
    private var accepted = 0

    /// Listens on an ephemeral port.
    public init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.listener = listener
    }

    /// `http://127.0.0.1:PORT/path`.
    public func url(_ path: String = "/x.mp4") -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Connections made so far (the kernel completes a TCP handshake into the backlog even before `accept`).
    public var connections: Int {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return accepted }
            close(connection)
            accepted += 1
        }
    }

    /// Stops listening.
    public func stop() { close(listener) }
}
