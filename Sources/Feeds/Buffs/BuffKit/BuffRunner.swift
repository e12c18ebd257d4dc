import BuffCore
import FeedCore
import Foundation

/// Runs a ``BuffEngine`` on a real or a virtual clock, fetching with a caller's function and reporting
/// every command with its time. The thin driver of `mediakit buffs watch`.
///
/// - **Real clock**: sleeps until the engine's next deadline or the next action (a `ContinuousClock`);
///   fetches run concurrently and their answers are sent to the engine when they arrive.
/// - **Virtual clock**: time jumps from one deadline or action to the next. Requests still go to the
///   server, but take no virtual time: the runner sends the requests issued at an instant one at a time, in
///   the order the engine asked for them, each over (answered, failed or given up) before the next is sent,
///   and sends the answers to the engine at that same instant, in request order. So the server sees the
///   requests in the transcript's order on every run, however loaded the machine: no two overlap. A request
///   that times out in real time (FeedKit's deadline, the same length as the engine's) is *not* answered: the
///   engine's own deadline reports it at exactly request time + ``BuffSchedule/fetchDeadline`` on the virtual
///   clock, so a stall gives the same transcript on every run. (`fetch` should return only once its request is
///   over on the wire too; `mediakit buffs watch --virtual-clock` gives each request its own connection and
///   closes it before returning.)
///
/// The run ends at `until` when given (inclusive: events due at exactly `until` happen), otherwise when
/// the engine ``BuffEngine/isFinished``.
///
/// ```swift
/// let runner = BuffRunner(schedule: BuffSchedule(), clock: .virtual, until: nil) { id in await api.fetch(id: id) }
/// await runner.run(actions: []) { print(BuffClock.text3($0.t), $0.command) }
/// ```
public struct BuffRunner: Sendable {
    /// Which clock.
    public enum ClockMode: Sendable, Equatable {
        /// Wall-clock time (a `ContinuousClock`).
        case real
        /// Time jumps from event to event; requests take no time.
        case virtual
    }

    /// A command and when it happened.
    public struct Timed: Sendable, Equatable {
        /// Seconds from the start.
        public var t: Duration
        /// The command.
        public var command: BuffCommand
        /// `command` at `t`.
        public init(t: Duration, command: BuffCommand) {
            self.t = t
            self.command = command
        }
    }

    /// The schedule.
    public var schedule: BuffSchedule
    /// The clock.
    public var clock: ClockMode
    /// When to stop, if not when the engine is finished.
    public var until: Duration?
    /// Fetches one buff.
    public var fetch: @Sendable (Int) async -> Result<Buff, BuffError>

    /// A runner; see the properties.
    public init(schedule: BuffSchedule, clock: ClockMode, until: Duration?,
                fetch: @escaping @Sendable (Int) async -> Result<Buff, BuffError>) {
        self.schedule = schedule
        self.clock = clock
        self.until = until
        self.fetch = fetch
    }

    /// The engine event for `action` given what is on screen: a vote names the answer at the 1-based
    /// position; `nil` when there is no such answer (nothing shown, or fewer answers).
    public static func event(for action: BuffAction, engine: BuffEngine) -> BuffEvent? {
        switch action.kind {
        case .close:
            return .close(now: action.at)
        case .vote(let position):
            guard case .showing(let shown) = engine.display, position <= shown.buff.answers.count else { return nil }
            return .vote(answer: shown.buff.answers[position - 1].id, now: action.at)
        }
    }

    /// Whether a failure is FeedKit's deadline (left to the engine's own deadline on the virtual clock).
    static func isTimeout(_ result: Result<Buff, BuffError>) -> Bool {
        if case .failure(.request(let error)) = result, case .timeout = error.kind { return true }
        return false
    }

    /// Runs to the end; `emit` gets every command in order.
    public func run(actions: [BuffAction], emit: @Sendable (Timed) -> Void) async {
        switch clock {
        case .virtual: await runVirtual(actions: actions, emit: emit)
        case .real: await runReal(actions: actions, emit: emit)
        }
    }

    private func runVirtual(actions: [BuffAction], emit: (Timed) -> Void) async {
        var engine = BuffEngine(schedule: schedule)
        var actions = actions[...]
        var t = Duration.zero

        func apply(_ event: BuffEvent) async {
            var pending = engine.send(event)
            while !pending.isEmpty {
                var fetches: [Int] = []
                for command in pending {
                    emit(Timed(t: t, command: command))
                    if case .fetch(let id) = command { fetches.append(id) }
                }
                pending = []
                guard !fetches.isEmpty else { break }
                // One at a time, in order: concurrent requests would reach the server in any order.
                var results: [Result<Buff, BuffError>] = []
                for id in fetches {
                    results.append(await fetch(id))
                }
                for (id, result) in zip(fetches, results) where !Self.isTimeout(result) {
                    pending += engine.send(.fetched(id: id, result: result, now: t))
                }
            }
        }

        await apply(.start(now: .zero))
        while !Task.isCancelled {
            let deadline = engine.nextDeadline
            if let action = actions.first, deadline.map({ action.at <= $0 }) ?? true {
                if let until, action.at > until { break }
                actions = actions.dropFirst()
                t = max(t, action.at)
                if let event = Self.event(for: action, engine: engine) {
                    await apply(event)
                } else {
                    await apply(.tick(now: t))
                }
                continue
            }
            if until == nil, engine.isFinished { break }
            guard let deadline else { break }
            if let until, deadline > until { break }
            t = deadline
            await apply(.tick(now: t))
        }
    }

    private func runReal(actions: [BuffAction], emit: @Sendable (Timed) -> Void) async {
        let clock = ContinuousClock()
        let start = clock.now
        let (answers, continuation) = AsyncStream<(Int, Result<Buff, BuffError>)>.makeStream()
        var engine = BuffEngine(schedule: schedule)
        var actions = actions[...]

        await withTaskGroup(of: Void.self) { group in
            func apply(_ event: BuffEvent) {
                for command in engine.send(event) {
                    emit(Timed(t: engine.now, command: command))
                    if case .fetch(let id) = command {
                        group.addTask {
                            continuation.yield((id, await fetch(id)))
                        }
                    }
                }
            }

            apply(.start(now: .zero))
            var iterator = answers.makeAsyncIterator()
            while !Task.isCancelled {
                if until == nil, engine.isFinished { break }
                var wake = [engine.nextDeadline, actions.first?.at, until].compactMap { $0 }.min()
                if let until, let due = wake, due > until { wake = until }
                // Wait for the next answer or the wake time, whichever comes first.
                let timer: Task<Void, Never>? = wake.map { due in
                    Task {
                        try? await clock.sleep(until: start + due, tolerance: .milliseconds(1))
                        if !Task.isCancelled { continuation.yield((-1, .failure(.noBuff))) }
                    }
                }
                let next = await iterator.next()
                timer?.cancel()
                // Nothing after `until` happens, even when the wake-up comes late.
                let now = until.map { min(clock.now - start, $0) } ?? (clock.now - start)
                guard let (id, result) = next else { break }
                if id >= 0 {
                    apply(.fetched(id: id, result: result, now: now))
                    continue
                }
                // Each due item at its own time, so the stamps are the due times, not the wake-up time.
                while true {
                    let due = engine.nextDeadline.flatMap { $0 <= now ? $0 : nil }
                    if let action = actions.first, action.at <= now, due.map({ action.at <= $0 }) ?? true {
                        actions = actions.dropFirst()
                        apply(.tick(now: action.at))
                        if let event = Self.event(for: action, engine: engine) { apply(event) }
                    } else if let due {
                        apply(.tick(now: due))
                    } else {
                        break
                    }
                }
                apply(.tick(now: now))
                if let until, now >= until { break }
            }
            continuation.finish()
            group.cancelAll()
        }
    }
}
