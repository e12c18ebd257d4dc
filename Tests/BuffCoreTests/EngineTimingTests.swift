import BuffCore
import Testing

/// Runs an engine on a virtual clock: each fetch is answered at the instant it is asked (unless `stall`
/// says otherwise), and time jumps from one deadline to the next. Records every command with its time.
struct VirtualRun {
    var engine: BuffEngine
    var log: [(t: Duration, command: BuffCommand)] = []
    var answers: [Int: Result<Buff, BuffError>]
    var stalled: Set<Int> = []

    init(schedule: BuffSchedule = BuffSchedule(), answers: [Int: Result<Buff, BuffError>], stalled: Set<Int> = []) {
        engine = BuffEngine(schedule: schedule)
        self.answers = answers
        self.stalled = stalled
    }

    mutating func apply(_ event: BuffEvent, at t: Duration) {
        var pending = engine.send(event)
        while !pending.isEmpty {
            let command = pending.removeFirst()
            log.append((t, command))
            if case .fetch(let id) = command, !stalled.contains(id) {
                let result = answers[id] ?? .failure(.noBuff)
                pending += engine.send(.fetched(id: id, result: result, now: t))
            }
        }
    }

    /// Runs until `end`, with `actions` (time, event) applied on the way.
    mutating func run(until end: Duration, actions: [(Duration, BuffEvent)] = []) {
        var actions = actions
        apply(.start(now: .zero), at: .zero)
        while true {
            let next = engine.nextDeadline
            if let action = actions.first, next == nil || action.0 <= next! {
                actions.removeFirst()
                if action.0 > end { break }
                apply(action.1, at: action.0)
                continue
            }
            guard let next, next <= end else { break }
            apply(.tick(now: next), at: next)
        }
    }

    func times(of predicate: (BuffCommand) -> Bool) -> [Duration] {
        log.filter { predicate($0.command) }.map(\.t)
    }
}

@Suite("Engine on a virtual clock")
struct EngineTimingTests {
    static let t = Duration.zero

    @Test func shownCountsDownAndHidesAtExactlyTimeToShow() {
        var engine = BuffEngine(schedule: BuffSchedule(ids: [1]))
        #expect(engine.send(.start(now: .zero)) == [.fetch(id: 1)])
        let buff = Samples.buff(id: 1, seconds: 10)
        #expect(engine.send(.fetched(id: 1, result: .success(buff), now: .zero)) == [.show(buff, secondsLeft: 10)])
        // secondsLeft at t+5 is 5, each whole second reported once, at its second.
        #expect(engine.send(.tick(now: .seconds(5))) == (5...9).reversed().map { .countdown(buff: 1, secondsLeft: $0) })
        #expect(engine.display.shown?.secondsLeft == 5)
        // 10 ms before t+10: still shown, showing 1.
        #expect(engine.send(.tick(now: .milliseconds(9990))) == (1...4).reversed().map { .countdown(buff: 1, secondsLeft: $0) })
        #expect(engine.display.shown != nil)
        #expect(engine.nextDeadline == .seconds(10))
        #expect(engine.send(.tick(now: .seconds(10))) == [.hide(buff: 1, reason: .expired)])
        #expect(engine.display == .none)
        #expect(engine.isFinished)
    }

    @Test func aShowLaterInTheRunIsTimedFromItsOwnStart() {
        var run = VirtualRun(answers: [2: .success(Samples.buff(id: 2, seconds: 7))])
        run.answers[1] = .success(Samples.buff(id: 1, seconds: 3))
        run.run(until: .seconds(200))
        #expect(run.times { if case .show(let b, _) = $0 { b.id == 2 } else { false } } == [.seconds(30)])
        #expect(run.times { $0 == .countdown(buff: 2, secondsLeft: 2) } == [.seconds(35)])
        #expect(run.times { $0 == .hide(buff: 2, reason: .expired) } == [.seconds(37)])
    }

    @Test func aVoteFreezesHighlightsAndHidesTwoSecondsLater() {
        var run = VirtualRun(schedule: BuffSchedule(ids: [1]), answers: [1: .success(Samples.buff(id: 1, seconds: 10))])
        run.run(until: .seconds(60), actions: [(.milliseconds(4200), .vote(answer: 101, now: .milliseconds(4200)))])
        #expect(run.times { $0 == .highlight(buff: 1, answer: 101) } == [.milliseconds(4200)])
        // Frozen: no countdown after the vote (the last was 6 at t+4).
        #expect(run.log.filter { if case .countdown = $0.command { true } else { false } }.last?.t == .seconds(4))
        #expect(run.times { if case .hide = $0 { true } else { false } } == [.milliseconds(6200)])
        #expect(run.log.last?.command == .hide(buff: 1, reason: .voted))
        #expect(run.engine.isFinished)
    }

    @Test func theScheduleRequestsEveryThirtySecondsAndStopsAfterFive() {
        var run = VirtualRun(answers: Dictionary(uniqueKeysWithValues: (1...5).map { ($0, .success(Samples.buff(id: $0))) }))
        run.run(until: .seconds(400))
        let requests = run.log.compactMap { entry -> (Duration, Int)? in
            if case .fetch(let id) = entry.command { (entry.t, id) } else { nil }
        }
        #expect(requests.map(\.0) == [0, 30, 60, 90, 120].map { Duration.seconds($0) })
        #expect(requests.map(\.1) == [1, 2, 3, 4, 5])
        #expect(run.engine.isFinished)
        #expect(run.log.last.map { $0.t } == .seconds(130))
    }

    @Test func loopStartsAgainAtTheFirstId() {
        var run = VirtualRun(schedule: BuffSchedule(ids: [1, 2], interval: .seconds(30), loop: true),
                             answers: [1: .success(Samples.buff(id: 1)), 2: .success(Samples.buff(id: 2))])
        run.run(until: .seconds(149))
        let requests = run.log.compactMap { entry -> Int? in if case .fetch(let id) = entry.command { id } else { nil } }
        #expect(requests == [1, 2, 1, 2, 1])
        #expect(!run.engine.isFinished)
    }

    @Test func errorsAreReportedAndTheScheduleGoesOn() {
        let http500 = BuffError.json(.invalidJSON(reason: "empty body"))
        var run = VirtualRun(answers: [1: .failure(http500), 3: .success(Samples.buff(id: 3))], stalled: [2])
        run.run(until: .seconds(100))
        #expect(run.times { $0 == .reportError(id: 1, http500) } == [.zero])
        // The stall is reported at its deadline (10 s after the request), on the virtual clock.
        #expect(run.times { $0 == .reportError(id: 2, .timedOut(after: .seconds(10))) } == [.seconds(40)])
        #expect(run.times { $0 == .fetch(id: 3) } == [.seconds(60)])
        #expect(run.times { if case .show(let b, _) = $0 { b.id == 3 } else { false } } == [.seconds(60)])
        // A late answer after the deadline is ignored.
        #expect(run.engine.send(.fetched(id: 2, result: .success(Samples.buff(id: 2)), now: .seconds(70))) == [])
    }

    @Test func aBuffArrivingWhileAnotherShowsIsQueuedAndGetsItsFullTime() {
        var run = VirtualRun(schedule: BuffSchedule(ids: [1, 2], interval: .seconds(5)),
                             answers: [1: .success(Samples.buff(id: 1, seconds: 10)), 2: .success(Samples.buff(id: 2, seconds: 4))])
        run.run(until: .seconds(60))
        #expect(run.times { $0 == .queued(buff: 2) } == [.seconds(5)])
        #expect(run.times { $0 == .hide(buff: 1, reason: .expired) } == [.seconds(10)])
        #expect(run.times { if case .show(let b, _) = $0 { b.id == 2 } else { false } } == [.seconds(10)])
        #expect(run.times { $0 == .hide(buff: 2, reason: .expired) } == [.seconds(14)])
    }

    @Test func voteAfterExpiryAndSecondVoteAreIgnoredCloseDuringTheTwoSecondsHides() {
        var engine = BuffEngine(schedule: BuffSchedule(ids: [1, 2], interval: .seconds(30)))
        engine.send(.start(now: .zero))
        engine.send(.fetched(id: 1, result: .success(Samples.buff(id: 1, seconds: 10)), now: .zero))
        #expect(engine.send(.vote(answer: 100, now: .seconds(10))).last == .hide(buff: 1, reason: .expired))
        #expect(engine.send(.vote(answer: 100, now: .seconds(11))) == [])
        engine.send(.tick(now: .seconds(30)))
        engine.send(.fetched(id: 2, result: .success(Samples.buff(id: 2, seconds: 10)), now: .seconds(30)))
        // Due items first (the countdown change at exactly t+1), then the vote.
        #expect(engine.send(.vote(answer: 200, now: .seconds(31)))
            == [.countdown(buff: 2, secondsLeft: 9), .highlight(buff: 2, answer: 200)])
        #expect(engine.send(.vote(answer: 201, now: .seconds(32))) == [])
        #expect(engine.send(.close(now: .milliseconds(32500))) == [.hide(buff: 2, reason: .closed)])
        #expect(engine.isFinished)
    }

    @Test func timeNeverRunsBackwards() {
        var engine = BuffEngine(schedule: BuffSchedule(ids: [1]))
        engine.send(.start(now: .seconds(5)))
        engine.send(.fetched(id: 1, result: .success(Samples.buff(id: 1, seconds: 3)), now: .seconds(1)))
        #expect(engine.display.shown?.shownAt == .seconds(5))
        #expect(engine.nextDeadline == .seconds(6))
    }
}
