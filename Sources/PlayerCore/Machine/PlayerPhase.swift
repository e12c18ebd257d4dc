/// The player's state without its payload: what scripts wait for, traces record and a window compares.
///
/// Every player machine maps its state onto a phase (``PlayerState/phase``), so code that only needs to know
/// *which* state the player is in (e.g. "is it playing?") compares typed values, not names. The raw value is
/// the state's name as scripts and traces spell it.
///
/// ```swift
/// PlayerState.fetching(progress: 0.4).phase          // .fetching
/// PlayerPhase(rawValue: "playing")                   // .playing
/// PlayerPhase.allCases.map(\.rawValue)               // ["uninitialized", "fetching", …, "failed"]
/// ```
public enum PlayerPhase: String, CaseIterable, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Nothing fetched yet, or the last cycle ended.
    case uninitialized
    /// Downloading (a file) or buffering (a stream).
    case fetching
    /// Audio is playing.
    case playing
    /// Playback is paused.
    case paused
    /// Playback ended; the cached file is being deleted.
    case completed
    /// The download or playback failed; a tap retries.
    case failed

    /// The name scripts and traces use (the raw value).
    public var description: String { rawValue }
}

extension PlayerState {
    /// This state's phase: the case without its payload.
    public var phase: PlayerPhase {
        switch self {
        case .uninitialized: .uninitialized
        case .fetching: .fetching
        case .playing: .playing
        case .paused: .paused
        case .completed: .completed
        case .failed: .failed
        }
    }
}
