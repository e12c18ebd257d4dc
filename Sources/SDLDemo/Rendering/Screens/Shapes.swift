import Foundation
import ScreenKit

/// Small shapes the screen renderers share, built as anti-aliased meshes in output pixels.
enum Shapes {
    /// A spinner of radius `r` points at `center` points: a turning arc (``IconGeometry`` timing) of
    /// `sweep` radians (three quarters of a turn by default), `thickness` points wide.
    static func spinner(center: (x: Double, y: Double), r: Double, t: Double, color: RGBA, scale: Double,
                        thickness: Double = 3, sweep: Double = IconGeometry.spinnerSweep, turning: Bool = true) -> Mesh {
        var mesh = Mesh()
        let start = turning ? IconGeometry.spinnerStart(at: t) : -Double.pi / 2
        let half = thickness / 2
        mesh.arc(cx: center.x * scale, cy: center.y * scale, innerRadius: (r - half) * scale, outerRadius: (r + half) * scale,
                 start: start, end: start + max(0.05, sweep), color: color, feather: CircleScene.feather)
        return mesh
    }

    /// A rectangle with corners of `radius` points (a convex polygon with 6 points per corner).
    static func roundedRect(_ rect: Rect, radius: Double, color: RGBA, scale: Double) -> Mesh {
        var mesh = Mesh()
        let r = min(radius, rect.width / 2, rect.height / 2)
        var points: [(x: Double, y: Double)] = []
        let corners: [(cx: Double, cy: Double, start: Double)] = [
            (rect.maxX - r, rect.y + r, -Double.pi / 2),
            (rect.maxX - r, rect.maxY - r, 0),
            (rect.x + r, rect.maxY - r, Double.pi / 2),
            (rect.x + r, rect.y + r, Double.pi),
        ]
        for corner in corners {
            for step in 0...5 {
                let angle = corner.start + Double.pi / 2 * Double(step) / 5
                points.append(((corner.cx + r * cos(angle)) * scale, (corner.cy + r * sin(angle)) * scale))
            }
        }
        mesh.convexPolygon(points, color: color, feather: CircleScene.feather)
        return mesh
    }

    /// A stroke from `a` to `b` (points), `width` points wide, as a feathered quad.
    static func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double), width: Double, color: RGBA,
                     scale: Double, into mesh: inout Mesh) {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
        let (nx, ny) = (-dy / length * width / 2, dx / length * width / 2)
        mesh.convexPolygon([
            ((a.x + nx) * scale, (a.y + ny) * scale), ((b.x + nx) * scale, (b.y + ny) * scale),
            ((b.x - nx) * scale, (b.y - ny) * scale), ((a.x - nx) * scale, (a.y - ny) * scale),
        ], color: color, feather: CircleScene.feather)
    }

    /// A "‹" chevron centred on `center`, `size` points tall.
    static func backChevron(center: (x: Double, y: Double), size: Double, color: RGBA, scale: Double) -> Mesh {
        var mesh = Mesh()
        let half = size / 2
        let tip = (x: center.x - half / 2, y: center.y)
        line(from: (center.x + half / 2, center.y - half), to: tip, width: 3, color: color, scale: scale, into: &mesh)
        line(from: tip, to: (center.x + half / 2, center.y + half), width: 3, color: color, scale: scale, into: &mesh)
        mesh.disc(cx: tip.x * scale, cy: tip.y * scale, radius: 1.5 * scale, color: color, feather: CircleScene.feather)
        return mesh
    }
}
