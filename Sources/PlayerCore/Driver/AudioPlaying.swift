/// Plays a local audio file ("play a file"); the SDL audio output plugs in here.
///
/// Implementations must return promptly and may report from any thread.
public protocol AudioPlaying: Sendable {
    /// Starts playing `file` from the beginning, replacing anything playing; reports exactly one
    /// ``PlayerEvent/playbackFinished`` (end reached) or ``PlayerEvent/playbackFailed(message:)`` through `events`.
    func play(file: String, events: @escaping @Sendable (PlayerEvent) -> Void)
    /// Pauses playback, keeping the position.
    func pause()
    /// Resumes playback where it was paused.
    func resume()
    /// Stops playback and releases the file; no further events are reported for it.
    func stop()
}
