import DragPhysics
import ScreenKit
/// A parsed script's frames, on a virtual clock: frames at a fixed rate (`framesPerSecond`), as fast as the
/// machine draws them, so traces are deterministic.
///
/// Each frame at time T first applies every step due by T (input at the step's own time); the ``FrameLoop``
/// then runs the session's per-frame work, reads the frame once, draws it (screenshots taken before it is
/// presented) and writes the trace line. A `wait-…` step keeps producing frames until its condition holds on
/// a frame: that frame is not drawn, the steps due at it are applied and it is read again and drawn; every
/// frame before it is drawn and traced exactly as it was checked. The script's timeline pauses meanwhile, so
/// later steps keep their distance to the wait (a step 500 ms after the wait's line runs 500 ms after the
/// condition held). Downloads, pages and images arrive in real time, so while the frame waits on real work
/// (``FrameSnapshot/awaitsRealWork``) virtual time is not allowed to run ahead of real time; otherwise (e.g.
/// playback, whose audio follows the virtual clock) it runs at full speed. A wait fails after its timeout in
/// virtual time; `wait-real` simply runs its time, paced to real time throughout.
struct ScriptFrameSource: FrameSource {
    let steps: [ScriptStep]
    let fileName: String
    let waker: Waker
    let framesPerSecond: Double

    private var frameIndex = 0
    /// The next step to apply.
    private var next = 0
    /// How far waits have pushed the timeline back, in seconds.
    private var offset = 0.0
    private var pointer: (x: Double, y: Double)
    private var screenshots: [(path: String, line: Int)] = []
    private var wait: Wait?
    /// The frame being produced is the last (a `quit`, or the steps are done once it is drawn).
    private var quitting = false
    private var finished = false
    /// Since when (real time) the clock has been held for a video's decoders (``FrameSnapshot/holdsTime``).
    private var holding: MonotonicClock?
    /// The longest real time the clock is held in one stretch.
    static let maxHold = 10.0

    /// A `wait-…` step in progress.
    private struct Wait {
        /// nil for `wait-real`.
        var condition: ScriptCondition?
        var timeoutMilliseconds: Int
        var step: ScriptStep
        /// Virtual time when the wait began.
        var start: Double
        /// Whether the frames are keeping pace with real time, since which virtual time, on which clock.
        var pacing = false
        var pacedSince = 0.0
        var pacingClock = MonotonicClock()
    }

    /// A run of `steps` (from `fileName`, for errors) in a window of `windowSize` points.
    init(steps: [ScriptStep], fileName: String, waker: Waker, framesPerSecond: Double = 60,
         windowSize: (width: Int, height: Int)) {
        self.steps = steps
        self.fileName = fileName
        self.waker = waker
        self.framesPerSecond = framesPerSecond
        pointer = (Double(windowSize.width) / 2, Double(windowSize.height) / 2)
        shownSize = windowSize
    }

    /// The window's size as last handed to the session: a scripted run in a real window (X11) follows what the X
    /// server shows, as the interactive loop does from SDL's events (fullscreen by the app itself or a window
    /// manager); offscreen it only changes with a `size` step.
    private var shownSize: (width: Int, height: Int)

    private func time(ofFrame index: Int) -> Double { Double(index) / framesPerSecond }

    private func due(_ step: ScriptStep) -> Double { Double(step.time) / 1000 + offset }

    mutating func nextFrame(_ session: any FrameSession, _ target: any FrameTarget) throws -> Double? {
        guard !finished else { return nil }
        let t = time(ofFrame: frameIndex)
        target.processWindowEvents()
        let shown = target.windowSize
        if shown.width > 0, shown.height > 0, shown != shownSize {
            shownSize = shown
            if session.handle(.resized(Size(width: Double(shown.width), height: Double(shown.height)), time: t)) == .quit {
                quitting = true
                return t
            }
        }
        guard wait == nil, !quitting else { return t }
        while next < steps.count, due(steps[next]) <= t + 1e-9 {
            let step = steps[next]
            next += 1
            switch step.command {
            case .wait(let condition, let timeout):
                wait = Wait(condition: condition, timeoutMilliseconds: timeout, step: step, start: t)
                return t
            case .waitReal(let milliseconds):
                wait = Wait(condition: nil, timeoutMilliseconds: milliseconds, step: step, start: t)
                return t
            default:
                if apply(step, session, target) == .quit {
                    quitting = true
                    return t
                }
            }
        }
        return t
    }

    /// Applies a step that is not a wait, at its own time.
    private mutating func apply(_ step: ScriptStep, _ session: any FrameSession, _ target: any FrameTarget)
        -> DemoSession.Outcome
    {
        let stepTime = due(step)
        func send(_ event: ShellEvent) -> DemoSession.Outcome { session.handle(event) }
        func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
        switch step.command {
        case .size(let width, let height):
            target.setSize(width: width, height: height)
            shownSize = (width, height)
            return send(.resized(Size(width: Double(width), height: Double(height)), time: stepTime))
        case .down(let x, let y):
            pointer = (x, y)
            return send(.pointerDown(point(x, y), time: stepTime))
        case .move(let x, let y):
            pointer = (x, y)
            return send(.pointerMoved(point(x, y), time: stepTime))
        case .up(let x, let y):
            pointer = (x, y)
            return send(.pointerUp(point(x, y), time: stepTime))
        case .tap(let x, let y):
            pointer = (x, y)
            let outcome = send(.pointerDown(point(x, y), time: stepTime))
            return outcome == .keepRunning ? send(.pointerUp(point(x, y), time: stepTime)) : outcome
        case .wheel(let dx, let dy, let x, let y):
            if let x, let y { pointer = (x, y) }
            return send(.wheel(dx: dx, dy: dy, at: point(pointer.x, pointer.y), time: stepTime))
        case .key(let key):
            return send(.key(key, time: stepTime))
        case .type(let text):
            return send(.text(text, time: stepTime))
        case .screenshot(let path):
            screenshots.append((path, step.line))
        case .play(let request):
            session.play(request)
        case .releaseAudio:
            session.releaseAudio()
        case .seek(let seconds):
            session.seekVideo(to: seconds)
        case .quit:
            return .quit
        case .wait, .waitReal:
            break  // begun by nextFrame
        }
        return .keepRunning
    }

    mutating func review(_ frame: FrameSnapshot, _ target: any FrameTarget) throws -> FrameDecision {
        // A video's decoders behind the clock (a busy machine): the same time is read again, a moment later, until
        // they catch up, for at most `maxHold` of real time (then time runs on and the player judges the lag).
        if frame.holdsTime, !quitting {
            if holding == nil { holding = MonotonicClock() }
            if let holding, holding.now < Self.maxHold {
                _ = waker.wait(seconds: 0.002)
                return .skip
            }
        } else {
            holding = nil
        }
        guard let wait else { return .draw(animating: false) }
        if let condition = wait.condition, condition.holds(in: frame) {
            endWait(wait, at: frame.time)
            return .skip
        }
        if (frame.time - wait.start) * 1000 >= Double(wait.timeoutMilliseconds) {
            guard let condition = wait.condition else {
                endWait(wait, at: frame.time)
                return .skip
            }
            throw ScriptError(file: fileName, line: wait.step.line,
                              message: "\(condition.description) timed out after \(wait.timeoutMilliseconds) ms (\(condition.observed(in: frame)))")
        }
        return .draw(animating: false)
    }

    /// The wait ended on the frame at `t`: the timeline resumes from there.
    private mutating func endWait(_ ended: Wait, at t: Double) {
        offset = t - Double(ended.step.time) / 1000
        wait = nil
    }

    mutating func willPresent(_ frame: FrameSnapshot, _ target: any FrameTarget) throws {
        for shot in screenshots {
            do {
                try target.screenshot(to: shot.path)
            } catch {
                throw ScriptError(file: fileName, line: shot.line, message: "screenshot failed: \(error)")
            }
        }
        screenshots.removeAll()
    }

    mutating func didPresent(_ frame: FrameSnapshot) throws {
        guard var wait else {
            if quitting || next >= steps.count { finished = true } else { frameIndex += 1 }
            return
        }
        frameIndex += 1
        // Pace virtual time to real time while the frame waits on real work or on the media controls (always for
        // wait-real).
        if wait.condition == nil || frame.awaitsRealWork || frame.listensForMediaControls {
            if !wait.pacing {
                wait.pacing = true
                wait.pacedSince = time(ofFrame: frameIndex)
                wait.pacingClock = MonotonicClock()
            }
            let ahead = (time(ofFrame: frameIndex) - wait.pacedSince) - wait.pacingClock.now
            if ahead > 0 { _ = waker.wait(seconds: ahead) }
        } else {
            wait.pacing = false
        }
        self.wait = wait
    }

    func drawingFailed(_ error: any Error, frame: FrameSnapshot) -> any Error {
        ScriptError(file: fileName, line: 0, message: "drawing the frame at \(Int(frame.time * 1000)) ms failed: \(error)")
    }
}
