/// What the demo needs from an audio player that is driven by the frame clock: calls on the main
/// thread only, `pump` once per frame with the frame's time.
protocol AudioEngine: AnyObject {
    /// Starts playing `file` from its beginning at time `t`.
    func play(file: String, at t: Double)
    /// Pauses, keeping the position.
    func pause(at t: Double)
    /// Resumes from the paused position.
    func resume(at t: Double)
    /// Stops for good.
    func stop()
    /// Does the work due by time `t`; returns how playback ended, if it ended.
    func pump(at t: Double) -> AudioEngineOutcome?
}

/// How playback ended.
enum AudioEngineOutcome: Equatable {
    case finished
    case failed(String)
}
