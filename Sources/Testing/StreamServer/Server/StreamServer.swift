import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A small HTTP/1.1 static-file server on SwiftNIO, with fault injection for testing HTTP clients
/// and for serving a sample HLS stream in-process.
///
/// - GET and HEAD; other methods get 405. Missing files get 404, `..` segments (also
///   percent-encoded) get 403, malformed targets 400. The query string is ignored for lookup.
/// - Single byte ranges (`bytes=a-b`, `a-`, `-n`) get 206 with `Content-Range` (RFC 9110 §14);
///   unsatisfiable ones 416 with `Content-Range: bytes */length`. Requests with several ranges are
///   answered with 200 and the whole file, which §14.2 allows. Every file response carries
///   `Accept-Ranges: bytes`.
/// - Persistent connections (HTTP/1.1 keep-alive, pipelining tolerated); bodies are written in
///   64 KiB chunks as the connection becomes writable.
/// - Faults (``setFaults(_:)``, ``Fault``) inject delays, error statuses, broken ranges, cut-off,
///   reset or stalled bodies, throttling, and holds released by the test (``releaseHeld(_:matching:)``).
/// - ``statistics`` counts requests in flight, connections and per-request records, exactly enough
///   to prove a client's concurrency and connection reuse.
/// - Fixture routes (``start(routes:fallback:host:port:)``, ``Route``, ``RouteTable``) answer by method,
///   path and query before the files, with optional Basic or Bearer auth, for feed clients.
///
/// Files are held in memory while sent (``ServerContent/directory(_:)`` reads each one whole per
/// request), which suits test fixtures and HLS segments, not multi-gigabyte files. Symbolic links
/// inside a served directory are followed. Connections are kept open until the client closes them
/// or the server shuts down; there is no idle timeout.
///
/// ```swift
/// let server = try await StreamServer.start(content: .files([
///     "/index.m3u8": ServedFile(string: "#EXTM3U\n", contentType: ContentTypes.m3u8),
/// ]))
/// server.setFaults([FaultRule(path: "*.ts", fault: .status(code: 503, times: 1, retryAfter: "1"))])
/// let url = server.url(for: "/index.m3u8")   // http://127.0.0.1:PORT/index.m3u8
/// ...
/// try await server.shutdown()
/// ```
public final class StreamServer: Sendable {
    let state: ServerState
    private let serverChannel: any Channel

    /// The port the server listens on (the one chosen by the system when started with port 0).
    public let port: Int
    /// The host the server listens on, as given to ``start(content:host:port:)``.
    public let host: String

    private init(state: ServerState, serverChannel: any Channel, host: String, port: Int) {
        self.state = state
        self.serverChannel = serverChannel
        self.host = host
        self.port = port
    }

    /// Closes the listening socket and connections if ``shutdown()`` was never called.
    deinit {
        serverChannel.close(promise: nil)
        for connection in state.beginShutdown() {
            connection.close(promise: nil)
        }
    }

    /// Starts serving `content` on `host`:`port` (default: 127.0.0.1 on an ephemeral port).
    ///
    /// - Throws: ``StreamServerError/notADirectory(_:)`` for a ``ServerContent/directory(_:)`` that
    ///   does not exist, or the bind error if the address cannot be used.
    public static func start(
        content: ServerContent, host: String = "127.0.0.1", port: Int = 0
    ) async throws -> StreamServer {
        if case .directory(let root) = content {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw StreamServerError.notADirectory(root)
            }
        }
        let state = ServerState(content: content)
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    guard let id = state.connectionOpened(channel) else {
                        throw ChannelError.ioOnClosedChannel
                    }
                    channel.closeFuture.whenComplete { _ in state.connectionClosed(id: id) }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(
                        FileRequestHandler(state: state, connectionID: id))
                }
            }
        let channel = try await bootstrap.bind(host: host, port: port).get()
        guard let boundPort = channel.localAddress?.port else {
            try? await channel.close()
            throw StreamServerError.noLocalPort(host: host)
        }
        return StreamServer(state: state, serverChannel: channel, host: host, port: boundPort)
    }

    /// Starts serving fixture `routes` (answered first), then `fallback` content for requests no route
    /// matches (default: nothing, so 404), on `host`:`port` (default: 127.0.0.1, ephemeral port). The
    /// table's fault rules are installed; `{{base_url}}` in templated bodies becomes ``baseURL``.
    ///
    /// ```swift
    /// let server = try await StreamServer.start(routes: try RouteTable.load(contentsOf: routesJSON))
    /// let categories = server.url(for: "/ibl/v1/categories?rights=mobile")
    /// ```
    public static func start(
        routes: RouteTable, fallback: ServerContent = .files([:]), host: String = "127.0.0.1", port: Int = 0
    ) async throws -> StreamServer {
        let server = try await start(content: fallback, host: host, port: port)
        server.setRoutes(routes)
        return server
    }

    /// Replaces the fixture routes and the fault rules with those of `table` (templated bodies expanded
    /// for this server); takes effect for requests received from now on.
    public func setRoutes(_ table: RouteTable) {
        state.routeBook.install(table.expanded(baseURL: baseURL.absoluteString))
        state.setFaults(table.faults)
    }

    /// The server's root URL, e.g. `http://127.0.0.1:54321`.
    public var baseURL: URL {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        // Host and port come from a successful bind, so this only fails for an exotic host string.
        return URL(string: "http://\(hostPart):\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// The URL of `path` on this server; a missing leading `/` is added, and characters not
    /// allowed in a URL path are percent-encoded (`?` starts a query and is kept as is).
    ///
    /// ```swift
    /// server.url(for: "/audio/seg1.ts")   // http://127.0.0.1:PORT/audio/seg1.ts
    /// ```
    public func url(for path: String) -> URL {
        let absolute = path.hasPrefix("/") ? path : "/" + path
        if let url = URL(string: baseURL.absoluteString + absolute) {
            return url
        }
        var allowed = CharacterSet.urlPathAllowed
        allowed.insert(charactersIn: "?=&")
        let encoded = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
        return URL(string: baseURL.absoluteString + encoded) ?? baseURL
    }

    /// Replaces the fault rules; takes effect for requests received from now on. Counters of counted
    /// faults (`times:`) start again from zero, separately for every path.
    public func setFaults(_ rules: [FaultRule]) {
        state.setFaults(rules)
    }

    /// Puts every response body behind one shared link of `bytesPerSecond` (nil: no limit), as a slow network
    /// would: concurrent responses share the rate. Takes effect for the next chunks of bodies already under way
    /// too, so a test can change the bandwidth while a client downloads (see ``SharedLink``).
    ///
    /// ```swift
    /// server.setLinkRate(bytesPerSecond: 40_000)   // 320 kbit/s for everything
    /// server.setLinkRate(bytesPerSecond: nil)      // lifted
    /// ```
    public func setLinkRate(bytesPerSecond: Int?) {
        state.link.setRate(bytesPerSecond)
    }

    /// The shared link's rate, nil when unlimited.
    public var linkRate: Int? { state.link.rate }

    /// Replaces what is served; takes effect for requests received from now on (e.g. a growing live playlist).
    public func setContent(_ content: ServerContent) {
        state.setContent(content)
    }

    /// Lets up to `count` requests held by ``Fault/holdUntilReleased`` proceed, oldest first,
    /// among those whose path matches `pattern` (same syntax as ``FaultRule``). Returns how many
    /// were released; requests that arrive later are held again while the rule is in place.
    ///
    /// ```swift
    /// server.setFaults([FaultRule(path: "*.ts", fault: .holdUntilReleased)])
    /// // ... start the client, wait for statistics.heldRequests == 2 ...
    /// server.releaseHeld(1)
    /// ```
    @discardableResult
    public func releaseHeld(_ count: Int = .max, matching pattern: String = "*") -> Int {
        state.releaseHeld(count, matching: pattern)
    }

    /// A snapshot of the server's counters and request records.
    public var statistics: ServerStatistics {
        state.statistics
    }

    /// Clears counters and request records; requests and connections still open stay counted.
    public func resetStatistics() {
        state.resetStatistics()
    }

    /// Stops listening and closes every connection, including stalled and delayed responses.
    /// Returns once all connections are closed (promptly: nothing waits for clients). Calling it
    /// again does nothing.
    public func shutdown() async throws {
        let connections = state.beginShutdown()
        try? await serverChannel.close()
        for connection in connections {
            connection.close(promise: nil)
        }
        for connection in connections {
            try? await connection.closeFuture.get()
        }
    }
}

/// Errors thrown by ``StreamServer``.
public enum StreamServerError: Error, CustomStringConvertible {
    /// The listening socket reported no local port after binding to `host`.
    case noLocalPort(host: String)
    /// ``ServerContent/directory(_:)`` named a path that is not an existing directory.
    case notADirectory(String)

    /// A readable description.
    public var description: String {
        switch self {
        case .noLocalPort(let host): "StreamServer: bound to \(host) but the socket has no local port"
        case .notADirectory(let path): "StreamServer: cannot serve \(path): not an existing directory"
        }
    }
}
