import DragPhysics
/// Where a ``FrameLoop`` draws: the window (``WindowTarget``), or a recorder in tests.
protocol FrameTarget: AnyObject {
    /// The window's size in points.
    var windowSize: (width: Int, height: Int) { get }
    /// Draws `frame` (not yet presented).
    func draw(_ frame: FrameSnapshot, images: ImageStore?) throws
    /// Shows what was drawn.
    func present()
    /// Resizes the window (a script's `size`).
    func setSize(width: Int, height: Int)
    /// Sets the window's title.
    func setTitle(_ title: String)
    /// Saves the frame drawn and not yet presented to `path` (PNG for `.png`, else BMP).
    func screenshot(to path: String) throws
    /// Lets the window system's events reach the window without reading them as input (a scripted run, whose
    /// input is the script's): the window learns its real size and lays its drawable out for it.
    func processWindowEvents()
}

extension FrameTarget {
    /// Nothing to process (targets without a window).
    func processWindowEvents() {}
}

/// The SDL window: ``FrameRenderer`` on the ``Canvas`` with the ``TextRenderer``.
final class WindowTarget: FrameTarget {
    let canvas: Canvas
    let text: TextRenderer
    /// The video's picture, kept between frames (a new frame replaces it).
    private let video: VideoTexture
    /// The video screen's fullscreen flag as last passed to the canvas.
    private var requestedFullscreen = false

    init(canvas: Canvas, text: TextRenderer) {
        self.canvas = canvas
        self.text = text
        video = VideoTexture(renderer: canvas.renderer)
    }

    var windowSize: (width: Int, height: Int) { canvas.windowSize }

    /// Draws the frame: a video under the Buff panel (`--app buffs`) before the screens and the circle, a video
    /// player screen (`--video`, Watch) over everything.
    func draw(_ frame: FrameSnapshot, images: ImageStore?) throws {
        // The window the X server shows changed without SDL saying so (a window manager acted on fullscreen later
        // than SDL assumed): lay out again for what is really there (the trace's width and height with it).
        let shown = canvas.windowSize
        if shown.width > 0, shown.height > 0, Double(shown.width) != frame.windowWidth || Double(shown.height) != frame.windowHeight {
            canvas.announceResize()
        }
        let backdrop = frame.backdrop.map { player in { (painter: Painter) in try self.drawVideo(player, frame: frame, with: painter) } }
        try FrameRenderer.draw(frame, on: canvas, text: text, images: images, backdrop: backdrop)
        // The cursor hides with the player screen's controls (issue 18), as in mpv; never under the Buff panel.
        canvas.setCursorVisible(frame.overlay?.video?.layout.controlsVisible ?? true)
        guard frame.video != nil else {
            if video.width > 0 { video.clear() }
            // The player closed while fullscreen (its Back, the end of a Watch): the app's screens come back windowed.
            if canvas.isFullscreen { canvas.setFullscreen(false) }
            requestedFullscreen = false
            return
        }
        guard let player = frame.overlay?.video else { return }
        try drawVideo(player, frame: frame, with: Painter(canvas: canvas, text: text, images: images, time: frame.time))
    }

    private func drawVideo(_ player: VideoOverlayFrame, frame: FrameSnapshot, with painter: Painter) throws {
        if let picture = frame.picture { try video.upload(picture.frame) }
        // On a change of the screen's flag only: after the window manager changed the window by itself, the screen
        // hears of it one event later, and a frame drawn in between must not undo what the manager did.
        if player.fullscreen != requestedFullscreen {
            requestedFullscreen = player.fullscreen
            canvas.setFullscreen(player.fullscreen)
        }
        canvas.settleFullscreen()
        canvas.followWindowManager()
        try VideoRenderer.draw(player, texture: video, with: painter,
                               window: Size(width: frame.windowWidth, height: frame.windowHeight))
    }

    func present() { canvas.present() }

    func processWindowEvents() { canvas.processWindowEvents() }

    func setSize(width: Int, height: Int) { canvas.setSize(width: width, height: height) }

    func setTitle(_ title: String) { canvas.setTitle(title) }

    func screenshot(to path: String) throws {
        let pixels = try canvas.readPixels()
        try Screenshot.save(width: pixels.width, height: pixels.height, rgba: pixels.rgba, to: path)
    }
}
