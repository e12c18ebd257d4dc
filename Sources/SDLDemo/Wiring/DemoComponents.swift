import PlayerCore

/// The components the demo wires together: the player driver, what must be pumped each frame, and the
/// completion hold shared with the session.
///
/// INTERIM: until the `server`, `fetch` and `media` branches land this uses stand-ins for them.
struct DemoComponents {
    var driver: PlayerDriver
    var tickers: [any FrameTicker]
    var completionHold: CompletionHold
    private var teardown: () -> Void

    /// Builds the components for the command-line options.
    static func make(options: SDLDemoCommand, waker: Waker) throws -> DemoComponents {
        let queue = MainThreadQueue(waker: waker)
        let hold = CompletionHold()
        let audio = AudioPlaybackAdapter(engine: InterimSilentEngine(), queue: queue, hold: hold)
        let driver = PlayerDriver(fetcher: InterimFetcher(waker: waker), audio: audio, files: .local)
        return DemoComponents(driver: driver, tickers: [queue, audio], completionHold: hold, teardown: {})
    }

    /// Stops everything in order (download, playback, cached file, server).
    func shutdown() { teardown() }
}
