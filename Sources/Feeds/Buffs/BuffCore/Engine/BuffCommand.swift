/// What the driver must do (or show) after an event; see ``BuffEngine``'s transition table.
public enum BuffCommand: Sendable, Equatable {
    /// Request `GET {base}/buffs/{id}` and send ``BuffEvent/fetched(id:result:now:)`` with the result.
    case fetch(id: Int)
    /// Show `buff` with `secondsLeft` on its countdown.
    case show(Buff, secondsLeft: Int)
    /// The whole number of seconds shown on the countdown of buff `buff` changed.
    case countdown(buff: Int, secondsLeft: Int)
    /// The viewer voted: highlight `answer` (an answer id) and freeze the countdown.
    case highlight(buff: Int, answer: Int)
    /// Hide buff `buff`.
    case hide(buff: Int, reason: BuffHideReason)
    /// Buff `buff` arrived while another is shown: it waits and will get its full time.
    case queued(buff: Int)
    /// The request for buff `id` failed, or its buff cannot be shown; nothing is shown for it.
    case reportError(id: Int, BuffError)
}

/// Why a buff was hidden.
public enum BuffHideReason: String, Sendable, Equatable, CaseIterable {
    /// The countdown reached 0 without a vote.
    case expired
    /// 2 s after a vote.
    case voted
    /// The close ✕ was tapped.
    case closed
}

/// What is on screen.
public enum BuffDisplay: Sendable, Equatable {
    /// No buff.
    case none
    /// A buff counting down.
    case showing(ShownBuff)
    /// A buff with a vote: countdown frozen, `answer` highlighted, hidden at `hideAt`.
    case voted(ShownBuff, answer: Int, hideAt: Duration)

    /// The buff on screen, if any.
    public var shown: ShownBuff? {
        switch self {
        case .none: nil
        case .showing(let shown), .voted(let shown, _, _): shown
        }
    }
}

/// A buff on screen and its times.
public struct ShownBuff: Sendable, Equatable {
    /// The buff.
    public var buff: Buff
    /// When it appeared.
    public var shownAt: Duration
    /// When it hides without a vote: ``shownAt`` + ``Buff/timeToShow``.
    public var expiresAt: Duration
    /// The whole number of seconds on the countdown (frozen after a vote).
    public var secondsLeft: Int

    /// The time left at `now` (0 after expiry), for drawing the ring; a voted buff's ring is frozen by
    /// its caller passing the vote time.
    public func remaining(at now: Duration) -> Duration {
        max(.zero, expiresAt - now)
    }

    /// The fraction of the ring still full at `now`, in 0…1.
    public func fractionLeft(at now: Duration) -> Double {
        let total = BuffClock.milliseconds(buff.timeToShow)
        guard total > 0 else { return 0 }
        return min(1, max(0, Double(BuffClock.milliseconds(remaining(at: now))) / Double(total)))
    }
}
