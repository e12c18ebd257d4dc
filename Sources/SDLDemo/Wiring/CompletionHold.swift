/// Keeps the "completed" state on screen for a moment.
///
/// The player leaves `completed` as soon as the cached file is deleted, which takes microseconds, so the
/// spinner the spec asks for in that state would never be drawn. The audio plug-in marks the moment
/// playback finished; for `duration` seconds after it, an `uninitialized` player is presented as
/// `completed` (spinner, full circle). A tap still goes to the real player. Main thread only.
final class CompletionHold {
    /// How long the completed state stays visible, in seconds of session time.
    let duration: Double
    private var finishedAt: Double?

    init(duration: Double = 0.8) {
        self.duration = duration
    }

    /// Playback finished at `t`.
    func markFinished(at t: Double) {
        finishedAt = t
    }

    /// Forgets the mark (e.g. a new fetch started).
    func clear() {
        finishedAt = nil
    }

    /// Whether time `t` falls in the hold.
    func isHolding(at t: Double) -> Bool {
        guard let finishedAt else { return false }
        return t >= finishedAt && t < finishedAt + duration
    }
}
