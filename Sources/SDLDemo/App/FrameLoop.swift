/// The window's one frame loop, for the real clock and the virtual one alike: a ``FrameSource`` says when the
/// next frame is due and hands the input due by then to the session; the loop then runs the frame's work,
/// reads the frame once and, if the source wants it drawn, draws, presents, traces and marks it drawn.
///
/// Per frame, always in this order:
///
/// 1. `source.nextFrame` — wait (input, a wake-up, a deadline) or apply the script steps due; the frame's time;
/// 2. `session.tick(at: t)` — the frame's work (results handed to the main thread, the shell's tick, images);
/// 3. `session.frame(at: t)` — the ``FrameSnapshot``, read once;
/// 4. `source.review` — draw it, or not (nothing visible changed; a script's wait just ended on it);
/// 5. draw, `source.willPresent` (screenshots), present, record the frame's statistics, trace, `markDrawn`;
/// 6. `source.didPresent` — pacing (the display rate, or a scripted wait keeping pace with real time).
///
/// ``LiveFrameSource`` is the interactive window (SDL input, the monotonic clock, waits that cost nothing
/// while nothing happens); ``ScriptFrameSource`` replays a script on a virtual clock.
struct FrameLoop<Source: FrameSource> {
    var source: Source
    let session: any FrameSession
    let target: any FrameTarget
    let trace: TraceWriter?

    /// Runs until the source ends the run; returns the frame statistics.
    mutating func run() throws -> FrameStats {
        let clock = MonotonicClock()
        var stats = FrameStats()
        while let t = try source.nextFrame(session, target) {
            session.tick(at: t)
            let frame = session.frame(at: t)
            guard case .draw(let animating) = try source.review(frame, target) else {
                trace?.flushIfStale(now: clock.now)
                continue
            }
            let drawStart = clock.now
            do {
                try target.draw(frame, images: session.images)
            } catch {
                throw source.drawingFailed(error, frame: frame)
            }
            try source.willPresent(frame, target)
            target.present()
            stats.record(time: t, drawSeconds: clock.now - drawStart, animating: animating)
            trace?.write(frame, now: clock.now)
            session.markDrawn()
            try source.didPresent(frame)
        }
        trace?.flush()
        return stats
    }
}

/// What the loop does with a frame it has read.
enum FrameDecision: Equatable {
    /// Draw and present it; `animating`: it belongs to a stretch of frames at the display rate (statistics).
    case draw(animating: Bool)
    /// Do not draw it (go on with the next frame).
    case skip
}

/// Where a ``FrameLoop``'s frames come from: their times, the input due by each, and what to draw.
protocol FrameSource {
    /// Waits until the next frame is due, hands the input due by then to `session`; returns the frame's time
    /// (seconds on the session's clock), or nil when the run is over.
    mutating func nextFrame(_ session: any FrameSession, _ target: any FrameTarget) throws -> Double?
    /// Whether to draw `frame`, just read at `frame.time` after its work ran.
    mutating func review(_ frame: FrameSnapshot, _ target: any FrameTarget) throws -> FrameDecision
    /// `frame` is drawn and not yet presented (screenshots are taken here).
    mutating func willPresent(_ frame: FrameSnapshot, _ target: any FrameTarget) throws
    /// `frame` is presented, traced and marked drawn (pacing happens here).
    mutating func didPresent(_ frame: FrameSnapshot) throws
    /// The error to report when drawing `frame` threw `error`.
    func drawingFailed(_ error: any Error, frame: FrameSnapshot) -> any Error
}

extension FrameSource {
    /// Nothing to do before presenting.
    mutating func willPresent(_ frame: FrameSnapshot, _ target: any FrameTarget) throws {}
    /// The drawing error as it is.
    func drawingFailed(_ error: any Error, frame: FrameSnapshot) -> any Error { error }
}
