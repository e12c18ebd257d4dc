import AudioPlayback
import Downloader
import Foundation
import PlayerCore

/// The components the demo wires together, built from the command-line options: the embedded stream
/// server (unless `--url` or `--stream`), the global audio player (downloads through the Downloader, streams
/// through AudioPlayback, one audio device, MPRIS). Also what must be pumped every frame, and an ordered teardown.
final class DemoComponents {
    /// The window's global audio player (``AppContext/audio`` for every app).
    let audio: GlobalAudio
    let tickers: [any FrameTicker]
    /// Work handed to the main thread (downloads, playback, the app's pages, images), run each frame.
    let queue: MainThreadQueue
    private let stream: EmbeddedStream?
    private var isShutDown = false

    private init(audio: GlobalAudio, tickers: [any FrameTicker], queue: MainThreadQueue, stream: EmbeddedStream?) {
        self.audio = audio
        self.queue = queue
        self.tickers = tickers
        self.stream = stream
    }

    /// Builds the components for the options. SDL must be initialised (the audio output opens a device).
    /// The default app (`player`) shows the download of `--url` (or the embedded stream) ready to fetch, and
    /// returns to it whenever the audio is released; with `--stream URL` the stream plays at once.
    static func make(options: SDLDemoCommand, waker: Waker) throws -> DemoComponents {
        var stream: EmbeddedStream?
        var fallback: DownloadRequest?
        if let given = options.url {
            guard let parsed = URL(string: given) else { throw WiringError(message: "--url \(given) is not a URL") }
            fallback = DownloadRequest(playlist: parsed)
        } else if options.app.showsDefaultPlayer, options.stream == nil {
            let started = try EmbeddedStream.start()
            FileHandle.standardError.write(Data("SDLDemo: serving the embedded stream at \(started.masterURL.absoluteString)\n".utf8))
            fallback = DownloadRequest(playlist: started.masterURL)
            stream = started
        }
        let fallbackMP3 = stream?.fallbackMP3 ?? (try? EmbeddedStream.fallbackMP3())
        let output = AudioOutputFactory.makeBest()
        let format = output.format
        FileHandle.standardError.write(Data("SDLDemo: audio device: \(output.name), \(format.sampleRate) Hz, \(format.channels) ch, s16\n".utf8))
        let queue = MainThreadQueue(waker: waker)
        // A desktop user should see a dead server fail within seconds, not after the library's patient
        // defaults (10 s connect timeout × 5 attempts).
        var download = DownloadConfiguration()
        download.connectTimeout = .seconds(3)
        download.maxAttempts = 3
        let audio = GlobalAudio(fallback: options.stream == nil ? fallback : nil, device: output, fallbackMP3: fallbackMP3,
                                overrideFile: options.mp3, download: download, waker: waker, queue: queue,
                                hold: CompletionHold(), mediaControls: !options.noMediaControls)
        if let request = try options.streamRequest() {
            audio.play(.stream(request))
        }
        return DemoComponents(audio: audio, tickers: [queue, audio], queue: queue, stream: stream)
    }

    /// Stops everything in order: downloads cancelled and cache files deleted, streams closed, the device
    /// closed, media controls off the bus, the server shut down. Safe to call twice.
    func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        audio.shutdown()
        stream?.shutdown()
    }
}
