/// Runs a ``StreamPlayer``: applies events, runs the commands they return with a ``StreamPlaying`` plug-in and a
/// ``RetryScheduling`` timer, and feeds the results back as events. The stream counterpart of ``PlayerDriver``,
/// with the same threading contract.
///
/// ``send(_:)`` may be called from any thread, also re-entrantly from inside a plug-in's callback. Events are
/// queued and applied one at a time, in arrival order; the commands of one event run (outside the lock, in
/// order, on the thread that happens to be draining the queue) before the next event is applied.
///
/// ```swift
/// let driver = StreamPlayerDriver(streams: engine, scheduler: .dispatch)
/// driver.send(.selected(StreamRequest(source: .http(url: stationURL), title: "Classical IPR", isLive: true)))
/// // each frame:
/// let player = driver.player          // draw player.icon, player.fill, player.nowPlaying.title
/// // media controls:
/// for await player in driver.updates { mpris.update(phase: player.phase, nowPlaying: player.nowPlaying) }
/// ```
///
/// The driver holds no logic of its own: every decision is ``StreamPlayer``'s.
public final class StreamPlayerDriver: Sendable {
    private let pump: DriverPump<StreamPlayer, StreamEvent, StreamCommand, StreamPlayer>
    private let streams: any StreamPlaying
    private let scheduler: any RetryScheduling
    private let log: @Sendable (String) -> Void

    /// Creates a driver that runs `player`'s commands with the given plug-ins.
    /// - Parameters:
    ///   - player: the machine to start from; a fresh ``StreamPlayer`` by default.
    ///   - streams: runs the session commands (open, reconnect, pause, resume, close, release the audio).
    ///   - scheduler: runs ``StreamCommand/scheduleRetry(_:attempt:after:)``; ``DispatchRetryScheduler`` for real time.
    ///   - log: receives ``StreamCommand/reportProblem(_:)`` messages; by default they go to standard error.
    public init(
        player: StreamPlayer = StreamPlayer(),
        streams: any StreamPlaying,
        scheduler: any RetryScheduling = DispatchRetryScheduler(),
        log: @escaping @Sendable (String) -> Void = PlayerDriver.logToStandardError
    ) {
        self.pump = DriverPump(player, apply: { $0.send($1) }, update: { $0 }, shows: { before, after in
            after.state != before.state || after.nowPlaying != before.nowPlaying || after.request != before.request
        })
        self.streams = streams
        self.scheduler = scheduler
        self.log = log
    }

    /// A snapshot of the machine: cheap enough to read every frame.
    public var player: StreamPlayer {
        pump.machine
    }

    /// The current player, then the player after every change that shows: its state, its now-playing, or what
    /// is selected (buffer levels reported while playing do not count). Each access returns a new stream; it
    /// ends when the consumer stops iterating or the driver goes away.
    public var updates: AsyncStream<StreamPlayer> {
        pump.updates
    }

    /// Whether every event sent so far has been applied and its commands have run (no sender is draining the
    /// queue). ``player`` changes before its commands run, on the sending thread; a test that drives the
    /// engine's clock by hand waits for this too, so that, e.g., `resumePlayback` has reached the engine
    /// before the clock moves.
    public var isSettled: Bool {
        pump.isSettled
    }

    /// Reports an event. Thread-safe and re-entrant; see the type's description for ordering.
    public func send(_ event: StreamEvent) {
        pump.send(event) { run($0) }
    }

    private func run(_ command: StreamCommand) {
        let events: @Sendable (StreamEvent) -> Void = { [weak self] event in self?.send(event) }
        let scheduler = self.scheduler
        streams.run(command, events: events, scheduleRetry: { delay, event in
            scheduler.schedule(after: delay) { events(event) }
        }, log: log)
    }
}
