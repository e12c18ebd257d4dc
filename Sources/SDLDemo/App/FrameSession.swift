import ScreenKit
import MediaCore
/// What the frame loop drives: the running session of the window (``DemoSession``), seen as input in, work
/// per frame, one ``FrameSnapshot`` out per frame, and when it next needs a frame although nothing moves.
protocol FrameSession: AnyObject {
    /// Applies one input event (timed in session seconds).
    func handle(_ event: ShellEvent) -> DemoSession.Outcome
    /// Runs the work due by time `t` (results handed to the main thread, the shell's tick, image fetches).
    func tick(at t: Double)
    /// What the frame at `t` shows; reading changes nothing.
    func frame(at t: Double) -> FrameSnapshot
    /// The frame was drawn (and traced): the outputs it listed are done.
    func markDrawn()
    /// The window's images, drawn with the frame.
    var images: ImageStore? { get }
    /// Plays `request` in the circle, as an app's Play or Listen does (a script's `play-download`, `play-stream`).
    func play(_ request: MediaRequest)
    /// Releases the audio, as an app does when a video starts (a script's `release-audio`).
    func releaseAudio()
    /// Asks the open video to jump to `seconds` (a script's `seek`), as the seek bar does.
    func seekVideo(to seconds: Double)
    /// The session time at which the session needs ``tick(at:)`` again even though nothing moves and no input
    /// or wake-up arrives (work due on the main thread, a timer), given the last frame drawn; nil when it
    /// needs none. The live loop sleeps until then, at most a second.
    func nextTick(after frame: FrameSnapshot) -> Double?
}

extension DemoSession: FrameSession {
    /// Through the media host, as apps do.
    func play(_ request: MediaRequest) { media.send(.playRequested(request)) }

    /// Through the media host, as apps do.
    func releaseAudio() { media.send(.audioReleased) }

    /// Through the media host, as the player screen does.
    func seekVideo(to seconds: Double) { media.send(.controlRequested(.seek(to: seconds))) }

    /// An overlay's next deadline (``FrameSnapshot/wakeAt``). Audio needs no tick: the media host plays on its
    /// own thread and wakes the loop when what the circle shows changed (in scripts it is pumped every frame).
    func nextTick(after frame: FrameSnapshot) -> Double? {
        frame.wakeAt
    }
}
