/// What happened, for ``BuffEngine/send(_:)``. Times are ``Duration``s since the start of the run, passed
/// in by the driver (real or virtual clock); the engine never reads a clock.
public enum BuffEvent: Sendable, Equatable {
    /// The run starts at `now`: the first request goes out at once.
    case start(now: Duration)
    /// Time passed; everything due up to `now` happens, each at its own due time.
    case tick(now: Duration)
    /// The request for buff `id` answered (a buff, or why there is none).
    case fetched(id: Int, result: Result<Buff, BuffError>, now: Duration)
    /// The viewer chose the answer with id `answer`.
    case vote(answer: Int, now: Duration)
    /// The viewer tapped the close ✕.
    case close(now: Duration)
}
