/// What the frame loop drives: the running session of the window (``DemoSession``), seen as input in, work
/// per frame, one ``FrameSnapshot`` out per frame, and when it next needs a frame although nothing moves.
protocol FrameSession: AnyObject {
    /// Applies one input event at time `t` (seconds).
    func handle(_ event: InputEvent, at t: Double) -> DemoSession.Outcome
    /// Runs the work due by time `t` (results handed to the main thread, the shell's tick, image fetches).
    func tick(at t: Double)
    /// What the frame at `t` shows; reading changes nothing.
    func frame(at t: Double) -> FrameSnapshot
    /// The frame was drawn (and traced): the outputs it listed are done.
    func markDrawn()
    /// The window's images, drawn with the frame.
    var images: ImageStore? { get }
    /// Plays `request` in the circle, as an app's Play or Listen does (a script's `play-download`, `play-stream`).
    func play(_ request: PlayRequest)
    /// Releases the audio, as an app does when a video starts (a script's `release-audio`).
    func releaseAudio()
    /// The session time at which the session needs ``tick(at:)`` again even though nothing moves and no input
    /// or wake-up arrives (work due on the main thread, a timer), given the last frame drawn; nil when it
    /// needs none. The live loop sleeps until then, at most a second.
    func nextTick(after frame: FrameSnapshot) -> Double?
}

extension DemoSession: FrameSession {
    /// How often the audio engines need their main-thread pump while something plays (``GlobalAudio/tick(at:)``:
    /// the players queue more than this ahead of the device).
    static let audioPumpInterval = 0.05

    /// Through the global audio player, as apps do.
    func play(_ request: PlayRequest) { audio.play(request) }

    /// Through the global audio player, as apps do.
    func releaseAudio() { audio.releaseAudio() }

    /// While audio plays, its pump every ``audioPumpInterval``; an overlay's next deadline (``FrameSnapshot/wakeAt``).
    func nextTick(after frame: FrameSnapshot) -> Double? {
        let pump = frame.phase == .playing ? frame.time + Self.audioPumpInterval : nil
        return [pump, frame.wakeAt].compactMap { $0 }.min()
    }
}
