import Foundation
import PlayerCore

/// A stream plug-in that records calls (`open session #N`, `reconnect session #N`, …) and lets the test report
/// events for a session as the source or output would.
final class FakeStreams: StreamPlaying {
    enum OnOpen: Sendable {
        /// Report nothing; the test reports by hand.
        case wait
        /// Report `opened` and `buffered(seconds)` synchronously inside `open` (re-entrancy).
        case openAndBuffer(StreamDetails, seconds: Double)
    }

    private let log: CallLog
    private let onOpen: OnOpen
    private let reporters = Shared<[StreamSessionID: @Sendable (StreamEvent) -> Void]>([:])
    private let reconnectOutcome: Shared<(@Sendable (StreamSessionID) -> StreamEvent?)?>

    /// - Parameter onReconnect: what a reconnection reports, synchronously (nil: nothing).
    init(log: CallLog, onOpen: OnOpen = .wait, onReconnect: (@Sendable (StreamSessionID) -> StreamEvent?)? = nil) {
        self.log = log
        self.onOpen = onOpen
        self.reconnectOutcome = Shared(onReconnect)
    }

    func open(_ id: StreamSessionID, source: StreamSource, events: @escaping @Sendable (StreamEvent) -> Void) {
        log.append("open \(id) \(source)")
        reporters.withLock { $0[id] = events }
        if case .openAndBuffer(let info, let seconds) = onOpen {
            events(.opened(id, info))
            events(.buffered(id, seconds: seconds))
        }
    }

    func reconnect(_ id: StreamSessionID) {
        log.append("reconnect \(id)")
        if let event = reconnectOutcome.current?(id) { report(event) }
    }

    func resume(_ id: StreamSessionID) { log.append("resume \(id)") }
    func pause(_ id: StreamSessionID) { log.append("pause \(id)") }

    func close(_ id: StreamSessionID) {
        log.append("close \(id)")
        reporters.withLock { _ = $0.removeValue(forKey: id) }
    }

    func releaseAudio() { log.append("releaseAudio") }

    /// Reports `event` through the callback its session was opened with (as the source would, from any thread);
    /// returns false if that session is not open.
    @discardableResult
    func report(_ event: StreamEvent) -> Bool {
        guard let id = event.session, let events = reporters.current[id] else { return false }
        events(event)
        return true
    }
}

/// A retry timer the test fires by hand: no clock, no sleeps.
final class ManualScheduler: RetryScheduling {
    private let pending = Shared<[(delay: Double, action: @Sendable () -> Void)]>([])

    func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) {
        pending.withLock { $0.append((seconds, action)) }
    }

    /// The delays of the timers scheduled and not yet fired, oldest first.
    var delays: [Double] { pending.current.map(\.delay) }

    /// Fires the oldest pending timer; returns false if there was none.
    @discardableResult
    func fireNext() -> Bool {
        let next = pending.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        guard let next else { return false }
        next.action()
        return true
    }
}

/// Records every update a stream driver publishes.
final class StreamUpdateRecorder: Sendable {
    private let players = Shared<[StreamPlayer]>([])
    private let task: Task<Void, Never>

    init(_ driver: StreamPlayerDriver) {
        let stream = driver.updates
        let players = self.players
        task = Task {
            for await player in stream { players.withLock { $0.append(player) } }
        }
    }

    deinit { task.cancel() }

    var all: [StreamPlayer] { players.current }
    var states: [StreamState] { all.map(\.state) }
}
