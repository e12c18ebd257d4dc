import DragPhysics
import Foundation
import ScreenKit

/// What screen renderers draw with: the canvas (window points, scaled to output pixels), text, images, and
/// the frame's time (spinners).
struct Painter {
    let canvas: Canvas
    let text: TextRenderer
    let images: ImageStore?
    let time: Double
    let scale: Double

    init(canvas: Canvas, text: TextRenderer, images: ImageStore?, time: Double) {
        self.canvas = canvas
        self.text = text
        self.images = images
        self.time = time
        self.scale = canvas.scale
    }

    /// Fills `rect` with `color`.
    func fill(_ rect: Rect, _ color: RGBA) { canvas.fill(rect, color: color) }

    /// Draws a mesh built in output pixels.
    func draw(_ mesh: Mesh) throws { try canvas.draw(mesh) }

    /// A spinner of radius `r` at `center`.
    func spinner(at center: Point, r: Double, color: RGBA, sweep: Double = IconGeometry.spinnerSweep,
                 turning: Bool = true, thickness: Double = 3) throws {
        try draw(Shapes.spinner(center: (center.x, center.y), r: r, t: time, color: color, scale: scale,
                                thickness: thickness, sweep: sweep, turning: turning))
    }

    /// A button: a rounded rectangle with a centred title.
    func button(_ title: String, in rect: Rect, fill color: RGBA, textColor: RGBA) throws {
        try draw(Shapes.roundedRect(rect, radius: 8, color: color, scale: scale))
        text.draw(title, style: .button, color: textColor, in: rect.insetBy(dx: 8, dy: 0), alignment: .center)
    }

    /// The image at `url` covering `rect`, or a placeholder (loading, missing, failed).
    func image(_ url: URL?, in rect: Rect) throws {
        let look = url.flatMap { images?.look(for: $0) } ?? .loading
        switch look {
        case .image(let texture, let width, let height):
            canvas.draw(texture: texture, width: width, height: height, coverIn: rect)
        case .loading:
            fill(rect, Palette.placeholder)
            try placeholderMark(in: rect, color: Palette.placeholderMark)
        case .failed:
            fill(rect, Palette.placeholderFailed)
            var mesh = Mesh()
            let c = rect.center, s = min(rect.width, rect.height) * 0.18
            Shapes.line(from: (c.x - s, c.y - s), to: (c.x + s, c.y + s), width: 2.5, color: Palette.placeholderFailedMark, scale: scale, into: &mesh)
            Shapes.line(from: (c.x - s, c.y + s), to: (c.x + s, c.y - s), width: 2.5, color: Palette.placeholderFailedMark, scale: scale, into: &mesh)
            try draw(mesh)
        }
    }

    /// A small "picture" mark: a mountain and a sun.
    private func placeholderMark(in rect: Rect, color: RGBA) throws {
        let c = rect.center, s = min(rect.width, rect.height) * 0.22
        guard s > 2 else { return }
        var mesh = Mesh()
        mesh.convexPolygon([((c.x - s * 1.3) * scale, (c.y + s * 0.8) * scale), ((c.x + s * 0.1) * scale, (c.y - s * 0.6) * scale),
                            ((c.x + s * 1.3) * scale, (c.y + s * 0.8) * scale)], color: color, feather: CircleScene.feather)
        mesh.disc(cx: (c.x + s * 0.9) * scale, cy: (c.y - s * 0.7) * scale, radius: s * 0.35 * scale, color: color, feather: CircleScene.feather)
        try draw(mesh)
    }
}
