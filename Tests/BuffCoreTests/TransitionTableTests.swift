import BuffCore
import Testing

/// Every representative state × every kind of event, each with a hand-written expected outcome (the rows
/// of ``BuffEngine``'s transition table). The coverage test fails if any pair has no row.
@Suite("Transition table")
struct TransitionTableTests {
    static let schedule = BuffSchedule(ids: [1, 2, 3], interval: .seconds(30), fetchDeadline: .seconds(10))
    static let buff1 = Samples.buff(id: 1, seconds: 40)
    static let buff2 = Samples.buff(id: 2, seconds: 5)
    static let buff9 = Samples.buff(id: 9, seconds: 5)

    /// A representative engine, built by sending real events.
    enum Fixture: CaseIterable, Hashable {
        case notStarted, idleInFlight, idleRequestDue, showing, showingLastSecond, showingQueued, voted, votedQueued, finished

        var engine: BuffEngine {
            if self == .finished {
                var engine = BuffEngine(schedule: BuffSchedule(ids: [1]))
                engine.send(.start(now: .zero))
                engine.send(.fetched(id: 1, result: .failure(.noBuff), now: .zero))
                return engine
            }
            var engine = BuffEngine(schedule: schedule)
            func send(_ events: BuffEvent...) { for event in events { engine.send(event) } }
            switch self {
            case .notStarted, .finished: break
            case .idleInFlight: send(.start(now: .zero))
            case .idleRequestDue: send(.start(now: .zero), .fetched(id: 1, result: .failure(.noBuff), now: .zero))
            case .showing, .voted:
                send(.start(now: .zero), .fetched(id: 1, result: .success(buff1), now: .zero), .tick(now: .seconds(30)))
                if self == .voted { send(.vote(answer: 100, now: .milliseconds(30500))) }
            case .showingLastSecond:
                send(.start(now: .zero), .fetched(id: 1, result: .success(Samples.buff(id: 1, seconds: 35)), now: .zero),
                     .tick(now: .milliseconds(34500)))
            case .showingQueued, .votedQueued:
                send(.start(now: .zero), .fetched(id: 1, result: .success(buff1), now: .zero), .tick(now: .seconds(30)),
                     .fetched(id: 2, result: .success(buff2), now: .seconds(30)))
                if self == .votedQueued { send(.vote(answer: 100, now: .milliseconds(30500))) }
            }
            return engine
        }
    }

    enum EventKind: CaseIterable, Hashable {
        case start, tickNothingDue, tickToNextDeadline, fetchedBuff, fetchedFailure, fetchedUnknown, voteShown, voteUnknown, close

        func event(for engine: BuffEngine) -> BuffEvent {
            let now = engine.now
            let inFlight = engine.inFlight.keys.min() ?? 1
            switch self {
            case .start: return .start(now: now)
            case .tickNothingDue: return .tick(now: now)
            case .tickToNextDeadline: return .tick(now: engine.nextDeadline ?? now)
            case .fetchedBuff: return .fetched(id: inFlight, result: .success(TransitionTableTests.buff9), now: now)
            case .fetchedFailure: return .fetched(id: inFlight, result: .failure(.noBuff), now: now)
            case .fetchedUnknown: return .fetched(id: 99, result: .success(TransitionTableTests.buff9), now: now)
            case .voteShown: return .vote(answer: engine.display.shown?.buff.answers.first?.id ?? 100, now: now)
            case .voteUnknown: return .vote(answer: 999, now: now)
            case .close: return .close(now: now)
            }
        }
    }

    enum Outcome {
        /// The engine value is exactly as before and no command is returned.
        case unchanged
        /// These commands, and the engine summarised as `summary` (see ``summary(_:)``).
        case changed([BuffCommand], String)
    }

    /// `display queue inFlight nextRequest`, e.g. `showing(1,10) q1 f[2] r3@60`.
    static func summary(_ engine: BuffEngine) -> String {
        guard engine.started else { return "not started" }
        let display: String
        switch engine.display {
        case .none: display = "idle"
        case .showing(let shown): display = "showing(\(shown.buff.id),\(shown.secondsLeft))"
        case .voted(let shown, let answer, _): display = "voted(\(shown.buff.id),\(answer))"
        }
        let next = engine.nextRequest.map { "r\(engine.schedule.ids[$0.index])@\(BuffClock.text($0.at))" } ?? "r-"
        return "\(display) q\(engine.queue.count) f\(engine.inFlight.keys.sorted()) \(next)"
    }

    static let timedOut = BuffError.timedOut(after: .seconds(10))

    /// The table. A missing pair fails ``everyPairHasARow``.
    static let table: [Fixture: [EventKind: Outcome]] = [
        .notStarted: [
            .start: .changed([.fetch(id: 1)], "idle q0 f[1] r2@30"),
            .tickNothingDue: .unchanged, .tickToNextDeadline: .unchanged, .fetchedBuff: .unchanged,
            .fetchedFailure: .unchanged, .fetchedUnknown: .unchanged, .voteShown: .unchanged,
            .voteUnknown: .unchanged, .close: .unchanged,
        ],
        .idleInFlight: [
            .start: .unchanged, .tickNothingDue: .unchanged,
            .tickToNextDeadline: .changed([.reportError(id: 1, timedOut)], "idle q0 f[] r2@30"),
            .fetchedBuff: .changed([.show(buff9, secondsLeft: 5)], "showing(9,5) q0 f[] r2@30"),
            .fetchedFailure: .changed([.reportError(id: 1, .noBuff)], "idle q0 f[] r2@30"),
            .fetchedUnknown: .unchanged, .voteShown: .unchanged, .voteUnknown: .unchanged, .close: .unchanged,
        ],
        .idleRequestDue: [
            .start: .unchanged, .tickNothingDue: .unchanged,
            .tickToNextDeadline: .changed([.fetch(id: 2)], "idle q0 f[2] r3@60"),
            .fetchedBuff: .unchanged, .fetchedFailure: .unchanged, .fetchedUnknown: .unchanged,
            .voteShown: .unchanged, .voteUnknown: .unchanged, .close: .unchanged,
        ],
        .showing: [
            .start: .unchanged, .tickNothingDue: .unchanged,
            .tickToNextDeadline: .changed([.countdown(buff: 1, secondsLeft: 9)], "showing(1,9) q0 f[2] r3@60"),
            .fetchedBuff: .changed([.queued(buff: 9)], "showing(1,10) q1 f[] r3@60"),
            .fetchedFailure: .changed([.reportError(id: 2, .noBuff)], "showing(1,10) q0 f[] r3@60"),
            .fetchedUnknown: .unchanged,
            .voteShown: .changed([.highlight(buff: 1, answer: 100)], "voted(1,100) q0 f[2] r3@60"),
            .voteUnknown: .unchanged,
            .close: .changed([.hide(buff: 1, reason: .closed)], "idle q0 f[2] r3@60"),
        ],
        .showingLastSecond: [
            .start: .unchanged, .tickNothingDue: .unchanged,
            .tickToNextDeadline: .changed([.hide(buff: 1, reason: .expired)], "idle q0 f[2] r3@60"),
            .fetchedBuff: .changed([.queued(buff: 9)], "showing(1,1) q1 f[] r3@60"),
            .fetchedFailure: .changed([.reportError(id: 2, .noBuff)], "showing(1,1) q0 f[] r3@60"),
            .fetchedUnknown: .unchanged,
            .voteShown: .changed([.highlight(buff: 1, answer: 100)], "voted(1,100) q0 f[2] r3@60"),
            .voteUnknown: .unchanged,
            .close: .changed([.hide(buff: 1, reason: .closed)], "idle q0 f[2] r3@60"),
        ],
        .showingQueued: [
            .start: .unchanged, .tickNothingDue: .unchanged,
            .tickToNextDeadline: .changed([.countdown(buff: 1, secondsLeft: 9)], "showing(1,9) q1 f[] r3@60"),
            .fetchedBuff: .unchanged, .fetchedFailure: .unchanged, .fetchedUnknown: .unchanged,
            .voteShown: .changed([.highlight(buff: 1, answer: 100)], "voted(1,100) q1 f[] r3@60"),
            .voteUnknown: .unchanged,
            .close: .changed([.hide(buff: 1, reason: .closed), .show(buff2, secondsLeft: 5)], "showing(2,5) q0 f[] r3@60"),
        ],
        .voted: [
            .start: .unchanged, .tickNothingDue: .unchanged,
            .tickToNextDeadline: .changed([.hide(buff: 1, reason: .voted)], "idle q0 f[2] r3@60"),
            .fetchedBuff: .changed([.queued(buff: 9)], "voted(1,100) q1 f[] r3@60"),
            .fetchedFailure: .changed([.reportError(id: 2, .noBuff)], "voted(1,100) q0 f[] r3@60"),
            .fetchedUnknown: .unchanged, .voteShown: .unchanged, .voteUnknown: .unchanged,
            .close: .changed([.hide(buff: 1, reason: .closed)], "idle q0 f[2] r3@60"),
        ],
        .votedQueued: [
            .start: .unchanged, .tickNothingDue: .unchanged,
            .tickToNextDeadline: .changed([.hide(buff: 1, reason: .voted), .show(buff2, secondsLeft: 5)], "showing(2,5) q0 f[] r3@60"),
            .fetchedBuff: .unchanged, .fetchedFailure: .unchanged, .fetchedUnknown: .unchanged,
            .voteShown: .unchanged, .voteUnknown: .unchanged,
            .close: .changed([.hide(buff: 1, reason: .closed), .show(buff2, secondsLeft: 5)], "showing(2,5) q0 f[] r3@60"),
        ],
        .finished: [
            .start: .unchanged, .tickNothingDue: .unchanged, .tickToNextDeadline: .unchanged, .fetchedBuff: .unchanged,
            .fetchedFailure: .unchanged, .fetchedUnknown: .unchanged, .voteShown: .unchanged,
            .voteUnknown: .unchanged, .close: .unchanged,
        ],
    ]

    @Test func everyPairHasARow() {
        for fixture in Fixture.allCases {
            for kind in EventKind.allCases where Self.table[fixture]?[kind] == nil {
                Issue.record("no row for \(fixture) × \(kind)")
            }
        }
    }

    @Test(arguments: Fixture.allCases) func everyRowHolds(fixture: Fixture) {
        for kind in EventKind.allCases {
            guard let outcome = Self.table[fixture]?[kind] else { continue }
            var engine = fixture.engine
            let before = engine
            let commands = engine.send(kind.event(for: before))
            switch outcome {
            case .unchanged:
                #expect(commands == [], "\(fixture) × \(kind)")
                #expect(engine == before, "\(fixture) × \(kind): \(Self.summary(engine))")
            case .changed(let expected, let summary):
                #expect(commands == expected, "\(fixture) × \(kind)")
                #expect(Self.summary(engine) == summary, "\(fixture) × \(kind)")
            }
        }
    }

    @Test func theFixturesAreWhatTheirNamesSay() {
        #expect(Self.summary(Fixture.notStarted.engine) == "not started")
        #expect(Self.summary(Fixture.showing.engine) == "showing(1,10) q0 f[2] r3@60")
        #expect(Self.summary(Fixture.votedQueued.engine) == "voted(1,100) q1 f[] r3@60")
        #expect(Fixture.finished.engine.isFinished)
    }
}
