import Foundation
import Samples
import StreamServer

/// The Interlochen app's embedded sample (Sources/Samples/InterlochenSample, made by scripts/make-interlochen-sample.py):
/// content-meta.json behind Basic auth, NPR and LiveStream fixtures, served together with the Vimeo sample's
/// routes (its albums 1001–1003) by one in-process StreamServer on 127.0.0.1, with what the sample's items
/// play: a radio station at `/radio/classical.mp3` (StreamServer's ``StreamServer/RadioStation`` looping the
/// embedded fallback.mp3, paced in real time), the story's MP3 at `/npr/audio/story.mp3`, a live HLS window
/// at `/live/index.m3u8` (the embedded stream's 64 kb/s audio rendition, looped), and the embedded stream
/// itself behind everything (the Vimeo videos' HLS links).
struct InterlochenSampleServer {
    /// The sample's content-meta user.
    static let user = "interlochen"
    /// The sample's content-meta password.
    static let password = "sample-password"
    /// The Vimeo sample's token.
    static let token = VimeoSampleServer.token

    /// The running server.
    let server: StreamServer
    /// The station (kept so it lives as long as the server).
    let station: RadioStation

    /// `{base}/data/content-meta.json`.
    var contentURL: URL { server.url(for: "/data/content-meta.json") }
    /// `{base}/npr`.
    var nprBase: URL { server.url(for: "/npr") }
    /// `{base}/livestream`.
    var liveStreamBase: URL { server.url(for: "/livestream") }
    /// The Vimeo API's base URL (the server's root).
    var vimeoBase: URL { server.baseURL }

    /// The folder holding the Interlochen sample.
    static func directory() throws -> URL {
        do {
            return try SampleName.interlochen.directory()
        } catch {
            throw WiringError(message: error.message)
        }
    }

    /// Starts serving the sample on an ephemeral port of 127.0.0.1.
    static func start() throws -> InterlochenSampleServer {
        let interlochen: RouteTable
        let vimeo: RouteTable
        let stream = try EmbeddedStream.directory()
        let mp3: [UInt8]
        do {
            interlochen = try RouteTable.load(contentsOf: try directory().appendingPathComponent("routes.json"))
            vimeo = try RouteTable.load(contentsOf: try VimeoSampleServer.directory().appendingPathComponent("routes.json"))
            mp3 = try [UInt8](Data(contentsOf: URL(fileURLWithPath: stream).appendingPathComponent("fallback.mp3")))
        } catch let error as WiringError {
            throw error
        } catch {
            throw WiringError(message: "Interlochen sample: \(error)")
        }
        let story = Route(path: "/npr/audio/story.mp3", response: RouteResponse(data: mp3, contentType: "audio/mpeg"))
        let table = RouteTable(routes: interlochen.routes + vimeo.routes + [story], faults: interlochen.faults + vimeo.faults)
        let station: RadioStation
        do {
            station = try RadioStation(mp3: mp3, name: "Classical IPR", title: "Interlochen sample", pacing: .realTime,
                                       burstSeconds: 1)
        } catch {
            throw WiringError(message: "Interlochen sample station: \(error)")
        }
        let server = try Blocking.run { try await StreamServer.start(routes: table, fallback: .directory(stream)) }
        server.mount(station, at: "/radio/classical.mp3")
        do {
            let playlist = URL(fileURLWithPath: stream).appendingPathComponent("hls_a64K_v4.m3u8").path
            _ = try server.startLive(LiveStreamConfiguration(source: try LiveSource(playlistFile: playlist), path: "/live"))
        } catch {
            _ = try? Blocking.run { try await server.shutdown() }
            throw WiringError(message: "Interlochen sample live stream: \(error)")
        }
        return InterlochenSampleServer(server: server, station: station)
    }

    /// Stops the server.
    func shutdown() {
        let server = self.server
        station.stop()
        _ = try? Blocking.run { try await server.shutdown() }
    }
}
