import Foundation
import StreamServer

/// Starts a ``StreamServer`` on 127.0.0.1 (an ephemeral port) for fixture `routes` (answered first), then
/// `fallback` content, with the table's faults plus `faults`; runs `body`; and always shuts the server down,
/// releasing held requests first, also when `body` throws.
///
/// ```swift
/// try await withStreamServer(routes: RouteTable(routes: [Route(path: "/a", response: RouteResponse(string: "{}"))])) { server in
///     let url = server.url(for: "/a")
///     …
/// }
/// ```
public func withStreamServer<T>(
    routes: RouteTable, fallback: ServerContent = .files([:]), faults: [FaultRule] = [],
    _ body: (StreamServer) async throws -> T
) async throws -> T {
    var table = routes
    table.faults += faults
    let server = try await StreamServer.start(routes: table, fallback: fallback)
    return try await running(server, body)
}

/// ``withStreamServer(routes:fallback:faults:_:)`` for a list of routes.
public func withStreamServer<T>(
    routes: [Route], fallback: ServerContent = .files([:]), faults: [FaultRule] = [],
    _ body: (StreamServer) async throws -> T
) async throws -> T {
    try await withStreamServer(routes: RouteTable(routes: routes), fallback: fallback, faults: faults, body)
}

/// Starts a ``StreamServer`` for `content` with `faults`, runs `body`, and always shuts the server down.
public func withStreamServer<T>(
    content: ServerContent, faults: [FaultRule] = [], _ body: (StreamServer) async throws -> T
) async throws -> T {
    let server = try await StreamServer.start(content: content)
    server.setFaults(faults)
    return try await running(server, body)
}

/// Runs `body` with `server` and shuts it down afterwards (held requests released first), also on a throw.
private func running<T>(_ server: StreamServer, _ body: (StreamServer) async throws -> T) async throws -> T {
    do {
        let result = try await body(server)
        server.releaseHeld()
        try await server.shutdown()
        return result
    } catch {
        server.releaseHeld()
        try? await server.shutdown()
        throw error
    }
}

extension StreamServer {
    /// Waits until the server's statistics satisfy `condition` (they change on the server's threads), at most
    /// `timeout`; returns the statistics then.
    @discardableResult
    public func waitForStatistics(timeout: Duration = TestBounds.hang,
                                  _ condition: (ServerStatistics) -> Bool) async -> ServerStatistics {
        _ = await waitUntil(timeout: timeout) { condition(statistics) }
        return statistics
    }

    /// Waits until exactly `count` requests are held by ``Fault/holdUntilReleased`` (a held request is one the
    /// client has sent and the server has read: an event, not a guess); returns whether they are.
    public func waitForHeld(_ count: Int, timeout: Duration = TestBounds.hang) async -> Bool {
        await waitUntil(timeout: timeout) { statistics.heldRequests == count }
    }

    /// Every request answered or abandoned so far, as `path?query`, in the order the server *received* them
    /// (the records are stored when a request ends, which is not the same order across connections).
    public var receivedRequestLines: [String] {
        statistics.requests.sorted { $0.startedAt < $1.startedAt }.map { record in
            record.query.map { "\(record.path)?\($0)" } ?? record.path
        }
    }

    /// The paths of every request so far whose path starts with `prefix`, in the order received.
    public func receivedPaths(withPrefix prefix: String = "/") -> [String] {
        statistics.requests.sorted { $0.startedAt < $1.startedAt }.map(\.path).filter { $0.hasPrefix(prefix) }
    }
}
