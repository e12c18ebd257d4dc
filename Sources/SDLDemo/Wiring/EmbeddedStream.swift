import Foundation
import Samples
import StreamServer

/// The demo's built-in HLS stream (Sources/Samples/DefaultStream), served by an in-process StreamServer on
/// 127.0.0.1 so the whole path (master playlist → best audio track → segment downloads) runs offline.
struct EmbeddedStream {
    /// The running server.
    let server: StreamServer
    /// The master playlist's URL on the server.
    let masterURL: URL
    /// The fallback MP3 in the resources (played when a download is not MPEG audio).
    let fallbackMP3: String

    /// The directory holding the embedded stream.
    static func directory() throws -> String {
        do {
            return try SampleName.defaultStream.directory().path
        } catch {
            throw WiringError(message: error.message)
        }
    }

    /// The embedded fallback MP3.
    static func fallbackMP3() throws -> String {
        try directory() + "/fallback.mp3"
    }

    /// Starts serving the embedded stream on an ephemeral port of 127.0.0.1.
    static func start() throws -> EmbeddedStream {
        let root = try directory()
        let server = try Blocking.run { try await StreamServer.start(content: .directory(root)) }
        return EmbeddedStream(server: server, masterURL: server.url(for: "/hls_index.m3u8"),
                              fallbackMP3: root + "/fallback.mp3")
    }

    /// Stops the server (closes its connections).
    func shutdown() {
        let server = self.server
        _ = try? Blocking.run { try await server.shutdown() }
    }
}

/// Setting the components up failed; the message says which part and why.
struct WiringError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
