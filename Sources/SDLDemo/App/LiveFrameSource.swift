import CSDL2

/// The interactive window's frames: real time, SDL input (mouse, touch, keyboard, wheel), the wake-ups of
/// background work.
///
/// Frame pacing: while something moves or animates, one frame per display refresh, capped at
/// `maxFramesPerSecond` by sleeping (vsync is not honoured everywhere, e.g. under Xvfb). Otherwise it blocks
/// (``EventWait``) until input, a wake-up from background work (``Waker``), or the time the session next needs
/// a tick (``FrameSession/nextTick(after:)``, at most `idleInterval`), and a frame is drawn only when what it
/// shows differs from the last one drawn (``FrameSnapshot/showsSame(as:)``), so an idle or playing window
/// costs next to no CPU.
struct LiveFrameSource: FrameSource {
    let waker: Waker
    let maxFramesPerSecond: Double
    /// Longest sleep when nothing happens at all.
    var idleInterval = 1.0
    /// How this video driver blocks.
    let wait: EventWait

    private let clock = MonotonicClock()
    /// Input is timed by SDL's event timestamps (ms since SDL_Init), mapped onto `clock`, so gesture speeds stay
    /// right even when a frame takes long to process.
    private let ticksAtStart = SDL_GetTicks()
    private var translator = SDLEventTranslator()
    private var lastDrawn: FrameSnapshot?
    /// The last frame read, drawn or not: what the session's next tick is reckoned from.
    private var lastRead: FrameSnapshot?
    private var lastTitle = ""
    /// The current frame: when it began, whether input or the window asks for a redraw, and whether the last
    /// frame said frames must keep coming.
    private var frameStart = 0.0
    private var redraw = false
    private var animating = true

    init(waker: Waker, maxFramesPerSecond: Double, wait: EventWait = .forCurrentDriver()) {
        self.waker = waker
        self.maxFramesPerSecond = maxFramesPerSecond
        self.wait = wait
    }

    mutating func nextFrame(_ session: any FrameSession, _ target: any FrameTarget) throws -> Double? {
        frameStart = clock.now
        redraw = lastDrawn == nil
        animating = lastDrawn?.isAnimating ?? true
        var running = true
        var event = SDL_Event()
        if !animating {
            var timeout = idleInterval
            if let lastRead, let due = session.nextTick(after: lastRead) {
                timeout = max(0.001, min(timeout, due - clock.now))
            }
            if wait.next(&event, seconds: timeout, waker: waker) {
                running = process(event, session, target)
            }
        }
        while running, SDL_PollEvent(&event) == 1 { running = process(event, session, target) }
        return running ? clock.now : nil
    }

    /// Hands one SDL event to the session; returns false when it asks to quit.
    private mutating func process(_ event: SDL_Event, _ session: any FrameSession, _ target: any FrameTarget) -> Bool {
        // A wake-up carries no input: the frame it leads to is drawn only if it shows something new.
        if waker.isWakeEvent(event) { return true }
        let ms = Double(Int64(event.common.timestamp) - Int64(ticksAtStart)) / 1000
        guard let input = translator.translate(event, windowSize: target.windowSize, at: min(max(ms, 0), clock.now)) else {
            if event.type == SDL_WINDOWEVENT.rawValue { redraw = true }  // exposed, resized: draw again
            return true
        }
        redraw = true
        return session.handle(input) != .quit
    }

    mutating func review(_ frame: FrameSnapshot, _ target: any FrameTarget) throws -> FrameDecision {
        lastRead = frame
        if frame.title != lastTitle {
            target.setTitle(frame.title)
            lastTitle = frame.title
        }
        if !redraw, !animating, !frame.isAnimating, let lastDrawn, frame.showsSame(as: lastDrawn) {
            return .skip  // nothing visible changed: no frame, no present
        }
        return .draw(animating: animating)
    }

    mutating func didPresent(_ frame: FrameSnapshot) throws {
        var drawn = frame
        drawn.outputs = []
        lastDrawn = drawn
        if animating || frame.isAnimating {
            clock.sleep(until: frameStart + 1 / maxFramesPerSecond)
        }
    }
}
