import FeedCore
import FeedKit
import Foundation
import StreamServer
import TestSupport
import VimeoCore
import VimeoKit

/// The sample library's routes (Sources/Samples/VimeoSample), served by a StreamServer.
enum VimeoSample {
    static let directory = PackagePaths.root.appendingPathComponent("Sources/Samples/VimeoSample")
    static let token = "sample-token"

    /// The sample's route table, with `overrides` answered first.
    static func routes(overrides: [Route] = []) throws -> RouteTable {
        var table = try RouteTable.load(contentsOf: directory.appendingPathComponent("routes.json"))
        table.routes = overrides + table.routes
        return table
    }

    /// The sample's whitelist.
    static func whitelist() throws -> AlbumWhitelist {
        try AlbumWhitelist.decode(Data(contentsOf: directory.appendingPathComponent("albums.json")))
    }

    /// A sample file's text.
    static func text(_ relative: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)
    }
}

/// Starts a server with the sample routes, runs `body`, and always shuts it down.
func withSampleServer<T>(overrides: [Route] = [], faults: [FaultRule] = [], _ body: (StreamServer) async throws -> T) async throws -> T {
    var table = try VimeoSample.routes(overrides: overrides)
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

extension StreamServer {
    /// Every request so far as `path?query`, in order.
    var requestLines: [String] {
        statistics.requests.map { record in record.query.map { "\(record.path)?\($0)" } ?? record.path }
    }
}

/// A library on the sample server, with a store and a fixed connectivity.
struct LibraryRig {
    let server: StreamServer
    let transport: any HTTPTransport
    var store: VimeoStore
    var whitelist: AlbumWhitelist = .everything
    var token: String? = VimeoSample.token
    var timeout: Duration = .seconds(10)

    func library(_ connectivity: Connectivity = .online) -> VimeoLibrary {
        VimeoLibrary(baseURL: server.baseURL, token: token, transport: transport,
                     limits: RequestLimits(timeout: timeout), store: store, whitelist: whitelist,
                     connectivity: FixedConnectivity(connectivity))
    }
}

/// Runs `body` with a rig on the sample server (an in-memory store unless one is given).
func withRig<T: Sendable>(overrides: [Route] = [], store: VimeoStore? = nil, whitelist: AlbumWhitelist = .everything,
                          _ body: (LibraryRig) async throws -> T) async throws -> T {
    try await withSampleServer(overrides: overrides) { server in
        try await AsyncHTTPTransport.withTransport { transport in
            try await body(LibraryRig(server: server, transport: transport, store: try store ?? VimeoStore(), whitelist: whitelist))
        }
    }
}

/// Polls `condition` until it holds or `timeout` passes (the server's statistics change on its own threads).
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
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("VimeoKitTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

let t0 = Date(timeIntervalSince1970: 1_700_000_000)

/// `t0` plus hours and minutes.
func at(_ hours: Int, _ minutes: Int) -> Date { t0.addingTimeInterval(Double(hours * 3600 + minutes * 60)) }
