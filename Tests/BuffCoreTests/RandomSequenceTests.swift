import BuffCore
import Testing
import TestSupport

/// Seeded random runs of the engine: random answers (buffs of random lengths and answer counts, failures,
/// late answers), votes (valid or not) and closes at random times, with the clock ticking at every
/// deadline in between. Every run must keep the engine's promises, checked on the command stream.
@Suite("Engine: random sequences")
struct RandomSequenceTests {
    /// What is known about the buff on screen, for the checks.
    struct OnScreen {
        var buff: Buff
        var shownAt: Duration
        var lastSeconds: Int
        var votedAt: Duration?
    }

    @Test(arguments: 0..<200) func promisesHold(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let ids = Array(1...Int.random(in: 1...6, using: &random))
        let schedule = BuffSchedule(ids: ids, interval: .milliseconds(Int64.random(in: 500...20_000, using: &random)),
                                    loop: Bool.random(using: &random),
                                    fetchDeadline: .milliseconds(Int64.random(in: 100...15_000, using: &random)))
        var engine = BuffEngine(schedule: schedule)
        var onScreen: OnScreen?
        var shows = 0, hides = 0
        var requested: [Int: Duration] = [:]
        var pendingAnswers: [(at: Duration, id: Int)] = []
        var now = Duration.zero
        var nextBuffID = 1000

        func check(_ commands: [BuffCommand], at t: Duration) {
            for command in commands {
                switch command {
                case .fetch(let id):
                    #expect(ids.contains(id))
                    requested[id] = t
                    // Answer later (or never: a stall), at a random delay.
                    if Int.random(in: 0..<10, using: &random) > 0 {
                        pendingAnswers.append((t + .milliseconds(Int64.random(in: 0...20_000, using: &random)), id))
                    }
                case .show(let buff, let seconds):
                    #expect(onScreen == nil, "seed \(seed): a show while another buff is on screen")
                    #expect(seconds == BuffClock.wholeSecondsShown(buff.timeToShow))
                    onScreen = OnScreen(buff: buff, shownAt: t, lastSeconds: seconds)
                    shows += 1
                case .countdown(let id, let seconds):
                    #expect(onScreen?.buff.id == id && onScreen?.votedAt == nil, "seed \(seed): countdown of \(id)")
                    #expect(seconds == (onScreen?.lastSeconds ?? 0) - 1 && seconds >= 1)
                    if let shown = onScreen {
                        // The whole number changes at exactly expiry − seconds.
                        #expect(shown.shownAt + shown.buff.timeToShow - .seconds(seconds) == t, "seed \(seed)")
                    }
                    onScreen?.lastSeconds = seconds
                case .highlight(let id, let answer):
                    #expect(onScreen?.buff.id == id && onScreen?.votedAt == nil)
                    #expect(onScreen?.buff.answer(id: answer) != nil)
                    onScreen?.votedAt = t
                case .hide(let id, let reason):
                    #expect(onScreen?.buff.id == id, "seed \(seed): hide of a buff not on screen")
                    if let shown = onScreen {
                        switch reason {
                        case .expired:
                            #expect(shown.votedAt == nil && t == shown.shownAt + shown.buff.timeToShow, "seed \(seed)")
                        case .voted:
                            #expect(shown.votedAt.map { $0 + .seconds(2) } == t, "seed \(seed)")
                        case .closed:
                            #expect(t < shown.shownAt + shown.buff.timeToShow || shown.votedAt != nil)
                        }
                    }
                    onScreen = nil
                    hides += 1
                case .queued(let id):
                    #expect(onScreen != nil && onScreen?.buff.id != id)
                case .reportError(let id, let error):
                    #expect(requested[id] != nil)
                    if case .timedOut = error, let at = requested[id] {
                        #expect(t == at + schedule.fetchDeadline, "seed \(seed)")
                    }
                }
            }
            #expect(engine.nextDeadline.map { $0 > t } ?? true, "seed \(seed): a deadline left behind")
        }

        func send(_ event: BuffEvent, at t: Duration) {
            check(engine.send(event), at: t)
        }

        send(.start(now: .zero), at: .zero)
        for _ in 0..<60 {
            // The next outside event: an answer that is due, a vote or a close at a random time.
            pendingAnswers.sort { $0.at < $1.at }
            let userAt = now + .milliseconds(Int64.random(in: 1...8000, using: &random))
            let answerAt = pendingAnswers.first?.at
            let eventAt = min(userAt, answerAt ?? userAt)
            // Tick at every deadline before it.
            while let due = engine.nextDeadline, due <= eventAt {
                now = due
                send(.tick(now: due), at: due)
            }
            now = max(now, eventAt)
            if let answerAt, answerAt <= userAt {
                let answer = pendingAnswers.removeFirst()
                let result: Result<Buff, BuffError>
                if Int.random(in: 0..<5, using: &random) == 0 {
                    result = .failure(.answerCount(6))
                } else {
                    nextBuffID += 1
                    let count = Int.random(in: 2...5, using: &random)
                    result = .success(Buff(
                        id: nextBuffID, timeToShow: .milliseconds(Int64.random(in: 1...20_000, using: &random)),
                        author: BuffAuthor(firstName: "A", lastName: ""), question: BuffQuestion(title: "Q"),
                        answers: (0..<count).map { BuffAnswer(id: nextBuffID * 10 + $0, title: "\($0)") }))
                }
                send(.fetched(id: answer.id, result: result, now: now), at: now)
            } else if Bool.random(using: &random) {
                let answer = onScreen.flatMap { $0.buff.answers.randomElement(using: &random)?.id } ?? 1
                send(.vote(answer: Bool.random(using: &random) ? answer : -1, now: now), at: now)
            } else {
                send(.close(now: now), at: now)
            }
        }
        #expect(hides <= shows && shows - hides <= 1)
    }
}
