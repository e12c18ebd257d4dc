/// When to reload a live media playlist, RFC 8216 §6.3.4 ("Reloading the Media Playlist File"):
///
/// | the last load | wait before the next, measured from when the last load began |
/// |---|---|
/// | the first load, or a reload that found the playlist changed | the target duration ("MUST wait for at least the target duration") |
/// | a reload that found it unchanged | half the target duration ("one-half the target duration before retrying") |
/// | the n-th failure in a row | `min(target · 2^(n−2), 4 · target)`: ½, 1, 2, 4, 4 … target durations (our back-off; the RFC says nothing) |
///
/// A pure value: the recorder tells it what happened and asks for the delay.
///
/// ```swift
/// let policy = LiveReloadPolicy(targetDuration: .seconds(6))
/// policy.delay(after: .changed)          // 6 s
/// policy.delay(after: .unchanged)        // 3 s
/// policy.delay(after: .failed(3))        // 12 s
/// ```
struct LiveReloadPolicy: Sendable, Equatable {
    /// What the last load found.
    enum Outcome: Sendable, Equatable {
        /// The first load, or a reload whose bytes differ from the previous ones.
        case changed
        /// A reload with the same bytes as the previous one.
        case unchanged
        /// The `n`-th consecutive failed reload (n ≥ 1).
        case failed(Int)
    }

    /// `EXT-X-TARGETDURATION` (§4.3.3.1).
    var targetDuration: Duration

    /// The wait after `outcome`, from the start of the load that produced it.
    func delay(after outcome: Outcome) -> Duration {
        switch outcome {
        case .changed:
            return targetDuration
        case .unchanged:
            return targetDuration / 2
        case .failed(let count):
            let doublings = min(max(count - 1, 0), 3)   // ½, 1, 2, 4 target durations
            return min(targetDuration * (1 << doublings) / 2, targetDuration * 4)
        }
    }
}
