import Foundation
import StreamServer

/// The embedded Mini iPlayer sample catalog (Resources/IPlayerSample: categories, highlights in every shape
/// the feed varies in, small JPEGs), served by an in-process StreamServer's fixture routes on 127.0.0.1
/// so `--app iplayer` runs offline, like the default stream.
struct IPlayerSampleServer {
    /// The running server.
    let server: StreamServer

    /// The base URL to give ``IPlayerClient/IPlayerClient`` (`http://127.0.0.1:PORT`).
    var baseURL: URL { server.baseURL }

    /// The catalog's routes.json in the resources.
    static func routesFile() throws -> URL {
        guard let directory = Bundle.module.url(forResource: "IPlayerSample", withExtension: nil) else {
            throw WiringError(message: "iPlayer sample catalog missing: no IPlayerSample in \(Bundle.module.bundlePath)")
        }
        return directory.appendingPathComponent("routes.json")
    }

    /// Starts serving the catalog on an ephemeral port of 127.0.0.1.
    static func start() throws -> IPlayerSampleServer {
        let file = try routesFile()
        let table: RouteTable
        do {
            table = try RouteTable.load(contentsOf: file)
        } catch {
            throw WiringError(message: "iPlayer sample catalog: \(error)")
        }
        let server = try Blocking.run { try await StreamServer.start(routes: table) }
        return IPlayerSampleServer(server: server)
    }

    /// Stops the server (closes its connections).
    func shutdown() {
        let server = self.server
        _ = try? Blocking.run { try await server.shutdown() }
    }
}
