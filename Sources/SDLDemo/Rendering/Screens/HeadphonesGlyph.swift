import DragPhysics
import ScreenKit

/// The headphones: the circle's mark at its lower right (navy disc) and the title bar's now-playing mark at the
/// top left (a disc in Interlochen red), one glyph for both.
enum HeadphonesGlyph {
    /// The title bar's mark's disc radius, in points.
    static let markRadius = 15.0

    /// The title bar's now-playing mark: a red disc with white headphones, centred on `center`.
    static func drawMark(center: Point, with painter: Painter) throws {
        let s = painter.scale
        var mesh = Mesh()
        mesh.disc(cx: center.x * s, cy: center.y * s, radius: markRadius * s, color: Palette.interlochenRed, feather: CircleScene.feather)
        try painter.draw(mesh)
        try draw(center: center, r: markRadius, color: Palette.onDark, with: painter)
    }

    /// The glyph inside a disc of radius `r` (points) centred on `center`: the band, the upper half of a ring, and
    /// the ear cups, two rounded bars at its ends.
    static func draw(center: Point, r: Double, color: RGBA, with painter: Painter) throws {
        let s = painter.scale
        let band = r * 0.55 * s
        var mesh = Mesh()
        mesh.arc(cx: center.x * s, cy: (center.y + r * 0.08) * s, innerRadius: band - r * 0.13 * s, outerRadius: band,
                 start: Double.pi, end: 2 * Double.pi, color: color, feather: CircleScene.feather, roundCaps: false)
        try painter.draw(mesh)
        let cup = Rect(x: 0, y: center.y + r * 0.02, width: r * 0.32, height: r * 0.52)
        for side in [-1.0, 1.0] {
            let x = center.x + side * (band / s - cup.width / 2) - cup.width / 2
            try painter.draw(Shapes.roundedRect(Rect(x: x, y: cup.y, width: cup.width, height: cup.height),
                                                radius: cup.width / 2.5, color: color, scale: s))
        }
    }
}
