import Foundation
import StreamServer

/// Starts a server for fixture `routes`, runs `body`, and always shuts it down.
func withRouteServer<T>(_ routes: [Route], faults: [FaultRule] = [], _ body: (StreamServer) async throws -> T)
    async throws -> T {
    let server = try await StreamServer.start(routes: RouteTable(routes: routes, faults: faults))
    do {
        let result = try await body(server)
        try await server.shutdown()
        return result
    } catch {
        try await server.shutdown()
        throw error
    }
}

/// Polls `condition` (the server updates its statistics on its own threads) until it holds or `timeout` passes.
func waitUntil(timeout: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}

/// A fresh temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("FeedKitTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
