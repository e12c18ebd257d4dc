import Foundation
import StreamServer
import TestSupport

/// The sample catalog's routes (Sources/Samples/IPlayerSample/routes.json).
func sampleRoutes() throws -> RouteTable {
    try RouteTable.load(contentsOf: PackagePaths.iPlayerSample.appendingPathComponent("routes.json"))
}

/// A server for the sample catalog, with `extra` routes answered first; always shut down after `body`.
func withSampleServer<T>(extra: [Route] = [], faults: [FaultRule] = [],
                         _ body: (StreamServer) async throws -> T) async throws -> T {
    var table = try sampleRoutes()
    table.routes = extra + table.routes
    table.faults += faults
    let server = try await StreamServer.start(routes: table)
    do {
        let result = try await body(server)
        try await server.shutdown()
        return result
    } catch {
        try await server.shutdown()
        throw error
    }
}

/// Polls `condition` until it holds or `timeout` passes (server statistics change on the server's threads).
func waitUntil(timeout: Duration = .seconds(20), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}

/// The sample file `name` with `{{base_url}}` replaced by `base`.
func sampleText(_ name: String, base: String) throws -> String {
    String(decoding: try Data(contentsOf: PackagePaths.iPlayerSample.appendingPathComponent(name)), as: UTF8.self)
        .replacingOccurrences(of: "{{base_url}}", with: base)
}
