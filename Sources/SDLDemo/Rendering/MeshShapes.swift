import Foundation

/// Anti-aliased shapes built from triangle fans and strips.
///
/// Edges are smoothed the way SDL_RenderGeometry allows without multisampling: every shape gets a thin
/// outer ring `feather` output pixels wide (about 1–1.5 px) whose colour ramps from opaque on its inner side
/// to fully transparent outside, centred on the geometric edge; the renderer's alpha blending does the rest.
extension Mesh {
    /// Number of segments for a circle of `radius` output pixels: about one every 3 px, at least 24, so
    /// the polygon's deviation from the true circle (r·(1 − cos(π/n))) stays well below the feather width.
    static func segments(forRadius radius: Double) -> Int {
        max(24, min(720, Int((2 * Double.pi * radius / 3).rounded(.up))))
    }

    /// A filled disc with a faded rim.
    mutating func disc(cx: Double, cy: Double, radius: Double, color: RGBA, feather: Double) {
        discInterior(cx: cx, cy: cy, radius: radius - feather / 2, color: color)
        discRim(cx: cx, cy: cy, radius: radius, feather: feather) { _, _ in color }
    }

    /// The solid part of a disc (no rim), as a triangle fan around the centre.
    mutating func discInterior(cx: Double, cy: Double, radius: Double, color: RGBA) {
        let n = Mesh.segments(forRadius: radius)
        let center = add(cx, cy, color)
        var first: Int32 = 0
        var previous: Int32 = 0
        for i in 0..<n {
            let angle = 2 * Double.pi * Double(i) / Double(n)
            let index = add(cx + radius * cos(angle), cy + radius * sin(angle), color)
            if i == 0 { first = index } else { triangle(center, previous, index) }
            previous = index
        }
        triangle(center, previous, first)
    }

    /// The faded ring of a disc: from `radius − feather/2` (opaque) to `radius + feather/2` (transparent).
    /// `colorAt(x, y)` gives the colour of the rim at each inner vertex, so a disc whose interior is split
    /// into two colours (the download level) keeps a smooth edge in both.
    mutating func discRim(
        cx: Double, cy: Double, radius: Double, feather: Double, colorAt: (Double, Double) -> RGBA
    ) {
        let n = Mesh.segments(forRadius: radius)
        let inner = radius - feather / 2
        let outer = radius + feather / 2
        var ring: [(Int32, Int32)] = []
        ring.reserveCapacity(n)
        for i in 0..<n {
            let angle = 2 * Double.pi * Double(i) / Double(n)
            let (c, s) = (cos(angle), sin(angle))
            let color = colorAt(cx + inner * c, cy + inner * s)
            ring.append((add(cx + inner * c, cy + inner * s, color), add(cx + outer * c, cy + outer * s, color.fading(0))))
        }
        for i in 0..<n {
            let (a, b) = ring[i]
            let (c, d) = ring[(i + 1) % n]
            quad(a, c, d, b)
        }
    }

    /// A filled convex polygon (points in order, either direction) with a faded rim.
    ///
    /// Each corner moves along its miter, `feather/2 / cos(θ/2)` where θ is the turn angle, so the rim
    /// keeps the same width along every edge.
    mutating func convexPolygon(_ points: [(x: Double, y: Double)], color: RGBA, feather: Double) {
        let n = points.count
        guard n >= 3 else { return }
        // Shoelace formula: the sign of the area tells the winding, and so which side is outside.
        var area2 = 0.0
        for i in 0..<n {
            let (p, q) = (points[i], points[(i + 1) % n])
            area2 += p.x * q.y - q.x * p.y
        }
        let outward = area2 > 0 ? -1.0 : 1.0
        func normal(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double)) -> (Double, Double) {
            let (dx, dy) = (q.x - p.x, q.y - p.y)
            let length = max((dx * dx + dy * dy).squareRoot(), 1e-9)
            return (outward * dy / length, -outward * dx / length)
        }
        var inner: [Int32] = []
        var outer: [Int32] = []
        for i in 0..<n {
            let (previous, point, next) = (points[(i + n - 1) % n], points[i], points[(i + 1) % n])
            let (n1x, n1y) = normal(previous, point)
            let (n2x, n2y) = normal(point, next)
            var (mx, my) = (n1x + n2x, n1y + n2y)
            let length = max((mx * mx + my * my).squareRoot(), 1e-9)
            (mx, my) = (mx / length, my / length)
            let miter = (feather / 2) / max(mx * n1x + my * n1y, 0.2)
            inner.append(add(point.x - mx * miter, point.y - my * miter, color))
            outer.append(add(point.x + mx * miter, point.y + my * miter, color.fading(0)))
        }
        for i in 1..<(n - 1) { triangle(inner[0], inner[i], inner[i + 1]) }
        for i in 0..<n {
            let j = (i + 1) % n
            quad(inner[i], inner[j], outer[j], outer[i])
        }
    }

    /// A thick circular arc from angle `start` to `end` (radians, clockwise on screen since y points down)
    /// between radii `innerRadius` and `outerRadius`, with faded edges and round caps.
    mutating func arc(
        cx: Double, cy: Double, innerRadius: Double, outerRadius: Double,
        start: Double, end: Double, color: RGBA, feather: Double, roundCaps: Bool = true
    ) {
        let sweep = end - start
        let steps = max(2, Int((Double(Mesh.segments(forRadius: outerRadius)) * abs(sweep) / (2 * Double.pi)).rounded(.up)))
        let half = feather / 2
        // Four concentric rows: transparent, opaque, opaque, transparent.
        let radii = [innerRadius - half, innerRadius + half, outerRadius - half, outerRadius + half]
        let alphas = [0.0, 1.0, 1.0, 0.0]
        var rows: [[Int32]] = Array(repeating: [], count: 4)
        for step in 0...steps {
            let angle = start + sweep * Double(step) / Double(steps)
            let (c, s) = (cos(angle), sin(angle))
            for row in 0..<4 {
                rows[row].append(add(cx + radii[row] * c, cy + radii[row] * s, color.fading(alphas[row])))
            }
        }
        for row in 0..<3 {
            for step in 0..<steps {
                quad(rows[row][step], rows[row][step + 1], rows[row + 1][step + 1], rows[row + 1][step])
            }
        }
        if roundCaps {
            let capRadius = (outerRadius - innerRadius) / 2
            let middle = (outerRadius + innerRadius) / 2
            for angle in [start, end] {
                disc(cx: cx + middle * cos(angle), cy: cy + middle * sin(angle), radius: capRadius, color: color, feather: feather)
            }
        }
    }
}
