/// The components the demo wires together: the player driver and what must be pumped each frame.
///
/// INTERIM: until the component branches land this builds the stand-in driver only.
struct DemoComponents {
    var driver: PlayerDriver
    var tickers: [any FrameTicker]
    private var teardown: () -> Void

    /// Builds the components for the command-line options.
    static func make(options: SDLDemoCommand, waker: Waker) throws -> DemoComponents {
        DemoComponents(driver: PlayerDriver(), tickers: [], teardown: {})
    }

    /// Stops everything in order (download, playback, cached file, server).
    func shutdown() { teardown() }
}
