import AudioPlayback
import Downloader
import Foundation
import MediaCore
import MediaHost
import VideoPlayback

/// The parts the demo wires together, built from the command-line options: the embedded stream's server
/// (unless `--url` or `--stream`) and the media host (MediaHost: downloads, streams, one device, MPRIS).
final class DemoComponents {
    /// The window's one player (``AppContext/media`` for every app).
    let media: MediaHost
    /// Whether the session moves the media host's clock (scripts: virtual time) rather than the host's thread.
    let pumpsMedia: Bool
    /// Work handed to the main thread (the apps' pages, images), run each frame.
    let queue: MainThreadQueue
    private let stream: EmbeddedStream?
    private var isShutDown = false

    private init(media: MediaHost, pumpsMedia: Bool, queue: MainThreadQueue, stream: EmbeddedStream?) {
        self.media = media
        self.pumpsMedia = pumpsMedia
        self.queue = queue
        self.stream = stream
    }

    /// Builds the parts for the options; SDL must be initialised (the device opens). The default app (`player`)
    /// shows the download of `--url` (or the embedded stream) ready to fetch and returns to it whenever the
    /// audio is released; with `--stream URL` the stream plays at once. `clock` is `.external` for scripted
    /// runs (the session pumps the host on the virtual clock) and `.realTime` for the interactive window.
    static func make(options: SDLDemoCommand, waker: Waker, clock: MediaHostClock) throws -> DemoComponents {
        // FFmpeg's own lines: through the window's safe log, at --ffmpeg-log's level (issue 28).
        FFmpegLog.configure(level: options.video.ffmpegLog.flatMap(FFmpegLog.Level.init(rawValue:))) { DemoLog.line($0) }
        var stream: EmbeddedStream?
        var fallback: DownloadRequest?
        if let given = options.player.url {
            guard let parsed = URL(string: given) else { throw WiringError(message: "--url \(given) is not a URL") }
            fallback = DownloadRequest(playlist: parsed)
        } else if options.app.showsDefaultPlayer, options.player.stream == nil, !options.opensVideoAlone {
            let started = try EmbeddedStream.start()
            fallback = DownloadRequest(playlist: started.masterURL)
            stream = started
        }
        let device = AudioOutputFactory.makeBest(warn: DemoLog.line)
        let format = device.format
        DemoLog.line("audio device: \(device.name), \(format.sampleRate) Hz, \(format.channels) ch, s16")
        var configuration = MediaHostConfiguration(device: device)
        configuration.fallback = options.player.stream == nil ? fallback : nil
        configuration.fallbackMP3 = stream?.fallbackMP3 ?? (try? EmbeddedStream.fallbackMP3())
        configuration.overrideFile = options.player.mp3
        // A desktop user should see a dead server fail within seconds, not after the library's patient
        // defaults (10 s connect timeout × 5 attempts).
        configuration.download.connectTimeout = .seconds(3)
        configuration.download.maxAttempts = 3
        configuration.mediaControls = options.player.noMediaControls ? nil
            : MediaControlsIdentity(identity: "CirclePlayer", busName: "circleplayer")
        configuration.clock = clock
        configuration.log = DemoLog.line
        configuration.onChange = { waker.signal() }
        let media = MediaHost(configuration)
        if let request = options.player.streamRequest {
            media.send(.playRequested(.stream(request)))
        }
        return DemoComponents(media: media, pumpsMedia: clock == .external, queue: MainThreadQueue(waker: waker),
                              stream: stream)
    }

    /// Stops everything in order: the media host (download cancelled and its file deleted, streams closed,
    /// the device closed, media controls off the bus), then the server. Safe to call twice.
    func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        let media = self.media
        _ = try? Blocking.run { await media.shutdown() }
        stream?.shutdown()
    }
}
