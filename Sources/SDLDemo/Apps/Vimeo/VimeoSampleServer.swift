import Foundation
import Samples
import StreamServer
import VimeoCore

/// The Vimeo app's embedded sample library (Sources/Samples/VimeoSample, made by scripts/make-vimeo-sample.py):
/// the API's routes (three album pages, an album of 60 videos, search, every shape issue 12 lists, with
/// `{{base_url}}` links to its pictures and to the embedded HLS stream) served by an in-process
/// StreamServer on 127.0.0.1, the embedded stream (Sources/Samples/DefaultStream) behind them.
struct VimeoSampleServer {
    /// The token the sample's routes accept.
    static let token = "sample-token"

    /// The running server.
    let server: StreamServer
    /// The sample's `albums.json`.
    let whitelist: AlbumWhitelist

    /// The server's root URL (the API's base URL).
    var baseURL: URL { server.baseURL }

    /// The folder holding the sample.
    static func directory() throws -> URL {
        do {
            return try SampleName.vimeo.directory()
        } catch {
            throw WiringError(message: error.message)
        }
    }

    /// Starts serving the sample on an ephemeral port of 127.0.0.1.
    static func start() throws -> VimeoSampleServer {
        let directory = try directory()
        let routes = try RouteTable.load(contentsOf: directory.appendingPathComponent("routes.json"))
        let whitelist = try AlbumWhitelist.decode(Data(contentsOf: directory.appendingPathComponent("albums.json")))
        let stream = try EmbeddedStream.directory()
        let server = try Blocking.run { try await StreamServer.start(routes: routes, fallback: .directory(stream)) }
        return VimeoSampleServer(server: server, whitelist: whitelist)
    }

    /// Stops the server.
    func shutdown() {
        let server = self.server
        _ = try? Blocking.run { try await server.shutdown() }
    }
}
