import CSDL2

/// The interactive main loop: real time, real window, mouse/touch/keyboard/wheel.
///
/// Frame pacing: while something moves or animates, one frame per display refresh, capped at
/// `maxFramesPerSecond` by sleeping (vsync is not honoured everywhere, e.g. under Xvfb). Otherwise the loop
/// blocks in `SDL_WaitEventTimeout` and draws only when an event arrived or the frame would change, so an
/// idle demo uses next to no CPU. Audio plays on the media host's own thread, which wakes the loop (through
/// the ``Waker``) only when what the circle shows changed.
struct InteractiveLoop {
    var canvas: Canvas
    var session: DemoSession
    var text: TextRenderer
    var waker: Waker
    var trace: TraceWriter?
    var maxFramesPerSecond: Double
    /// Longest sleep when nothing happens at all (the title and frame are refreshed then).
    var idleInterval = 1.0

    /// Runs until the window is closed or Escape is pressed on the root screen; returns the frame statistics.
    func run() throws -> FrameStats {
        let clock = MonotonicClock()
        // Input is timed by SDL's event timestamps (ms since SDL_Init), mapped onto `clock`, so gesture
        // speeds stay right even when a frame takes long to process.
        let ticksAtStart = SDL_GetTicks()
        func eventTime(_ event: SDL_Event) -> Double {
            let ms = Double(Int64(event.common.timestamp) - Int64(ticksAtStart)) / 1000
            return min(max(ms, 0), clock.now)
        }
        var translator = SDLEventTranslator()
        var stats = FrameStats()
        var lastDrawn: FrameSnapshot?
        var lastTitle = ""
        var running = true
        var event = SDL_Event()

        func process(_ event: SDL_Event) -> Bool {
            if waker.isWakeEvent(event) { return true }
            guard let input = translator.translate(event, windowSize: canvas.windowSize) else {
                return event.type == SDL_WINDOWEVENT.rawValue  // expose etc.: redraw
            }
            if session.handle(input, at: eventTime(event)) == .quit { running = false }
            return true
        }

        while running {
            let frameStart = clock.now
            var redraw = lastDrawn == nil
            // What the last frame said: whether frames must keep coming.
            let animating = lastDrawn?.isAnimating ?? true
            if !animating {
                var timeout = idleInterval
                // Something is due sooner (an app's timer, e.g. the next buff request): wake for it.
                if let due = lastDrawn?.wakeAt { timeout = max(0.001, min(timeout, due - clock.now)) }
                if SDL_WaitEventTimeout(&event, Int32(timeout * 1000)) == 1 { redraw = process(event) || redraw }
            }
            while running, SDL_PollEvent(&event) == 1 { redraw = process(event) || redraw }
            guard running else { break }

            let t = clock.now
            session.tick(at: t)
            var frame = session.frame(at: t)
            if frame.title != lastTitle {
                canvas.setTitle(frame.title)
                lastTitle = frame.title
            }
            if !redraw, !animating, !frame.isAnimating, var previous = lastDrawn {
                previous.time = frame.time
                if previous == frame { continue }  // nothing changed: no frame, no present
            }
            let drawStart = clock.now
            try FrameRenderer.draw(frame, on: canvas, text: text, images: session.images)
            canvas.present()
            stats.record(time: t, drawSeconds: clock.now - drawStart, animating: animating)
            trace?.write(frame)
            session.markDrawn()
            frame.outputs = []
            frame.time = t
            lastDrawn = frame
            if animating || frame.isAnimating {
                clock.sleep(until: frameStart + 1 / maxFramesPerSecond)
            }
        }
        trace?.flush()
        return stats
    }
}
