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
}

/// The SDL window: ``FrameRenderer`` on the ``Canvas`` with the ``TextRenderer``.
final class WindowTarget: FrameTarget {
    let canvas: Canvas
    let text: TextRenderer
    /// The video's picture, kept between frames (a new frame replaces it).
    private let video: VideoTexture

    init(canvas: Canvas, text: TextRenderer) {
        self.canvas = canvas
        self.text = text
        video = VideoTexture(renderer: canvas.renderer)
    }

    var windowSize: (width: Int, height: Int) { canvas.windowSize }

    func draw(_ frame: FrameSnapshot, images: ImageStore?) throws {
        try FrameRenderer.draw(frame, on: canvas, text: text, images: images)
        guard let player = frame.video else {
            if video.width > 0 { video.clear() }
            canvas.setCursorVisible(true)
            return
        }
        // The cursor hides with the controls (issue 18), as in mpv.
        canvas.setCursorVisible(player.layout.controlsVisible)
        if let picture = frame.picture { try video.upload(picture.frame) }
        if player.fullscreen != canvas.isFullscreen { canvas.setFullscreen(player.fullscreen) }
        let painter = Painter(canvas: canvas, text: text, images: images, time: frame.time)
        try VideoRenderer.draw(player, texture: video, with: painter,
                               window: Size(width: frame.windowWidth, height: frame.windowHeight))
    }

    func present() { canvas.present() }

    func setSize(width: Int, height: Int) { canvas.setSize(width: width, height: height) }

    func setTitle(_ title: String) { canvas.setTitle(title) }

    func screenshot(to path: String) throws {
        let pixels = try canvas.readPixels()
        try Screenshot.save(width: pixels.width, height: pixels.height, rgba: pixels.rgba, to: path)
    }
}
