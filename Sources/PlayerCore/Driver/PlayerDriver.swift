/// Runs a ``Player``: applies events, runs the commands they return with real (or fake) I/O, and feeds the
/// results back as events.
///
/// Thread-safe without actors, so a synchronous main loop (SDL) can use it directly:
/// ``send(_:)`` may be called from any thread, also re-entrantly from inside a fetcher or audio callback.
/// Events are queued and applied one at a time, in arrival order; the commands of one event run (outside the
/// lock, in order, on the thread that happens to be draining the queue) before the next event is applied.
/// So a callback that reports synchronously cannot deadlock, and a deletion finishes before a following tap
/// can start a new fetch.
///
/// ```swift
/// let driver = PlayerDriver(fetcher: downloader, audio: speaker, files: .local)
/// // in the SDL loop:
/// if tapped { driver.send(.tapped) }
/// let player = driver.player        // draw player.icon and player.fill
/// ```
///
/// The driver holds no logic of its own: every decision is ``Player``'s.
public final class PlayerDriver: Sendable {
    private let pump: DriverPump<Player, PlayerEvent, PlayerCommand, PlayerState>
    private let fetcher: any AudioFetching
    private let audio: any AudioPlaying
    private let files: any FileRemoving
    private let log: @Sendable (String) -> Void

    /// Creates a driver that runs `player`'s commands with the given plug-ins.
    /// - Parameters:
    ///   - player: the machine to start from; a fresh ``Player`` by default.
    ///   - fetcher: runs ``PlayerCommand/startFetch(_:)`` and ``PlayerCommand/cancelFetch(_:)``.
    ///   - audio: runs the playback commands.
    ///   - files: runs ``PlayerCommand/deleteFile(_:)``; ``LocalFileRemover`` for the real file system.
    ///   - log: receives ``PlayerCommand/reportProblem(_:)`` messages; by default they go to standard error.
    public init(
        player: Player = Player(),
        fetcher: any AudioFetching,
        audio: any AudioPlaying,
        files: any FileRemoving,
        log: @escaping @Sendable (String) -> Void = PlayerDriver.logToStandardError
    ) {
        self.pump = DriverPump(player, apply: { $0.send($1) }, update: \.state, shows: { $0.state != $1.state })
        self.fetcher = fetcher
        self.audio = audio
        self.files = files
        self.log = log
    }

    /// Writes `message` to standard error, prefixed with `PlayerCore:` (the default `log`: problems are
    /// rare and must not vanish silently; pass your own closure to route them to your logger).
    public static let logToStandardError: @Sendable (String) -> Void = { message in
        FileHandleWriter.standardError("PlayerCore: \(message)\n")
    }

    /// A snapshot of the machine: cheap enough to read every frame.
    public var player: Player {
        pump.machine
    }

    /// The current state, then every change of state (consecutive equal states are reported once).
    /// Each access returns a new stream; it ends when the consumer stops iterating or the driver goes away.
    public var states: AsyncStream<PlayerState> {
        pump.updates
    }

    /// Reports an event. Thread-safe and re-entrant; see the type's description for ordering.
    ///
    /// If another thread is already applying events, this only enqueues `event` and returns; that thread
    /// applies it. Otherwise this thread applies it (and anything queued meanwhile) before returning.
    public func send(_ event: PlayerEvent) {
        pump.send(event) { run($0) }
    }

    private func run(_ command: PlayerCommand) {
        let events: @Sendable (PlayerEvent) -> Void = { [weak self] event in self?.send(event) }
        switch command {
        case .startFetch(let id):
            fetcher.startFetch(id, events: events)
        case .cancelFetch(let id):
            fetcher.cancelFetch(id)
        case .play(let file):
            audio.play(file: file, events: events)
        case .pausePlayback:
            audio.pause()
        case .resumePlayback:
            audio.resume()
        case .stopPlayback:
            audio.stop()
        case .deleteFile(let path):
            do {
                try files.removeFile(path)
                send(.fileDeleted(path))
            } catch {
                send(.fileDeletionFailed(path, message: "\(error)"))
            }
        case .reportProblem(let message):
            log(message)
        }
    }
}
