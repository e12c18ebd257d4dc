import Foundation
import StreamServer

/// An embedded sample served on 127.0.0.1 (an ephemeral port) by an in-process StreamServer: the one way
/// every app, the demo and the tests serve a sample when no real service is given.
///
/// What each sample serves:
///
/// | sample | routes | behind the routes | extras |
/// |---|---|---|---|
/// | `defaultStream` | – | its folder (the HLS stream) | – |
/// | `iPlayer` | `IPlayerSample/routes.json` | – | – |
/// | `vimeo` | `VimeoSample/routes.json` + its videos at `/video/LENGTH/master.m3u8` (``LoopedMedia``: the sample video's `hls/` ladder looped to each listed length) | the default stream | – |
/// | `buffs` | `BuffsSample/routes.json` | – | – |
/// | `interlochen` | `InterlochenSample/routes.json` + the Vimeo routes and videos + each story's MP3 at `/npr/audio/story-LENGTH.mp3` (``LoopedMedia``) | the default stream | an ICY radio at ``radioPath`` (the fallback MP3 looped in real time), a live HLS window at ``livePath`` (the 64 kb/s rendition looped: the news station), a live video at ``liveVideoPath`` (the sample video's 240p variant, picture and sound, looped: the live cast) |
///
/// ```swift
/// let sample = try await SampleServer.start(.vimeo)
/// let albums = sample.url(for: "/me/albums")           // {{base_url}} links point back at this server
/// await sample.shutdown()
/// ```
public final class SampleServer: Sendable {
    /// Which sample this serves.
    public let name: SampleName
    /// The running server.
    public let server: StreamServer
    private let station: RadioStation?

    /// The Interlochen sample's radio station (`/radio/classical.mp3`).
    public static let radioPath = "/radio/classical.mp3"
    /// The Interlochen sample's live HLS window (`/live/index.m3u8`).
    public static let livePath = "/live"
    /// The Interlochen sample's live video window, the LiveStream cast's playlist (`/live-video/index.m3u8`).
    public static let liveVideoPath = "/live-video"

    private init(name: SampleName, server: StreamServer, station: RadioStation?) {
        self.name = name
        self.server = server
        self.station = station
    }

    /// The server's root URL (`http://127.0.0.1:PORT`).
    public var baseURL: URL { server.baseURL }

    /// The URL of `path` on the server.
    public func url(for path: String) -> URL { server.url(for: path) }

    /// Starts serving `name` (see the type's table) on an ephemeral port, or on `preferredPort` when it is free (a
    /// port taken by another program falls back to an ephemeral one): the window serves a sample whose links a
    /// store kept on the port it used before, so a second run with the same store finds them again.
    /// - Throws: ``SampleError`` naming the sample and what failed (a missing resource, a bad route table, a
    ///   port that cannot be bound).
    public static func start(_ name: SampleName, preferredPort: Int? = nil) async throws(SampleError) -> SampleServer {
        if let preferredPort, preferredPort > 0, preferredPort < 65536,
           let server = try? await start(name, port: preferredPort) {
            return server
        }
        return try await start(name, port: 0)
    }

    private static func start(_ name: SampleName, port: Int) async throws(SampleError) -> SampleServer {
        do {
            let stream = try SampleName.defaultStream.directory()
            switch name {
            case .defaultStream:
                return SampleServer(name: name, server: try await StreamServer.start(content: .directory(stream.path), port: port),
                                    station: nil)
            case .iPlayer, .buffs:
                let server = try await StreamServer.start(routes: try routes(of: name), port: port)
                return SampleServer(name: name, server: server, station: nil)
            case .vimeo:
                let server = try await StreamServer.start(routes: try vimeoRoutes(), fallback: .directory(stream.path), port: port)
                return SampleServer(name: name, server: server, station: nil)
            case .interlochen:
                return try await startInterlochen(stream: stream, port: port)
            case .video:
                let video = try SampleName.video.directory()
                return SampleServer(name: name, server: try await StreamServer.start(content: .directory(video.path), port: port),
                                    station: nil)
            }
        } catch let error as SampleError {
            throw error
        } catch {
            throw SampleError(message: "\(name.rawValue): \(error)")
        }
    }

    private static func routes(of name: SampleName) throws -> RouteTable {
        try RouteTable.load(contentsOf: try name.directory().appendingPathComponent("routes.json"))
    }

    /// The Vimeo sample's routes and its videos, each as long as listed (``LoopedMedia``).
    private static func vimeoRoutes() throws -> RouteTable {
        var table = try routes(of: .vimeo)
        let lengths = try LoopedMedia.lengths(in: try SampleName.vimeo.directory().appendingPathComponent("video-lengths.json"))
        table.routes += try LoopedMedia.videoRoutes(lengths: lengths,
                                                    ladder: try SampleName.video.directory().appendingPathComponent("hls"))
        return table
    }

    private static func startInterlochen(stream: URL, port: Int) async throws -> SampleServer {
        let mp3 = try [UInt8](Data(contentsOf: stream.appendingPathComponent("fallback.mp3")))
        let folder = try SampleName.interlochen.directory()
        let interlochen = try routes(of: .interlochen)
        let vimeo = try vimeoRoutes()
        // Every story's MP3 as long as its listed duration (``LoopedMedia``).
        let stories = try LoopedMedia.storyRoutes(
            lengths: try LoopedMedia.lengths(in: folder.appendingPathComponent("story-lengths.json")),
            loop: try [UInt8](Data(contentsOf: folder.appendingPathComponent("story-loop.mp3"))))
        let table = RouteTable(routes: interlochen.routes + vimeo.routes + stories, faults: interlochen.faults + vimeo.faults)
        let station = try RadioStation(mp3: mp3, name: "Classical IPR", title: "Interlochen sample", pacing: .realTime,
                                       burstSeconds: 1)
        let server = try await StreamServer.start(routes: table, fallback: .directory(stream.path), port: port)
        server.mount(station, at: radioPath)
        do {
            let playlist = stream.appendingPathComponent("hls_a64K_v4.m3u8").path
            _ = try server.startLive(LiveStreamConfiguration(source: try LiveSource(playlistFile: playlist), path: livePath))
            // The live cast is a live video with sound (Watch opens the player on it): the sample video's 240p
            // variant (H.264 and AAC in MPEG-TS, 1 s segments) looped.
            let video = try SampleName.video.directory().appendingPathComponent("ts/v240p/index.m3u8").path
            _ = try server.startLive(LiveStreamConfiguration(source: try LiveSource(playlistFile: video), path: liveVideoPath))
        } catch {
            station.stop()
            try? await server.shutdown()
            throw SampleError(message: "interlochen: the live stream: \(error)")
        }
        return SampleServer(name: .interlochen, server: server, station: station)
    }

    /// Stops the station (if any) and the server.
    public func shutdown() async {
        station?.stop()
        try? await server.shutdown()
    }
}

/// The credentials the samples' routes accept: not secrets (they are in the committed route tables), and
/// never valid anywhere else.
public enum SampleCredentials {
    /// The Vimeo sample's bearer token.
    public static let vimeoToken = "sample-token"
    /// The Interlochen sample's content-meta Basic user.
    public static let interlochenUser = "interlochen"
    /// Its password.
    public static let interlochenPassword = "sample-password"
    /// The Interlochen sample's NPR API key.
    public static let nprKey = "sample-key"
}
