/// Where a seek on a story (a stream that ends) goes: a time, or a jump from the engine's position, which only
/// the host knows (the pure player has no clock of the audio). Carried by ``MediaCommand/seekStream(_:_:)``.
///
/// ```swift
/// player.send(.controlRequested(.skip(by: 15)), at: t)   // → [.seekStream(session, .by(15))]
/// ```
public enum StreamSeek: Hashable, Sendable {
    /// To `seconds` from the story's start (clamped by the engine to its length).
    case to(Double)
    /// By `seconds` from the position played (negative: back).
    case by(Double)
}
