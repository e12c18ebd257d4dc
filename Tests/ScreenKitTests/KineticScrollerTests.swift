import Foundation
import Testing

@testable import ScreenKit

/// A finger on a scroller: grabs, moves in steps of `step` seconds, releases.
struct FingerScript {
    var points: [(time: Double, y: Double)]

    /// A straight stroke from `from` to `to` between `start` and `end`, sampled every 8 ms (a 125 Hz mouse).
    static func stroke(from: Double, to: Double, start: Double, end: Double, sampleInterval: Double = 0.008) -> FingerScript {
        var points: [(Double, Double)] = []
        var t = start
        while t < end - 1e-9 {
            points.append((t, from + (to - from) * (t - start) / (end - start)))
            t += sampleInterval
        }
        points.append((end, to))
        return FingerScript(points: points)
    }

    /// Plays the stroke on `scroller`: grab and begin at the first point, drag through the rest, release at the last.
    func play(on scroller: inout KineticScroller) {
        guard let first = points.first, let last = points.last else { return }
        scroller.grab(at: first.time)
        scroller.beginDrag(pointer: first.y, at: first.time)
        for point in points.dropFirst() { scroller.drag(to: point.y, at: point.time) }
        scroller.release(at: last.time)
    }
}

@Suite("Kinetic scroller")
struct KineticScrollerTests {
    let configuration = ScrollConfiguration.default
    var tau: Double { configuration.decelerationTime }

    func scroller(content: Double = 7200, viewport: Double = 600) -> KineticScroller {
        KineticScroller(viewport: viewport, contentLength: content)
    }

    @Test("a new scroller rests at 0 with bounds 0...content − viewport (0 when the content is shorter)")
    func bounds() {
        let long = scroller()
        #expect(long.offset(at: 0) == 0 && long.phase(at: 0) == .resting && !long.isMoving(at: 0))
        #expect(long.minOffset == 0 && long.maxOffset == 6600)
        let short = scroller(content: 300)
        #expect(short.maxOffset == 0)
    }

    @Test("dragging: the content follows the finger one to one inside the bounds")
    func dragFollows() {
        var s = scroller()
        s.scroll(to: 1000, at: 0)
        s.grab(at: 1)
        #expect(s.phase(at: 1) == .resting && s.isHeld)
        s.beginDrag(pointer: 400, at: 1)
        #expect(s.offset(at: 1) == 1000 && s.phase(at: 1) == .dragging)
        s.drag(to: 300, at: 1.1)
        #expect(s.offset(at: 1.1) == 1100)
        s.drag(to: 450, at: 1.2)
        #expect(s.offset(at: 1.2) == 950)
    }

    @Test("dragging past the top follows the rubber band b(x) = (1 − 1/(x·0.55/d + 1))·d")
    func rubberBandWhileDragging() {
        var s = scroller()
        s.grab(at: 0)
        s.beginDrag(pointer: 100, at: 0)
        s.drag(to: 300, at: 0.5)   // 200 pt past the top
        let expected = -ScrollCurves.rubberBand(200, dimension: 600, coefficient: 0.55)
        #expect(abs(s.offset(at: 0.5) - expected) < 1e-9)
        #expect(s.offset(at: 0.5) > -200 * 0.55 && s.offset(at: 0.5) < 0)
        // Past the bottom too.
        var bottom = scroller()
        bottom.scroll(to: 6600, at: 0)
        bottom.grab(at: 1)
        bottom.beginDrag(pointer: 500, at: 1)
        bottom.drag(to: 400, at: 1.5)
        #expect(abs(bottom.offset(at: 1.5) - (6600 + ScrollCurves.rubberBand(100, dimension: 600, coefficient: 0.55))) < 1e-9)
    }

    @Test("a fling decelerates in closed form: x(t) = x₀ + v₀·τ·(1 − e^(−(t−t₀)/τ)), resting exactly at x₀ + v₀τ")
    func fling() throws {
        var s = scroller()
        s.scroll(to: 1000, at: 0)
        FingerScript.stroke(from: 500, to: 300, start: 0, end: 0.1).play(on: &s)  // 2,000 pt/s up: offset grows
        #expect(s.phase(at: 0.1) == .decelerating)
        let v0 = s.velocity(at: 0.1)
        #expect(abs(v0 - 2000) < 1, "release speed \(v0)")
        let x0 = s.offset(at: 0.1)
        #expect(x0 == 1200)
        for dt in [0.0, 0.05, 0.25, 0.5, 1.0, 2.0] {
            let expected = x0 + v0 * tau * (1 - exp(-dt / tau))
            #expect(abs(s.offset(at: 0.1 + dt) - expected) < 1e-9)
        }
        let end = try #require(s.restTime)
        #expect(s.offset(at: end) == x0 + v0 * tau)
        #expect(!s.isMoving(at: end) && s.phase(at: end) == .resting)
        #expect(s.isMoving(at: end - 0.001))
        s.settle(at: end)
        #expect(s.offset(at: end + 10) == x0 + v0 * tau && s.restTime == nil)
    }

    @Test("a slow release does not fling; a release after resting 40 ms flings nothing")
    func noFling() {
        var slow = scroller()
        FingerScript.stroke(from: 500, to: 497, start: 0, end: 0.2).play(on: &slow)  // 15 pt/s
        #expect(slow.phase(at: 0.2) == .resting && slow.offset(at: 0.2) == 3)
        var rested = scroller()
        rested.grab(at: 0)
        rested.beginDrag(pointer: 500, at: 0)
        rested.drag(to: 300, at: 0.1)
        rested.release(at: 0.2)
        #expect(rested.phase(at: 0.2) == .resting && rested.offset(at: 0.2) == 200)
    }

    @Test("a fling that reaches the end bounces: it reaches the bound, overshoots at most maximumBounce, settles exactly on it")
    func bounce() throws {
        var s = scroller()
        s.scroll(to: 6300, at: 0)
        FingerScript.stroke(from: 500, to: 250, start: 0, end: 0.05).play(on: &s)  // 5,000 pt/s towards the end
        let release = 0.05
        var maximum = -Double.infinity
        var sawBounce = false
        var t = release
        let end = try #require(s.restTime)
        while t < end {
            maximum = max(maximum, s.offset(at: t))
            if s.phase(at: t) == .bouncing { sawBounce = true }
            t += 0.001
        }
        #expect(sawBounce)
        #expect(maximum > 6600 && maximum <= 6600 + configuration.maximumBounce + 1e-6, "peak \(maximum)")
        #expect(s.offset(at: end) == 6600)
        // Position is continuous through the hit (no jump between 1 ms samples beyond the speed limit).
        t = release
        var previous = s.offset(at: t)
        while t < end {
            t += 0.0005
            let x = s.offset(at: t)
            #expect(abs(x - previous) <= 5000 * 0.0005 + 1e-6)
            previous = x
        }
    }

    @Test("released past the top, the content springs back to 0 and stays")
    func springBack() throws {
        var s = scroller()
        s.grab(at: 0)
        s.beginDrag(pointer: 100, at: 0)
        s.drag(to: 300, at: 0.5)
        s.release(at: 0.6)  // rested 100 ms: no speed
        #expect(s.phase(at: 0.6) == .bouncing)
        let pulled = s.offset(at: 0.6)
        #expect(pulled < 0)
        let end = try #require(s.restTime)
        // Monotone return (critically damped, from rest): never past 0.
        var t = 0.6, previous = pulled
        while t < end {
            t += 0.005
            let x = s.offset(at: t)
            #expect(x >= previous - 1e-9 && x <= 0)
            previous = x
        }
        #expect(s.offset(at: end) == 0)
    }

    @Test("a grab stops a fling exactly where it is, and says it caught a moving list")
    func grabStops() {
        var s = scroller()
        FingerScript.stroke(from: 500, to: 300, start: 0, end: 0.1).play(on: &s)
        let at = s.offset(at: 0.4)
        do { let result = s.grab(at: 0.4); #expect(result) }
        #expect(s.offset(at: 0.4) == at && s.offset(at: 5) == at && s.phase(at: 5) == .resting)
        do { let result = s.grab(at: 6); #expect(!result) }  // already still
    }

    @Test("grabbing a bounce out of bounds holds it there; releasing without a drag springs it back")
    func grabDuringBounce() throws {
        var s = scroller()
        s.grab(at: 0)
        s.beginDrag(pointer: 100, at: 0)
        s.drag(to: 400, at: 0.5)
        s.release(at: 0.6)
        let held = s.offset(at: 0.65)
        s.grab(at: 0.65)
        #expect(s.offset(at: 1) == held && held < 0)
        // A drag from there starts without a jump (inverse rubber band).
        var dragged = s
        dragged.beginDrag(pointer: 200, at: 0.7)
        #expect(abs(dragged.offset(at: 0.7) - held) < 1e-9)
        s.release(at: 0.7)
        #expect(s.phase(at: 0.7) == .bouncing)
        #expect(s.offset(at: try #require(s.restTime)) == 0)
    }

    @Test("the wheel glides to clamp(base + notches·step); quick notches add up; ignored while held")
    func wheel() throws {
        var s = scroller()
        s.wheel(by: 80, at: 0)
        #expect(s.phase(at: 0) == .gliding)
        s.wheel(by: 80, at: 0.01)  // before the first glide ends: targets add up
        let end = try #require(s.restTime)
        #expect(s.offset(at: end) == 160)
        #expect(abs(s.offset(at: 0.01 + 0.06) - (160 + (s.offset(at: 0.01) - 160) * exp(-1))) < 1e-9)
        s.settle(at: end)
        s.wheel(by: -1000, at: end + 1)
        #expect(s.offset(at: end + 10) == 0)  // clamped at the top: no rubber band from the wheel
        s.grab(at: end + 11)
        s.wheel(by: 80, at: end + 11)
        #expect(s.phase(at: end + 11) == .resting && s.offset(at: end + 12) == 0)
    }

    @Test("content growing during a fling re-plans from the same position and speed (no jump)")
    func contentGrowsDuringFling() {
        var s = scroller(content: 1200)
        FingerScript.stroke(from: 500, to: 300, start: 0, end: 0.1).play(on: &s)  // would bounce at 600
        let t = 0.2
        let before = (s.offset(at: t), s.velocity(at: t))
        s.setContentLength(7200, at: t)
        #expect(abs(s.offset(at: t) - before.0) < 1e-9)
        #expect(abs(s.velocity(at: t) - before.1) < 1e-6)
        #expect(s.phase(at: t) == .decelerating)
    }

    @Test("content shrinking under a resting offset springs back inside")
    func contentShrinks() throws {
        var s = scroller()
        s.scroll(to: 5000, at: 0)
        s.setContentLength(1000, at: 1)
        #expect(s.offset(at: 1) == 5000 && s.phase(at: 1) == .bouncing)
        #expect(s.offset(at: try #require(s.restTime)) == 400)
    }

    @Test("a leading inset opens room above the start; closing it springs back to 0")
    func leadingInset() throws {
        var s = scroller()
        s.grab(at: 0)
        s.beginDrag(pointer: 100, at: 0)
        s.drag(to: 400, at: 0.5)
        s.setLeadingInset(56, at: 0.5)
        s.release(at: 0.6)
        #expect(s.minOffset == -56)
        #expect(s.offset(at: try #require(s.restTime)) == -56)
        s.setLeadingInset(0, at: 3)
        #expect(s.phase(at: 3) == .bouncing)
        #expect(s.offset(at: try #require(s.restTime)) == 0)
    }

    @Test("frame-rate independence: sampling the same gesture at 30, 60 and 144 fps gives the same offsets at the same times")
    func frameRateIndependence() {
        func run(fps: Double) -> [Double: Double] {
            var s = scroller()
            FingerScript.stroke(from: 500, to: 200, start: 0, end: 0.12).play(on: &s)
            var samples: [Double: Double] = [:]
            var frame = 0
            while true {
                let t = Double(frame) / fps
                if t > 4 { break }
                s.settle(at: t)  // what a frame does
                // Record at the times all three rates share (multiples of 1/6 s).
                let k = (t * 6).rounded()
                if abs(t * 6 - k) < 1e-9 { samples[k] = s.offset(at: t) }
                frame += 1
            }
            return samples
        }
        let a = run(fps: 30), b = run(fps: 60), c = run(fps: 144)
        #expect(!a.isEmpty && a.keys.sorted() == b.keys.sorted() && b.keys.sorted() == c.keys.sorted())
        for key in a.keys {
            #expect(a[key] == b[key] && b[key] == c[key], "at \(key / 6) s: \(a[key]!), \(b[key]!), \(c[key]!)")
        }
    }

    @Test("non-finite input is ignored")
    func nonFinite() {
        var s = scroller()
        s.wheel(by: .nan, at: 0)
        s.scroll(to: .infinity, at: 0)
        s.grab(at: .nan)
        s.setContentLength(.nan, at: 0)
        #expect(s.offset(at: 0) == 0 && s.maxOffset == 6600 && !s.isHeld)
    }
}
