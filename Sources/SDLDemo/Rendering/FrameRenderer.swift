/// Draws a ``FrameSnapshot`` onto a ``Canvas``: clear, then the circle mesh, scaled to output pixels.
/// Presenting is left to the caller, so a screenshot can read the frame first.
enum FrameRenderer {
    /// Clears the canvas and draws the frame.
    static func draw(_ frame: FrameSnapshot, on canvas: Canvas) throws {
        let scale = canvas.scale
        canvas.clear(Palette.background)
        let mesh = CircleScene.mesh(frame.appearance, cx: frame.x * scale, cy: frame.y * scale,
                                    r: frame.radius * scale, t: frame.time)
        try canvas.draw(mesh)
    }
}
