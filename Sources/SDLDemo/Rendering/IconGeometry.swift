import Foundation

/// Where the icons sit inside a circle of radius `r` centred on (cx, cy), in the same units.
///
/// The proportions are fixed so tests can sample pixels: the play triangle's centroid is the circle's
/// centre; the pause bars leave a gap at the centre; the spinner and retry arcs run at radius 0.42·r.
struct IconGeometry: Sendable {
    var cx: Double
    var cy: Double
    var r: Double

    /// Play triangle pointing right, its centroid at the centre; circumradius 0.5·r.
    var playTriangle: [(x: Double, y: Double)] {
        let s = 0.5 * r
        return [(cx + s, cy), (cx - s / 2, cy + s * 0.8660254037844386), (cx - s / 2, cy - s * 0.8660254037844386)]
    }

    /// Width of one pause bar.
    var barWidth: Double { 0.17 * r }
    /// Height of the pause bars.
    var barHeight: Double { 0.62 * r }
    /// Gap between the pause bars, centred on the circle's centre.
    var barGap: Double { 0.2 * r }

    /// The two pause bars as rectangles (corner lists).
    var pauseBars: [[(x: Double, y: Double)]] {
        let top = cy - barHeight / 2
        let bottom = cy + barHeight / 2
        return [-1.0, 1.0].map { side in
            let near = cx + side * barGap / 2
            let far = cx + side * (barGap / 2 + barWidth)
            return [(near, top), (far, top), (far, bottom), (near, bottom)]
        }
    }

    /// Inner and outer radius of the spinner / retry arc band.
    var arcInnerRadius: Double { 0.42 * r - 0.06 * r }
    var arcOuterRadius: Double { 0.42 * r + 0.06 * r }

    /// The spinner covers three quarters of a turn and turns once per `spinnerPeriod` seconds.
    static let spinnerSweep = 1.5 * Double.pi
    static let spinnerPeriod = 1.2

    /// Start angle of the spinner arc at time `t` seconds.
    static func spinnerStart(at t: Double) -> Double {
        let turns = t / spinnerPeriod
        return 2 * Double.pi * (turns - turns.rounded(.down)) - Double.pi / 2
    }
}
