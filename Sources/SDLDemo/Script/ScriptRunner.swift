import Foundation

/// Replays a parsed script on a virtual clock: frames at a fixed rate (`framesPerSecond`), as fast as the
/// machine draws them, so traces are deterministic.
///
/// Each frame at time T first applies every step due by T (input at the step's own time), then runs the
/// session's per-frame work, draws, writes the trace line and takes pending screenshots.
/// `wait-state S MS` keeps producing frames until the player is in state S; the script's timeline pauses
/// meanwhile, so later steps keep their distance to the wait (a step 500 ms after the wait's line runs
/// 500 ms after the state was reached). Downloads happen in real time
/// meanwhile, so while the player waits for real work (fetching, deleting the file) virtual time is not
/// allowed to run ahead of real time; otherwise (e.g. playback, whose audio follows the virtual clock) it
/// runs at full speed. The wait fails after MS ms of virtual time.
struct ScriptRunner {
    var steps: [ScriptStep]
    var fileName: String
    var canvas: Canvas
    var session: DemoSession
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

        func time(ofFrame index: Int) -> Double { Double(index) / framesPerSecond }

        func renderFrame(at t: Double) throws {
            session.tick(at: t)
            let frame = session.snapshot(at: t)
            let drawStart = realClock.now
            do {
                try FrameRenderer.draw(frame, on: canvas)
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
        }

        var offset = 0.0  // how far waits have pushed the timeline back, in seconds
        while true {
            var t = time(ofFrame: frameIndex)
            // Apply the steps that are due by this frame.
            while next < steps.count, Double(steps[next].time) / 1000 + offset <= t + 1e-9 {
                let step = steps[next]
                next += 1
                let stepTime = Double(step.time) / 1000 + offset
                switch step.command {
                case .size(let width, let height):
                    canvas.setSize(width: width, height: height)
                    _ = session.handle(.resized(width: Double(width), height: Double(height)), at: stepTime)
                case .down(let x, let y):
                    _ = session.handle(.pointerDown(x: x, y: y), at: stepTime)
                case .move(let x, let y):
                    _ = session.handle(.pointerMoved(x: x, y: y), at: stepTime)
                case .up(let x, let y):
                    _ = session.handle(.pointerUp(x: x, y: y), at: stepTime)
                case .key(let key):
                    if session.handle(.key(key), at: stepTime) == .quit {
                        try renderFrame(at: t)
                        return stats
                    }
                case .screenshot(let path):
                    screenshots.append((path, step.line))
                case .waitState(let state, let timeout):
                    frameIndex = try waitFor(state: state, timeoutMilliseconds: timeout, step: step,
                                             fromFrame: frameIndex, time: time(ofFrame:), renderFrame: renderFrame)
                    t = time(ofFrame: frameIndex)
                    offset = t - Double(step.time) / 1000
                case .waitReal(let milliseconds):
                    frameIndex = try waitFor(state: nil, timeoutMilliseconds: milliseconds, step: step,
                                             fromFrame: frameIndex, time: time(ofFrame:), renderFrame: renderFrame)
                    t = time(ofFrame: frameIndex)
                    offset = t - Double(step.time) / 1000
                case .quit:
                    try renderFrame(at: t)
                    return stats
                }
            }
            try renderFrame(at: time(ofFrame: frameIndex))
            if next >= steps.count { return stats }
            frameIndex += 1
        }
    }

    /// Produces frames from `fromFrame` on until the session's state is `state`; returns the frame index
    /// reached (the caller renders that frame). Throws when `timeoutMilliseconds` of virtual time pass.
    ///
    /// With `state` nil (`wait-real`) it simply runs `timeoutMilliseconds`, paced to real time throughout.
    private func waitFor(
        state: String?, timeoutMilliseconds: Int, step: ScriptStep, fromFrame: Int,
        time: (Int) -> Double, renderFrame: (Double) throws -> Void
    ) throws -> Int {
        let virtualStart = time(fromFrame)
        var frameIndex = fromFrame
        var realWorkSince = 0.0  // virtual time when the current stretch of real work began
        var realWorkClock = MonotonicClock()
        var waitingForRealWork = false
        while true {
            session.tick(at: time(frameIndex))
            if let state, session.stateName(at: time(frameIndex)) == state { return frameIndex }
            let elapsed = time(frameIndex) - virtualStart
            if elapsed * 1000 >= Double(timeoutMilliseconds) {
                guard let state else { return frameIndex }
                throw ScriptError(file: fileName, line: step.line,
                                  message: "wait-state \(state) timed out after \(timeoutMilliseconds) ms (state: \(session.stateName(at: time(frameIndex))))")
            }
            try renderFrame(time(frameIndex))
            frameIndex += 1
            // Pace virtual time to real time while the player waits on real work.
            if state == nil || session.awaitsRealWork {
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
