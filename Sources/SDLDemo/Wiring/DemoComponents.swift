import AudioPlayback
import Downloader
import Foundation
import PlayerCore

/// The components the demo wires together, built from the command-line options: the embedded stream
/// server (unless `--url`), the Downloader-backed fetcher, the audio player on the best output, and the
/// player driver that runs them. Also what must be pumped every frame, and an ordered teardown.
final class DemoComponents {
    let driver: PlayerDriver
    let tickers: [any FrameTicker]
    let completionHold: CompletionHold
    /// Work handed to the main thread (downloads, playback, the app's pages, images), run each frame.
    let queue: MainThreadQueue
    private let fetcher: DownloadFetcher
    private let engine: MediaAudioEngine
    private let stream: EmbeddedStream?
    private var isShutDown = false

    private init(driver: PlayerDriver, tickers: [any FrameTicker], completionHold: CompletionHold, queue: MainThreadQueue,
                 fetcher: DownloadFetcher, engine: MediaAudioEngine, stream: EmbeddedStream?) {
        self.driver = driver
        self.queue = queue
        self.tickers = tickers
        self.completionHold = completionHold
        self.fetcher = fetcher
        self.engine = engine
        self.stream = stream
    }

    /// Builds the components for the options. SDL must be initialised (the audio output opens a device).
    static func make(options: SDLDemoCommand, waker: Waker) throws -> DemoComponents {
        let stream: EmbeddedStream?
        let url: URL
        if let given = options.url {
            guard let parsed = URL(string: given) else { throw WiringError(message: "--url \(given) is not a URL") }
            url = parsed
            stream = nil
        } else {
            let started = try EmbeddedStream.start()
            FileHandle.standardError.write(Data("SDLDemo: serving the embedded stream at \(started.masterURL.absoluteString)\n".utf8))
            url = started.masterURL
            stream = started
        }
        let fallback = stream?.fallbackMP3 ?? (try? EmbeddedStream.fallbackMP3())
        let output = AudioOutputFactory.makeBest()
        let format = output.format
        FileHandle.standardError.write(Data("SDLDemo: audio device: \(output.name), \(format.sampleRate) Hz, \(format.channels) ch, s16\n".utf8))
        let engine = MediaAudioEngine(output: output, fallbackMP3: fallback, overrideFile: options.mp3)
        let queue = MainThreadQueue(waker: waker)
        let hold = CompletionHold()
        let audio = AudioPlaybackAdapter(engine: engine, queue: queue, hold: hold)
        // A desktop user should see a dead server fail within seconds, not after the library's patient
        // defaults (10 s connect timeout × 5 attempts).
        var download = DownloadConfiguration()
        download.connectTimeout = .seconds(3)
        download.maxAttempts = 3
        let fetcher = DownloadFetcher(url: url, waker: waker, configuration: download)
        let driver = PlayerDriver(fetcher: fetcher, audio: audio, files: .local)
        return DemoComponents(driver: driver, tickers: [queue, audio], completionHold: hold, queue: queue,
                              fetcher: fetcher, engine: engine, stream: stream)
    }

    /// Stops everything in order: downloads cancelled and cache files deleted, playback stopped and the
    /// device closed, the server shut down. Safe to call twice.
    func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        fetcher.shutdown()
        engine.close()
        stream?.shutdown()
    }
}
