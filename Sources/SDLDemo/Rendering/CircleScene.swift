import Foundation

/// Builds the mesh for one frame: the circle body, the download level, the failure ring and the icon.
///
/// All coordinates are output pixels (window points × the high-DPI scale), so edges stay one pixel soft
/// on any display.
enum CircleScene {
    /// Width of the faded outer ring of every shape, in output pixels.
    static let feather = 1.25

    /// The mesh for the circle centred at (cx, cy) with radius `r` (output pixels), at time `t` seconds
    /// (drives the spinner).
    static func mesh(_ look: CircleAppearance, cx: Double, cy: Double, r: Double, t: Double) -> Mesh {
        var mesh = Mesh()
        let body = look.failed ? Palette.failedCircle : Palette.circle
        let f = feather

        // Body and download level. The level is the circular segment below the horizontal line
        // y = cy + r − 2r·fill; the rim takes whichever colour is inside at each point.
        let fill = min(max(look.fill, 0), 1)
        let waterLine = cy + r - 2 * r * fill
        mesh.discInterior(cx: cx, cy: cy, radius: r - f / 2, color: body)
        if fill > 0 {
            mesh.circularSegment(cx: cx, cy: cy, radius: r - f / 2, below: waterLine, color: Palette.fill)
        }
        mesh.discRim(cx: cx, cy: cy, radius: r, feather: f) { _, y in
            fill > 0 && y >= waterLine ? Palette.fill : body
        }

        if look.failed {
            mesh.arc(cx: cx, cy: cy, innerRadius: r * 0.88, outerRadius: r, start: 0, end: 2 * Double.pi,
                     color: Palette.failureRing, feather: f, roundCaps: false)
        }

        let icon = IconGeometry(cx: cx, cy: cy, r: r)
        switch look.icon {
        case .play:
            mesh.convexPolygon(icon.playTriangle, color: Palette.icon, feather: f)
        case .pause:
            for bar in icon.pauseBars { mesh.convexPolygon(bar, color: Palette.icon, feather: f) }
        case .spinner:
            let start = IconGeometry.spinnerStart(at: t)
            mesh.arc(cx: cx, cy: cy, innerRadius: icon.arcInnerRadius, outerRadius: icon.arcOuterRadius,
                     start: start, end: start + IconGeometry.spinnerSweep, color: Palette.icon, feather: f)
        case .retry:
            // A circular arrow: 300° of arc, clockwise, with an arrow head at its end.
            let start = -Double.pi / 2 + Double.pi / 6
            let end = start + 5 * Double.pi / 3
            mesh.arc(cx: cx, cy: cy, innerRadius: icon.arcInnerRadius, outerRadius: icon.arcOuterRadius,
                     start: start, end: end, color: Palette.icon, feather: f, roundCaps: false)
            let middle = (icon.arcInnerRadius + icon.arcOuterRadius) / 2
            let (ex, ey) = (cx + middle * cos(end), cy + middle * sin(end))
            let (tx, ty) = (-sin(end), cos(end))      // clockwise tangent
            let (nx, ny) = (cos(end), sin(end))       // outward normal
            let head = 0.2 * r
            mesh.convexPolygon([
                (ex + tx * head, ey + ty * head),
                (ex + nx * head * 0.75, ey + ny * head * 0.75),
                (ex - nx * head * 0.75, ey - ny * head * 0.75),
            ], color: Palette.icon, feather: f)
        }
        return mesh
    }
}

extension Mesh {
    /// The part of the disc (cx, cy, radius) below the horizontal line y = `line` (y grows downwards),
    /// as a fan from the chord's midpoint; the segment is convex, so the fan covers it exactly.
    mutating func circularSegment(cx: Double, cy: Double, radius: Double, below line: Double, color: RGBA) {
        let h = min(max(line - cy, -radius), radius)      // line's offset from the centre
        if h >= radius { return }
        let halfChord = (radius * radius - h * h).squareRoot()
        // Angles (clockwise from +x) where the chord meets the circle: from the right end down round to the left.
        let rightAngle = atan2(h, halfChord)
        let leftAngle = Double.pi - rightAngle
        let n = max(2, Int((Double(Mesh.segments(forRadius: radius)) * (leftAngle - rightAngle) / (2 * Double.pi)).rounded(.up)))
        let hub = add(cx, cy + h, color)
        var previous = add(cx + halfChord, cy + h, color)
        for i in 1...n {
            let angle = rightAngle + (leftAngle - rightAngle) * Double(i) / Double(n)
            let next = add(cx + radius * cos(angle), cy + radius * sin(angle), color)
            triangle(hub, previous, next)
            previous = next
        }
    }
}
