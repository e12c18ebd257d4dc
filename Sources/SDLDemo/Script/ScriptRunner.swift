import Foundation

/// Replays a parsed script on a virtual clock: frames at a fixed rate (`framesPerSecond`), as fast as the
/// machine draws them, so traces are deterministic.
///
/// Each frame at time T first applies every step due by T (input at the step's own time), then runs the
/// session's per-frame work, reads the frame once, draws it, writes the trace line and takes pending
/// screenshots. A `wait-…` step keeps producing frames until its condition holds on a frame; the script's
/// timeline pauses meanwhile, so later steps keep their distance to the wait (a step 500 ms after the
/// wait's line runs 500 ms after the condition held). Downloads, pages and images arrive in real time, so
/// while the frame waits on real work (``FrameSnapshot/awaitsRealWork``) virtual time is not allowed to run
/// ahead of real time; likewise throughout a wait while the media controls are on a session bus, since a
/// command from outside the window (a media key, `playerctl play-pause`) comes in real time too: a paused
/// stream awaits nothing real, yet `wait-state playing` then waits for the bus. Otherwise (e.g. playback,
/// whose audio follows the virtual clock) it runs at full speed. A wait fails after its timeout in virtual
/// time.
struct ScriptRunner {
    var steps: [ScriptStep]
    var fileName: String
    var canvas: Canvas
    var session: DemoSession
    var text: TextRenderer
    var waker: Waker
    var trace: TraceWriter?
    var framesPerSecond: Double = 60

    /// Plays the script to its end (or its `quit`); throws ``ScriptError`` naming the failing line.
    func run() throws -> FrameStats {
        let realClock = MonotonicClock()
        var stats = FrameStats()
        var frameIndex = 0
        var next = 0
        var screenshots: [(path: String, line: Int)] = []
        var pointer = (x: Double(canvas.windowSize.width) / 2, y: Double(canvas.windowSize.height) / 2)

        func time(ofFrame index: Int) -> Double { Double(index) / framesPerSecond }

        /// Runs the frame's work, reads it, draws it, takes the screenshots due; returns what it showed.
        @discardableResult
        func renderFrame(at t: Double) throws -> FrameSnapshot {
            session.tick(at: t)
            let frame = session.frame(at: t)
            try draw(frame)
            return frame
        }

        /// Draws a frame already read (its work done), takes the screenshots due, writes the trace line.
        func draw(_ frame: FrameSnapshot) throws {
            let t = frame.time
            let drawStart = realClock.now
            do {
                try FrameRenderer.draw(frame, on: canvas, text: text, images: session.images)
            } catch {
                throw ScriptError(file: fileName, line: 0, message: "drawing the frame at \(Int(t * 1000)) ms failed: \(error)")
            }
            for shot in screenshots {
                do {
                    let pixels = try canvas.readPixels()
                    try Screenshot.save(width: pixels.width, height: pixels.height, rgba: pixels.rgba, to: shot.path)
                } catch {
                    throw ScriptError(file: fileName, line: shot.line, message: "screenshot failed: \(error)")
                }
            }
            screenshots.removeAll()
            canvas.present()
            stats.record(time: t, drawSeconds: realClock.now - drawStart)
            trace?.write(frame)
            session.markDrawn()
        }

        var offset = 0.0  // how far waits have pushed the timeline back, in seconds
        while true {
            var t = time(ofFrame: frameIndex)
            // Apply the steps that are due by this frame.
            while next < steps.count, Double(steps[next].time) / 1000 + offset <= t + 1e-9 {
                let step = steps[next]
                next += 1
                let stepTime = Double(step.time) / 1000 + offset
                func send(_ event: InputEvent) -> DemoSession.Outcome { session.handle(event, at: stepTime) }
                var outcome = DemoSession.Outcome.keepRunning
                switch step.command {
                case .size(let width, let height):
                    canvas.setSize(width: width, height: height)
                    outcome = send(.resized(width: Double(width), height: Double(height)))
                case .down(let x, let y):
                    pointer = (x, y)
                    outcome = send(.pointerDown(x: x, y: y))
                case .move(let x, let y):
                    pointer = (x, y)
                    outcome = send(.pointerMoved(x: x, y: y))
                case .up(let x, let y):
                    pointer = (x, y)
                    outcome = send(.pointerUp(x: x, y: y))
                case .tap(let x, let y):
                    pointer = (x, y)
                    outcome = send(.pointerDown(x: x, y: y))
                    if outcome == .keepRunning { outcome = send(.pointerUp(x: x, y: y)) }
                case .wheel(let dx, let dy, let x, let y):
                    if let x, let y { pointer = (x, y) }
                    outcome = send(.wheel(dx: dx, dy: dy, x: pointer.x, y: pointer.y))
                case .key(let key):
                    outcome = send(.key(key))
                case .type(let text):
                    outcome = send(.text(text))
                case .screenshot(let path):
                    screenshots.append((path, step.line))
                case .wait(let condition, let timeout):
                    frameIndex = try waitFor(condition, timeoutMilliseconds: timeout, step: step, fromFrame: frameIndex,
                                             time: time(ofFrame:), draw: draw)
                    t = time(ofFrame: frameIndex)
                    offset = t - Double(step.time) / 1000
                case .waitReal(let milliseconds):
                    frameIndex = try waitFor(nil, timeoutMilliseconds: milliseconds, step: step, fromFrame: frameIndex,
                                             time: time(ofFrame:), draw: draw)
                    t = time(ofFrame: frameIndex)
                    offset = t - Double(step.time) / 1000
                case .play(let request):
                    session.audio.play(request)
                case .releaseAudio:
                    session.audio.releaseAudio()
                case .quit:
                    outcome = .quit
                }
                if outcome == .quit {
                    try renderFrame(at: t)
                    return stats
                }
            }
            try renderFrame(at: time(ofFrame: frameIndex))
            if next >= steps.count { return stats }
            frameIndex += 1
        }
    }

    /// Produces frames from `fromFrame` on until `condition` holds on one; returns that frame's index (the
    /// caller renders it, and applies the steps due at it first). Throws when `timeoutMilliseconds` of
    /// virtual time pass. Each frame that does not satisfy the condition is drawn and traced exactly as it
    /// was checked (its work is not run a second time), so every state a wait passes through is in the trace.
    ///
    /// With `condition` nil (`wait-real`) it simply runs `timeoutMilliseconds`, paced to real time throughout.
    private func waitFor(
        _ condition: ScriptCondition?, timeoutMilliseconds: Int, step: ScriptStep, fromFrame: Int,
        time: (Int) -> Double, draw: (FrameSnapshot) throws -> Void
    ) throws -> Int {
        let virtualStart = time(fromFrame)
        var frameIndex = fromFrame
        var realWorkSince = 0.0  // virtual time when the current stretch of real work began
        var realWorkClock = MonotonicClock()
        var waitingForRealWork = false
        while true {
            let t = time(frameIndex)
            session.tick(at: t)
            let frame = session.frame(at: t)
            if let condition, condition.holds(in: frame) { return frameIndex }
            let elapsed = t - virtualStart
            if elapsed * 1000 >= Double(timeoutMilliseconds) {
                guard let condition else { return frameIndex }
                throw ScriptError(file: fileName, line: step.line,
                                  message: "\(condition.description) timed out after \(timeoutMilliseconds) ms (\(condition.observed(in: frame)))")
            }
            try draw(frame)
            frameIndex += 1
            // Pace virtual time to real time while the frame waits on real work or on the media controls.
            if condition == nil || frame.awaitsRealWork || session.audio.takesMediaControlCommands {
                if !waitingForRealWork {
                    waitingForRealWork = true
                    realWorkSince = time(frameIndex)
                    realWorkClock = MonotonicClock()
                }
                let ahead = (time(frameIndex) - realWorkSince) - realWorkClock.now
                if ahead > 0 { _ = waker.wait(seconds: ahead) }
            } else {
                waitingForRealWork = false
            }
        }
    }
}
