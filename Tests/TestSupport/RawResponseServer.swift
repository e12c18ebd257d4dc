import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A listener on 127.0.0.1 (ephemeral port) that answers every connection with the same raw bytes, whatever
/// was asked, then closes it: for responses no well-behaved HTTP server sends (a header section of hundreds of
/// kilobytes, a status line that is not one). Stopped by ``stop()``.
///
/// ```swift
/// let server = try RawResponseServer(response: Array("HTTP/1.1 200 OK\r\nX-Big: …\r\n\r\n".utf8))
/// defer { server.stop() }
/// fetch(server.url(for: "/huge"))
/// ```
public final class RawResponseServer: @unchecked Sendable {
    /// The port listened on.
    public let port: Int
    private let socket: Int32
    private let thread: Thread

    /// Starts listening; each accepted connection gets `response`.
    public init(response: [UInt8]) throws {
        let (listener, port) = try listenOnLoopback()
        self.port = port
        socket = listener
        thread = Thread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }  // the listener was closed
                var request = [UInt8](repeating: 0, count: 4096)
                _ = read(connection, &request, request.count)
                var sent = 0
                while sent < response.count {
                    let written = response[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                    if written <= 0 { break }
                    sent += written
                }
                close(connection)
            }
        }
        thread.start()
    }

    /// `http://127.0.0.1:PORT` + `path`.
    public func url(for path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Stops listening (the accepting thread ends).
    public func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}

/// A TCP socket listening on 127.0.0.1 at an ephemeral port, and the port; `flags` are added to the socket type
/// (`SOCK_NONBLOCK`).
func listenOnLoopback(flags: Int32 = 0) throws -> (socket: Int32, port: Int) {
    let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | flags, 0)
    guard listener >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
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
    return (listener, Int(UInt16(bigEndian: address.sin_port)))
}
