/// The event pump of a driver: applies events to a pure machine one at a time, in arrival order, from any
/// thread, and hands each event's commands back to the driver to run. ``PlayerDriver`` and
/// ``StreamPlayerDriver`` are both built on it.
///
/// Thread-safe without actors, so a synchronous main loop (SDL) can use it directly:
///
/// - ``send(_:run:)`` may be called from any thread, also re-entrantly from inside `run` (a plug-in that
///   reports synchronously). Events are queued under a lock.
/// - Whichever sender finds nobody draining becomes the drainer: it applies the oldest queued event (under the
///   lock), then runs that event's commands through its `run` (outside the lock, in order), then the next
///   event, until the queue is empty. Every other sender only enqueues and returns at once; its event is
///   applied by the drainer, after the commands of every event sent before it have run.
/// - So the machine sees events in one total order, commands run one at a time in the order their events were
///   applied, and a callback that reports synchronously cannot deadlock.
///
/// Observers get ``updates`` (the machine's `Update` projection) whenever `shows(before, after)` says an
/// event changed something they care about; they are told under the lock, so they see changes in the order
/// they happened.
///
/// ```swift
/// let pump = DriverPump(Player(), apply: { $0.send($1) }, update: \.state, shows: { $0.state != $1.state })
/// pump.send(.tapped) { command in run(command) }   // `run` calls pump.send again for its results
/// ```
public final class DriverPump<Machine: Sendable, Event: Sendable, Command: Sendable, Update: Sendable>: Sendable {
    private struct Core: Sendable {
        var machine: Machine
        var queue: [Event] = []
        /// The index of the oldest event not yet applied (the queue is compacted when it drains).
        var head = 0
        /// True while some thread is applying queued events; other senders only enqueue.
        var draining = false
        var observers: [Int: AsyncStream<Update>.Continuation] = [:]
        var nextObserver = 0
    }

    private let core: Locked<Core>
    private let apply: @Sendable (inout Machine, Event) -> [Command]
    private let update: @Sendable (Machine) -> Update
    private let shows: @Sendable (_ before: Machine, _ after: Machine) -> Bool

    /// A pump around `machine`.
    /// - Parameters:
    ///   - machine: the machine to start from.
    ///   - apply: applies one event to the machine and returns its commands (the machine's `send`).
    ///   - update: what observers of ``updates`` receive.
    ///   - shows: whether a change from `before` to `after` is reported to observers.
    public init(
        _ machine: Machine,
        apply: @escaping @Sendable (inout Machine, Event) -> [Command],
        update: @escaping @Sendable (Machine) -> Update,
        shows: @escaping @Sendable (_ before: Machine, _ after: Machine) -> Bool
    ) {
        self.core = Locked(Core(machine: machine))
        self.apply = apply
        self.update = update
        self.shows = shows
    }

    deinit {
        // Finish outside the lock: finishing runs the streams' termination handlers.
        let observers = core.withLock { $0.observers.values }
        for continuation in observers { continuation.finish() }
    }

    /// A snapshot of the machine, with every event applied so far (their commands may still be running).
    public var machine: Machine {
        core.withLock { $0.machine }
    }

    /// Whether every event sent so far has been applied and its commands have run (nobody is draining).
    public var isSettled: Bool {
        core.withLock { $0.head == $0.queue.count && !$0.draining }
    }

    /// The current update, then one after every change that `shows` reports, in the order they happened.
    /// Each access returns a new stream; it ends when the consumer stops iterating or the pump goes away.
    public var updates: AsyncStream<Update> {
        let (stream, continuation) = AsyncStream<Update>.makeStream(bufferingPolicy: .unbounded)
        let update = self.update
        let key = core.withLock { core in
            let key = core.nextObserver
            core.nextObserver += 1
            core.observers[key] = continuation
            continuation.yield(update(core.machine))
            return key
        }
        continuation.onTermination = { [weak self] _ in
            self?.core.withLock { _ = $0.observers.removeValue(forKey: key) }
        }
        return stream
    }

    /// Queues `event`. If nobody is draining, this thread drains: it applies `event` and everything queued
    /// meanwhile, running each event's commands through `run` before applying the next, and returns when the
    /// queue is empty. Otherwise it returns at once and the drainer applies `event` (with the drainer's `run`).
    public func send(_ event: Event, run: (Command) -> Void) {
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
    private func applyNext() -> [Command]? {
        core.withLock { core in
            guard core.head < core.queue.count else {
                core.queue.removeAll(keepingCapacity: true)
                core.head = 0
                core.draining = false
                return nil
            }
            let event = core.queue[core.head]
            core.head += 1
            if core.head >= 64, core.head * 2 >= core.queue.count {
                // A long drain: drop the applied events so the queue does not grow while senders keep up.
                core.queue.removeFirst(core.head)
                core.head = 0
            }
            let before = core.machine
            let commands = apply(&core.machine, event)
            if !core.observers.isEmpty, shows(before, core.machine) {
                let value = update(core.machine)
                for continuation in core.observers.values { continuation.yield(value) }
            }
            return commands
        }
    }
}
