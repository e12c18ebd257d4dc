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
    private struct Core: Sendable {
        var player: Player
        var queue: [PlayerEvent] = []
        /// True while some thread is applying queued events; other senders only enqueue.
        var draining = false
        var observers: [Int: AsyncStream<PlayerState>.Continuation] = [:]
        var nextObserver = 0
    }

    private let core: Locked<Core>
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
        self.core = Locked(Core(player: player))
        self.fetcher = fetcher
        self.audio = audio
        self.files = files
        self.log = log
    }

    deinit {
        // Finish outside the lock: finishing runs the streams' termination handlers.
        let observers = core.withLock { $0.observers.values }
        for continuation in observers { continuation.finish() }
    }

    /// Writes `message` to standard error, prefixed with `PlayerCore:` (the default `log`: problems are
    /// rare and must not vanish silently; pass your own closure to route them to your logger).
    public static let logToStandardError: @Sendable (String) -> Void = { message in
        FileHandleWriter.standardError("PlayerCore: \(message)\n")
    }

    /// A snapshot of the machine: cheap enough to read every frame.
    public var player: Player {
        core.withLock { $0.player }
    }

    /// The current state, then every change of state (consecutive equal states are reported once).
    /// Each access returns a new stream; it ends when the consumer stops iterating or the driver goes away.
    public var states: AsyncStream<PlayerState> {
        let (stream, continuation) = AsyncStream<PlayerState>.makeStream(bufferingPolicy: .unbounded)
        let key = core.withLock { core in
            let key = core.nextObserver
            core.nextObserver += 1
            core.observers[key] = continuation
            continuation.yield(core.player.state)
            return key
        }
        continuation.onTermination = { [weak self] _ in
            self?.core.withLock { _ = $0.observers.removeValue(forKey: key) }
        }
        return stream
    }

    /// Reports an event. Thread-safe and re-entrant; see the type's description for ordering.
    ///
    /// If another thread is already applying events, this only enqueues `event` and returns; that thread
    /// applies it. Otherwise this thread applies it (and anything queued meanwhile) before returning.
    public func send(_ event: PlayerEvent) {
        let isDrainer = core.withLock { core in
            core.queue.append(event)
            guard !core.draining else { return false }
            core.draining = true
            return true
        }
        guard isDrainer else { return }
        while let commands = applyNext() {
            for command in commands { run(command) }
        }
    }

    /// Applies the oldest queued event and returns its commands, or returns `nil` and stops draining.
    private func applyNext() -> [PlayerCommand]? {
        core.withLock { core in
            guard !core.queue.isEmpty else {
                core.draining = false
                return nil
            }
            let event = core.queue.removeFirst()
            let before = core.player.state
            let commands = core.player.send(event)
            if core.player.state != before {
                for continuation in core.observers.values { continuation.yield(core.player.state) }
            }
            return commands
        }
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
