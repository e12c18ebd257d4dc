/// The SportBuff engine (seed 004): a plain value that turns ``BuffEvent``s into a new state and
/// ``BuffCommand``s, like PlayerCore's `Player`. It does no I/O and reads no clock: times arrive in events
/// as ``Duration``s since the start of the run, and all arithmetic on them is exact (no floating point),
/// so "hidden at exactly t + 10 s, not 10 ms before" holds.
///
/// ```swift
/// var engine = BuffEngine(schedule: BuffSchedule())   // ids 1…5, every 30 s, stop after 5
/// engine.send(.start(now: .zero))                      // [.fetch(id: 1)]
/// engine.send(.fetched(id: 1, result: .success(buff), now: .zero))  // [.show(buff, secondsLeft: 10)]
/// engine.send(.tick(now: .seconds(5)))                 // [.countdown 9, 8, 7, 6, 5], each at its second
/// engine.send(.vote(answer: 387, now: .milliseconds(5200)))  // [.highlight(buff: 155, answer: 387)]
/// engine.nextDeadline                                  // 7.2 s: the hide
/// ```
///
/// The driver ticks at ``nextDeadline`` (the virtual clock jumps there; the real clock sleeps until it).
/// A tick that arrives late still processes every due item **at its own due time**, in time order, so a
/// coarse tick never reorders or loses anything.
///
/// ## Transitions
///
/// Display states: *idle* (nothing shown), *showing* (counting down), *voted* (frozen, answer
/// highlighted). "Queue" is the buffs waiting; "in flight" the requests not yet answered. Items due at the
/// same instant happen in this order: fetch deadlines, the hide of the shown buff (and the next queued
/// buff shown in its place), a countdown change, the scheduled request.
///
/// | State | Event | New state | Commands |
/// |---|---|---|---|
/// | not started | start(now) | started, request index 0 due at now | fetch(ids[0]) |
/// | not started | tick, fetched, vote, close | unchanged | — |
/// | started | start | unchanged | — |
/// | any started | tick(now), nothing due | unchanged (time noted) | — |
/// | any started | request due | next request due one interval later (after the last id: none, or ids[0] with loop) | fetch(id) |
/// | any started | fetch deadline of id due | id no longer in flight | reportError(id, timedOut) |
/// | any started | fetched(id not in flight) | unchanged (a late answer after its deadline) | — |
/// | any started | fetched(id, failure) | id no longer in flight | reportError(id, error) |
/// | idle | fetched(id, buff) | showing buff from now, countdown ⌈time_to_show⌉ | show(buff, secondsLeft) |
/// | showing, voted | fetched(id, buff) | buff appended to the queue | queued(buff) |
/// | showing | countdown change due | secondsLeft − 1 | countdown(buff, secondsLeft) |
/// | showing | expiry due (shownAt + time_to_show) | next queued buff showing from then, or idle | hide(expired) [, show(next)] |
/// | showing | vote(answer of this buff, now) | voted, hideAt = now + 2 s, countdown frozen | highlight(buff, answer) |
/// | showing | vote(answer not in this buff) | unchanged | — |
/// | voted | vote | unchanged (the first vote stands) | — |
/// | voted | hide due (vote + 2 s) | next queued buff showing from then, or idle | hide(voted) [, show(next)] |
/// | showing, voted | close(now) | next queued buff showing from now, or idle | hide(closed) [, show(next)] |
/// | idle | vote, close | unchanged | — |
///
/// Events earlier than the latest time seen are taken as happening at the latest time (time never runs
/// backwards). Vote and close first process everything due up to their time, so a vote at or after the
/// expiry instant finds the buff already hidden and is ignored.
///
/// Choices the seed leaves open:
/// - **A buff arriving while another shows** is queued and shown, with its full time, when the current one
///   hides (first come, first shown).
/// - **A vote after expiry**, or a second vote during the 2 s, is ignored.
/// - **Close during the 2 s** hides at once with reason `closed`; the vote already reported stands.
/// - **A failed request** (HTTP error, malformed or unshowable JSON) or **a stalled one** (no answer within
///   ``BuffSchedule/fetchDeadline``) is reported with ``BuffCommand/reportError(id:_:)``; the schedule goes
///   on unchanged, and a late answer is ignored.
/// - **After the last id** the engine stops requesting (``isFinished`` once nothing is shown, queued or in
///   flight); ``BuffSchedule/loop`` starts again at the first id.
public struct BuffEngine: Sendable, Equatable {
    /// The schedule.
    public let schedule: BuffSchedule
    /// Whether ``BuffEvent/start(now:)`` has been received.
    public private(set) var started = false
    /// What is on screen.
    public private(set) var display: BuffDisplay = .none
    /// Buffs waiting for the screen, first to show first.
    public private(set) var queue: [Buff] = []
    /// Requests in flight: buff id → deadline.
    public private(set) var inFlight: [Int: Duration] = [:]
    /// The next scheduled request: index into ``BuffSchedule/ids`` and its time; `nil` when none is left.
    public private(set) var nextRequest: (index: Int, at: Duration)? {
        get { nextRequestIndex.map { ($0, nextRequestAt) } }
        set {
            nextRequestIndex = newValue?.index
            nextRequestAt = newValue?.at ?? .zero
        }
    }
    private var nextRequestIndex: Int?
    private var nextRequestAt: Duration = .zero
    /// The latest time seen.
    public private(set) var now: Duration = .zero

    /// An engine that has not started.
    public init(schedule: BuffSchedule = BuffSchedule()) {
        self.schedule = schedule
    }

    /// Whether the run is over: started, no request left, nothing in flight, shown or queued. Never true
    /// with ``BuffSchedule/loop``.
    public var isFinished: Bool {
        started && nextRequestIndex == nil && inFlight.isEmpty && display == .none && queue.isEmpty
    }

    /// The earliest time something is due (a request, a deadline, a countdown change, a hide), or `nil`.
    public var nextDeadline: Duration? {
        guard started else { return nil }
        var candidates: [Duration] = Array(inFlight.values)
        if nextRequestIndex != nil { candidates.append(nextRequestAt) }
        switch display {
        case .none: break
        case .showing(let shown):
            candidates.append(Self.nextCountdownChange(shown))
        case .voted(_, _, let hideAt):
            candidates.append(hideAt)
        }
        return candidates.min()
    }

    /// When `shown`'s countdown next changes (its expiry when it shows 1).
    static func nextCountdownChange(_ shown: ShownBuff) -> Duration {
        shown.expiresAt - .seconds(max(0, shown.secondsLeft - 1))
    }

    /// Applies `event`; returns the commands to run, in order.
    @discardableResult
    public mutating func send(_ event: BuffEvent) -> [BuffCommand] {
        var commands: [BuffCommand] = []
        switch event {
        case .start(let at):
            guard !started else { return [] }
            started = true
            now = at
            nextRequest = schedule.ids.isEmpty ? nil : (0, at)
            advance(to: at, into: &commands)
        case .tick(let at):
            guard started else { return [] }
            advance(to: at, into: &commands)
        case .fetched(let id, let result, let at):
            guard started else { return [] }
            advance(to: at, into: &commands)
            guard inFlight.removeValue(forKey: id) != nil else { return commands }
            switch result {
            case .failure(let error):
                commands.append(.reportError(id: id, error))
            case .success(let buff):
                if display == .none {
                    show(buff, at: now, into: &commands)
                } else {
                    queue.append(buff)
                    commands.append(.queued(buff: buff.id))
                }
            }
        case .vote(let answer, let at):
            guard started else { return [] }
            advance(to: at, into: &commands)
            if case .showing(let shown) = display, shown.buff.answer(id: answer) != nil {
                display = .voted(shown, answer: answer, hideAt: now + BuffSchedule.voteLinger)
                commands.append(.highlight(buff: shown.buff.id, answer: answer))
            }
        case .close(let at):
            guard started else { return [] }
            advance(to: at, into: &commands)
            if let shown = display.shown {
                commands.append(.hide(buff: shown.buff.id, reason: .closed))
                showNext(at: now, into: &commands)
            }
        }
        return commands
    }

    /// Processes everything due up to `target`, each item at its own due time, then notes `target`.
    private mutating func advance(to target: Duration, into commands: inout [BuffCommand]) {
        let target = max(target, now)
        while let due = nextDeadline, due <= target {
            now = max(now, due)
            step(at: due, into: &commands)
        }
        now = target
    }

    /// Everything due exactly at `time`, in the documented order.
    private mutating func step(at time: Duration, into commands: inout [BuffCommand]) {
        for (id, deadline) in inFlight.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) where deadline <= time {
            inFlight[id] = nil
            commands.append(.reportError(id: id, .timedOut(after: schedule.fetchDeadline)))
        }
        switch display {
        case .none:
            break
        case .voted(let shown, _, let hideAt):
            if hideAt <= time {
                commands.append(.hide(buff: shown.buff.id, reason: .voted))
                showNext(at: time, into: &commands)
            }
        case .showing(var shown):
            if shown.expiresAt <= time {
                commands.append(.hide(buff: shown.buff.id, reason: .expired))
                showNext(at: time, into: &commands)
            } else if Self.nextCountdownChange(shown) <= time {
                shown.secondsLeft -= 1
                display = .showing(shown)
                commands.append(.countdown(buff: shown.buff.id, secondsLeft: shown.secondsLeft))
            }
        }
        if let index = nextRequestIndex, nextRequestAt <= time {
            let id = schedule.ids[index]
            inFlight[id] = time + schedule.fetchDeadline
            commands.append(.fetch(id: id))
            let next = index + 1
            if next < schedule.ids.count {
                nextRequest = (next, nextRequestAt + schedule.interval)
            } else if schedule.loop {
                nextRequest = (0, nextRequestAt + schedule.interval)
            } else {
                nextRequest = nil
            }
        }
    }

    private mutating func showNext(at time: Duration, into commands: inout [BuffCommand]) {
        display = .none
        guard !queue.isEmpty else { return }
        show(queue.removeFirst(), at: time, into: &commands)
    }

    private mutating func show(_ buff: Buff, at time: Duration, into commands: inout [BuffCommand]) {
        let shown = ShownBuff(buff: buff, shownAt: time, expiresAt: time + buff.timeToShow,
                              secondsLeft: BuffClock.wholeSecondsShown(buff.timeToShow))
        display = .showing(shown)
        commands.append(.show(buff, secondsLeft: shown.secondsLeft))
    }

    /// Equality of every field (the tuple property is compared through its parts).
    public static func == (lhs: BuffEngine, rhs: BuffEngine) -> Bool {
        lhs.schedule == rhs.schedule && lhs.started == rhs.started && lhs.display == rhs.display
            && lhs.queue == rhs.queue && lhs.inFlight == rhs.inFlight && lhs.nextRequestIndex == rhs.nextRequestIndex
            && lhs.nextRequestAt == rhs.nextRequestAt && lhs.now == rhs.now
    }
}
