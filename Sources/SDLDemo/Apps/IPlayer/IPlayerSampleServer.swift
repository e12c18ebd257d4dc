import Foundation
import Samples
import StreamServer

/// The embedded Mini iPlayer sample catalog (Sources/Samples/IPlayerSample: categories, highlights in every shape
/// the feed varies in, small JPEGs), served by an in-process StreamServer's fixture routes on 127.0.0.1
/// so `--app iplayer` runs offline, like the default stream.
struct IPlayerSampleServer {
    /// The running server.
    let server: StreamServer

    /// The base URL to give ``IPlayerKit/IPlayerClient`` (`http://127.0.0.1:PORT`).
    var baseURL: URL { server.baseURL }

    /// The catalog's routes.json in the resources.
    static func routesFile() throws -> URL {
        do {
            return try SampleName.iPlayer.directory().appendingPathComponent("routes.json")
        } catch {
            throw WiringError(message: error.message)
        }
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
