import Foundation
import Samples

/// The demo's built-in HLS stream (Sources/Samples/DefaultStream), served on 127.0.0.1 so the whole path
/// (master playlist → best audio track → segment downloads) runs offline.
struct EmbeddedStream {
    /// The running sample.
    let sample: AppSample
    /// The master playlist's URL on the server.
    var masterURL: URL { sample.url(for: "/hls_index.m3u8") }
    /// The fallback MP3 in the resources (played when a download is not MPEG audio).
    let fallbackMP3: String

    /// The embedded fallback MP3.
    static func fallbackMP3() throws -> String {
        do {
            return try SampleName.defaultStream.directory().appendingPathComponent("fallback.mp3").path
        } catch {
            throw WiringError(message: error.message)
        }
    }

    /// Starts serving the embedded stream on an ephemeral port of 127.0.0.1.
    static func start() throws -> EmbeddedStream {
        EmbeddedStream(sample: try AppSample.start(.defaultStream), fallbackMP3: try fallbackMP3())
    }

    /// Stops the server (closes its connections).
    func shutdown() {
        sample.shutdown()
    }
}

/// Setting the components up failed; the message says which part and why.
struct WiringError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
