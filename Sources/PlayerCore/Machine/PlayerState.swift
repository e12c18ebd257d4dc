/// What the player is doing, as the user sees it.
///
/// The spec's five states plus ``failed(message:)`` for the failures the spec leaves open.
/// See ``Player`` for the transition table.
public enum PlayerState: Equatable, Sendable {
    /// Nothing fetched yet (or the last cycle ended). Shows ``PlayerIcon/play``; a tap starts a fetch.
    case uninitialized
    /// The audio is being downloaded. `progress` is the downloaded fraction in `0...1`; it never decreases
    /// during one fetch. Shows ``PlayerIcon/spinner``; taps are ignored.
    case fetching(progress: Double)
    /// The downloaded file is playing. Shows ``PlayerIcon/pause``; a tap pauses.
    case playing
    /// Playback is paused, position kept. Shows ``PlayerIcon/play``; a tap resumes.
    case paused
    /// Playback ended; the cached file is being deleted. Shows ``PlayerIcon/spinner``; taps are ignored.
    /// Leaves for ``uninitialized`` once the deletion is reported (successful or not).
    case completed
    /// The download or the playback failed. `message` is a human-readable reason for display.
    /// Shows ``PlayerIcon/retry``; a tap starts a new fetch.
    case failed(message: String)
}
