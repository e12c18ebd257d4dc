import Downloader
import Foundation
import MediaCore
import StreamServer

/// Opens what a person hands the window — `SDLDemo PLAYLIST`, or a `.m3u8` opened from the file manager through
/// the desktop entry (`%u`: a path, a `file:` URL or an http(s) URL) — by setting the options that play it:
///
/// - an HLS playlist (MediaCore's ``MediaCore/MediaSourceKind``) is read and MediaCore's
///   ``MediaCore/PlaylistOpening`` decides: audio only with an end → the circle downloads it at once (`--url`,
///   `--play`); audio only and live → the circle streams it (`--stream`); video, or not known to be audio only →
///   the video player (`--video`). A playlist that cannot be read goes to the video player, which shows why.
/// - anything else: over http(s) the circle streams it (`--stream`: an MP3 file or a radio); a local file is
///   opened by the video player (libavformat reads most media files).
///
/// A local playlist's folder is served on 127.0.0.1 (an ephemeral port, as the embedded samples are), so its
/// relative segment paths load through the same HTTP engine as a stream's; the server lives while the window is
/// open (``Opened/shutdown()``). Anything on this machine that finds the port can read that folder meanwhile.
enum PlaylistOpener {
    /// What opening left running.
    struct Opened {
        /// What was decided (nil: not an HLS playlist).
        var opening: PlaylistOpening?
        fileprivate var server: StreamServer?

        /// Stops the local playlist's server, if one was started.
        func shutdown() {
            guard let server else { return }
            _ = try? Blocking.run { try await server.shutdown() }
        }
    }

    /// How long the playlist may take to load before the window opens anyway (the video player then says why).
    static let timeout = Duration.seconds(10)

    /// Sets `options` to play `argument` (see the type's notes) and returns what must be stopped when the window
    /// closes. Throws only for a local path that is not a readable file.
    static func open(_ argument: String, into options: inout SDLDemoCommand) throws -> Opened {
        let source = try Source(argument)
        let name = source.displayName
        guard MediaSourceKind(source.url) == .hlsPlaylist else {
            switch source {
            case .remote(let url):
                DemoLog.line("opening \(name): not a playlist: streamed in the circle")
                options.player.stream = url.absoluteString
                options.player.title = name
            case .local(let path):
                DemoLog.line("opening \(name): not a playlist: the video player")
                options.video.video = path
            }
            return Opened(opening: nil, server: nil)
        }
        var server: StreamServer?
        let url: URL
        switch source {
        case .remote(let remote):
            url = remote
        case .local(let path):
            let file = URL(fileURLWithPath: path)
            let folder = file.deletingLastPathComponent().path
            let started = try Blocking.run { try await StreamServer.start(content: .directory(folder)) }
            server = started
            url = started.url(for: "/" + file.lastPathComponent)
        }
        let opening = decide(url)
        switch opening {
        case .download:
            DemoLog.line("opening \(name): audio only, with an end: the circle downloads it and plays it")
            options.player.url = url.absoluteString
            options.player.play = true
        case .stream:
            DemoLog.line("opening \(name): audio only, live: the circle streams it")
            options.player.stream = url.absoluteString
            options.player.title = name
        case .video:
            DemoLog.line("opening \(name): video (or not known to be audio only): the video player")
            options.video.video = url.absoluteString
        }
        return Opened(opening: opening, server: server)
    }

    /// Reads the playlist at `url` and decides (the video player when it cannot be read).
    static func decide(_ url: URL) -> PlaylistOpening {
        var configuration = DownloadConfiguration()
        configuration.connectTimeout = .seconds(3)
        configuration.requestTimeout = timeout
        configuration.maxAttempts = 2
        let downloader = HLSDownloader(configuration: configuration)
        defer { _ = try? Blocking.run { try await downloader.shutdown() } }
        do {
            return try Blocking.run {
                switch try await downloader.playlist(at: url) {
                case .master(let master):
                    let variants = master.variants.map {
                        PlaylistOpening.Variant(codecs: $0.codecs, hasResolution: $0.resolution != nil)
                    }
                    guard PlaylistOpening.isAudioOnly(variants) else { return .video }
                    // The circle plays the best audio track: whether that one is live decides.
                    return PlaylistOpening.master(variants, audioIsLive: try await downloader.resolve(url).isLive)
                case .media(let media):
                    return PlaylistOpening.media(segmentPaths: media.segments.map(\.uri.path), isLive: !media.hasEndList)
                }
            }
        } catch {
            DemoLog.line("opening \(url.absoluteString): \(error); the video player will try it")
            return .video
        }
    }

    /// Where the argument points.
    enum Source {
        case remote(URL)
        case local(String)

        /// An http(s) URL, a `file:` URL or a path (relative to the working directory); a local one must be a
        /// readable file.
        init(_ argument: String) throws {
            if let url = URL(string: argument), let scheme = url.scheme?.lowercased() {
                if scheme == "http" || scheme == "https", url.host != nil {
                    self = .remote(url)
                    return
                }
                if scheme == "file" {
                    self = try .checked(url.path)
                    return
                }
                if argument.contains("://") {
                    throw OpenError(message: "\(argument): only http, https and file URLs can be opened")
                }
            }
            self = try .checked(URL(fileURLWithPath: argument).standardizedFileURL.path)
        }

        private static func checked(_ path: String) throws -> Source {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  FileManager.default.isReadableFile(atPath: path) else {
                throw OpenError(message: "\(path): no such file, or not readable")
            }
            return .local(path)
        }

        /// The URL MediaCore's rule looks at.
        var url: URL {
            switch self {
            case .remote(let url): url
            case .local(let path): URL(fileURLWithPath: path)
            }
        }

        /// A short name for messages and the circle's title: the file's name.
        var displayName: String {
            let last = url.lastPathComponent
            return last.isEmpty || last == "/" ? url.absoluteString : last
        }
    }

    /// The argument cannot be opened.
    struct OpenError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
