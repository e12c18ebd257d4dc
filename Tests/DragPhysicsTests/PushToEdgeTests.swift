import DragPhysics
import Testing

private let window = Size(width: 800, height: 600)

private func circle(_ curve: PushCurve) -> DraggableCircle {
    var configuration = DragConfiguration.default
    configuration.pushCurve = curve
    return DraggableCircle.centered(in: window, radius: 50, configuration: configuration)
}

/// The standard flick of these tests: 1000 pt/s to the right from the centre, released at t = 0.06 at
/// x = 460, so the push covers Δ = 750 − 460 = 290 pt.
private func flickRight(_ curve: PushCurve) -> (DraggableCircle, Double) {
    var c = circle(curve)
    let (release, time) = flick(&c, from: Point(x: 400, y: 300), velocity: Point(x: 1000, y: 0))
    #expect(release == .flicked(.right))
    return (c, time)
}

@Suite("Pushing to an edge")
struct PushToEdgeTests {
    @Test("ease-in-out flick: formula positions, docked exactly at x = w − r with zero speed")
    func easeInOutFlick() throws {
        let (c, t0) = flickRight(.easeInOut)
        #expect(t0 == 0.06)
        // T = 0.02·√290 (hand-computed), cubic in-out: ¼ of T → 4·(¼)³ = 1/16 of Δ, ½ of T → ½ of Δ.
        let duration = 0.34058772731852804
        let arrival = try #require(c.pushArrivalTime)
        expectClose(arrival, t0 + duration, 1e-12, "arrival")
        #expect(c.center(at: t0) == Point(x: 460, y: 300))
        expectClose(c.center(at: t0 + duration / 4), Point(x: 460 + 290.0 / 16, y: 300), 1e-9, "¼")
        expectClose(c.center(at: t0 + duration / 2), Point(x: 605, y: 300), 1e-9, "½")
        expectClose(c.velocity(at: t0 + duration / 2), Point(x: 3 * 290 / duration, y: 0), 1e-6, "peak speed")
        #expect(c.isMoving(at: t0 + duration / 2) && c.dockedEdge(at: t0 + duration / 2) == nil)
        for t in [arrival, arrival + 0.001, 10] {
            #expect(c.center(at: t) == Point(x: 750, y: 300))
            #expect(c.velocity(at: t) == .zero)
            #expect(!c.isMoving(at: t) && c.dockedEdge(at: t) == .right)
        }
    }

    @Test("ease-in-out: speed first increases, then decreases to zero")
    func accelerateThenDecelerate() throws {
        let (c, t0) = flickRight(.easeInOut)
        let arrival = try #require(c.pushArrivalTime)
        let speeds = (0...100).map { c.velocity(at: t0 + (arrival - t0) * Double($0) / 100).x }
        let peak = try #require(speeds.indices.max { speeds[$0] < speeds[$1] })
        #expect(peak == 50)
        #expect(speeds[0] == 0)
        for i in 1...peak { #expect(speeds[i] > speeds[i - 1], "accelerating at sample \(i)") }
        for i in (peak + 1)...99 { #expect(speeds[i] < speeds[i - 1], "decelerating at sample \(i)") }
        #expect(speeds[99] < 0.01 * speeds[peak])
    }

    @Test("every push curve ends exactly on every edge with zero speed, never overshooting",
          arguments: PushCurve.allCases, Edge.allCases)
    func everyCurveEndsOnTheEdge(curve: PushCurve, edge: Edge) throws {
        var c = circle(curve)
        let velocities: [Edge: Point] = [
            .left: Point(x: -1500, y: 100), .right: Point(x: 1500, y: -100),
            .top: Point(x: 50, y: -1200), .bottom: Point(x: -50, y: 1200)]
        let throwVelocity = try #require(velocities[edge])
        let (release, t0) = flick(&c, from: Point(x: 400, y: 300), velocity: throwVelocity)
        #expect(release == .flicked(edge))
        let start = c.center(at: t0)
        let expected: Point
        switch edge {
        case .left: expected = Point(x: 50, y: start.y)
        case .right: expected = Point(x: 750, y: start.y)
        case .top: expected = Point(x: start.x, y: 50)
        case .bottom: expected = Point(x: start.x, y: 550)
        }
        let arrival = try #require(c.pushArrivalTime)
        #expect(arrival > t0 && arrival < t0 + 2)
        #expect(c.center(at: arrival) == expected && c.velocity(at: arrival) == .zero)
        #expect(c.dockedEdge(at: arrival) == edge && !c.isMoving(at: arrival))
        // Monotone approach, inside the window, the perpendicular coordinate untouched.
        var previousDistance = Double.infinity
        for i in 0..<400 {
            let p = c.center(at: t0 + (arrival - t0) * Double(i) / 400)
            let distance = abs(edge.isHorizontal ? p.x - expected.x : p.y - expected.y)
            #expect(distance <= previousDistance, "sample \(i): \(p)")
            #expect(p.x >= 50 && p.x <= 750 && p.y >= 50 && p.y <= 550, "sample \(i): \(p)")
            #expect(edge.isHorizontal ? p.y == start.y : p.x == start.x)
            previousDistance = distance
        }
    }

    @Test("velocity-matched: starts at the release speed, hand-computed Hermite positions")
    func velocityMatched() throws {
        let (c, t0) = flickRight(.velocityMatched)
        let duration = 0.34058772731852804  // min(0.02·√290, 3·290/1000)
        expectClose(try #require(c.pushArrivalTime), t0 + duration, 1e-9, "arrival")
        expectClose(c.velocity(at: t0).x, 1000, 1e-6, "start speed")
        // p(u) = m₀(u³ − 2u² + u) + 3u² − 2u³, m₀ = 1000·T/290 (python, Tests/References).
        expectClose(c.center(at: t0 + duration * 0.25).x, 553.2076491541679, 1e-6, "¼")
        expectClose(c.center(at: t0 + duration * 0.5).x, 647.573465914816, 1e-6, "½")
        expectClose(c.center(at: t0 + duration * 0.75).x, 720.652549718056, 1e-6, "¾")
        expectClose(c.velocity(at: t0 + duration * 0.999_999).x, 0, 1e-2, "end speed")
    }

    @Test("critically damped spring: closed-form offsets, snaps within 0.01 pt")
    func spring() throws {
        let (c, t0) = flickRight(.criticallyDampedSpring)
        // x(τ) = 750 + (A + Bτ)e^(−18τ), A = −290, B = 1000 − 18·290 (python reference values).
        expectClose(c.center(at: t0 + 0.05).x, 546.3086004699599, 1e-6, "τ = 0.05")
        expectClose(c.center(at: t0 + 0.1).x, 632.3071915862304, 1e-6, "τ = 0.1")
        expectClose(c.center(at: t0 + 0.2).x, 719.0148987447702, 1e-6, "τ = 0.2")
        expectClose(c.velocity(at: t0 + 0.1).x, 1420.9092431527579, 1e-5, "v(0.1)")
        // Settle: (290 + 4220τ)e^(−18τ) = 0.01 at τ ≈ 0.70537 (bisection in python).
        let arrival = try #require(c.pushArrivalTime)
        expectClose(arrival - t0, 0.7053720319249157, 1e-9, "settle time")
        #expect(abs(c.center(at: arrival - 1e-9).x - 750) <= 0.01 + 1e-6)
        #expect(c.center(at: arrival).x == 750 && c.velocity(at: arrival) == .zero)
    }

    @Test("grabbing a moving circle stops it exactly where it is", arguments: PushCurve.allCases)
    func grabStopsMotion(curve: PushCurve) throws {
        var (c, t0) = flickRight(curve)
        let grabTime = t0 + 0.1
        let before = c.center(at: grabTime)
        #expect(before.x > 460 && before.x < 750)
        do { let result = c.pointerDown(at: before + Point(x: 5, y: 5), time: grabTime); #expect(result) }
        #expect(c.center(at: grabTime) == before)
        #expect(c.center(at: grabTime + 1) == before)
        #expect(!c.isMoving(at: grabTime + 0.01) && c.dockedEdge(at: grabTime + 1) == nil)
        // Released in place: a tap; it stays.
        do { let result = c.pointerUp(at: before + Point(x: 5, y: 5), time: grabTime + 0.1); #expect(result == .tap) }
        #expect(c.center(at: 5) == before)
    }

    @Test("a press that misses a moving circle does not stop it")
    func missDoesNotStop() throws {
        var (c, t0) = flickRight(.easeInOut)
        do { let result = c.pointerDown(at: Point(x: 100, y: 100), time: t0 + 0.1); #expect(!result) }
        #expect(c.isMoving(at: t0 + 0.1))
        #expect(c.center(at: 5) == Point(x: 750, y: 300))
    }

    @Test("keyboard push from rest: starts at zero speed, ends docked")
    func keyboardPush() throws {
        var c = circle(.easeInOut)
        c.push(to: .top, time: 2)
        // Δ = 250 → T = 0.02·√250.
        let duration = 0.02 * 250.0.squareRoot()
        expectClose(try #require(c.pushArrivalTime), 2 + duration, 1e-12, "arrival")
        #expect(c.velocity(at: 2) == .zero && c.isMoving(at: 2.01))
        expectClose(c.center(at: 2 + duration / 2), Point(x: 400, y: 175), 1e-9, "half way")
        #expect(c.center(at: 3) == Point(x: 400, y: 50) && c.dockedEdge(at: 3) == .top)
        // Already there: docks immediately.
        c.push(to: .top, time: 4)
        #expect(c.pushArrivalTime == nil && c.dockedEdge(at: 4) == .top)
    }

    @Test("a repeated key does not restart a running push; another edge re-targets from where it is")
    func repeatedKey() throws {
        var c = circle(.easeInOut)
        c.push(to: .right, time: 0)
        let arrival = try #require(c.pushArrivalTime)
        c.push(to: .right, time: 0.1)
        #expect(c.pushArrivalTime == arrival)
        let here = c.center(at: 0.2)
        c.push(to: .left, time: 0.2)
        #expect(c.center(at: 0.2) == here)
        #expect(c.center(at: 5) == Point(x: 50, y: 300) && c.dockedEdge(at: 5) == .left)
    }

    @Test("while dragged, velocity(at:) is the tracker's estimate")
    func velocityDuringDrag() {
        var c = circle(.easeInOut)
        c.pointerDown(at: Point(x: 400, y: 300), time: 0)
        for k in 1...5 { c.pointerMoved(to: Point(x: 400, y: 300 + 3 * Double(k)), time: 0.01 * Double(k)) }
        expectClose(c.velocity(at: 0.05), Point(x: 0, y: 300), 1e-6, "v")
    }

    @Test("resizing keeps a docked circle on its edge")
    func resizeKeepsDocked() {
        var (c, _) = flickRight(.easeInOut)
        c.resize(to: Size(width: 1000, height: 700), time: 5)
        #expect(c.center(at: 5) == Point(x: 950, y: 300) && c.dockedEdge(at: 5) == .right)
        c.resize(to: Size(width: 300, height: 200), time: 6)
        #expect(c.center(at: 6) == Point(x: 250, y: 150) && c.dockedEdge(at: 6) == .right)
        c.push(to: .bottom, time: 7)
        c.resize(to: Size(width: 640, height: 480), time: 9)
        #expect(c.center(at: 9) == Point(x: 250, y: 430) && c.dockedEdge(at: 9) == .bottom)
    }

    @Test("resizing during a push re-targets it to the moved edge")
    func resizeDuringPush() throws {
        var (c, t0) = flickRight(.easeInOut)
        c.resize(to: Size(width: 1000, height: 600), time: t0 + 0.1)
        let arrival = try #require(c.pushArrivalTime)
        #expect(c.center(at: arrival) == Point(x: 950, y: 300) && c.dockedEdge(at: arrival) == .right)
    }

    @Test("resizing during a push: no jump, no speed step, docked on the moved edge, inside the new window",
          arguments: PushCurve.allCases, [Size(width: 1000, height: 600), Size(width: 700, height: 500)])
    func resizeDuringPushIsContinuous(curve: PushCurve, newSize: Size) throws {
        var (c, t0) = flickRight(curve)
        let oldArrival = try #require(c.pushArrivalTime)
        let resizeTime = t0 + 0.1
        let before = c.center(at: resizeTime), speedBefore = c.velocity(at: resizeTime)
        #expect(before.x > 460 && before.x < 650 && speedBefore.x > 100, "still under way at the resize")
        c.resize(to: newSize, time: resizeTime)
        expectClose(c.center(at: resizeTime), before, 1e-9, "position at the resize")
        expectClose(c.velocity(at: resizeTime), speedBefore, 1e-6 * speedBefore.x, "speed at the resize")
        let arrival = try #require(c.pushArrivalTime)
        let edgeX = newSize.width - 50
        #expect(c.center(at: arrival) == Point(x: edgeX, y: 300) && c.velocity(at: arrival) == .zero)
        #expect(c.dockedEdge(at: arrival) == .right && !c.isMoving(at: arrival))
        if curve == .easeInOut && newSize.width > 800 {
            #expect(arrival == oldArrival, "ease-in-out keeps its arrival time when the edge moves away")
        }
        var previous = before.x
        for i in 1...400 {
            let p = c.center(at: resizeTime + (arrival - resizeTime) * Double(i) / 400)
            #expect(p.x >= previous && p.x <= edgeX && p.y == 300, "sample \(i): \(p)")
            previous = p.x
        }
    }

    @Test("a resize that does not move the target leaves the push untouched")
    func resizeNotAffectingPush() throws {
        var (c, t0) = flickRight(.easeInOut)
        let arrival = try #require(c.pushArrivalTime)
        let samples = (0...20).map { c.center(at: t0 + 0.02 * Double($0)) }
        c.resize(to: Size(width: 800, height: 700), time: t0 + 0.05)
        #expect(c.pushArrivalTime == arrival)
        #expect((0...20).map { c.center(at: t0 + 0.02 * Double($0)) } == samples)
    }

    @Test("a window shrinking past a moving circle clamps it and docks it on the moved edge")
    func resizeCutsThroughMovingCircle() throws {
        var (c, t0) = flickRight(.easeInOut)
        c.resize(to: Size(width: 500, height: 600), time: t0 + 0.2)  // the circle is beyond x = 450 by now
        #expect(c.center(at: t0 + 0.2) == Point(x: 450, y: 300))
        #expect(c.dockedEdge(at: t0 + 0.2) == .right && !c.isMoving(at: t0 + 0.2))
    }

    @Test("resizing clamps a resting circle inside")
    func resizeClampsResting() {
        var c = DraggableCircle(center: Point(x: 700, y: 500), radius: 50, bounds: window)
        c.resize(to: Size(width: 400, height: 300), time: 1)
        #expect(c.center(at: 1) == Point(x: 350, y: 250) && c.dockedEdge(at: 1) == nil)
    }

    @Test("dragging a docked circle away undocks it; a tap keeps it docked")
    func undock() throws {
        var (c, _) = flickRight(.easeInOut)
        c.pointerDown(at: Point(x: 750, y: 300), time: 5)
        do { let result = c.pointerUp(at: Point(x: 751, y: 300), time: 5.1); #expect(result == .tap) }
        #expect(c.dockedEdge(at: 6) == .right)
        c.pointerDown(at: Point(x: 750, y: 300), time: 7)
        c.pointerMoved(to: Point(x: 600, y: 300), time: 7.5)
        #expect(c.dockedEdge(at: 7.5) == nil)
        do { let result = c.pointerUp(at: Point(x: 600, y: 300), time: 7.6); #expect(result == .dropped) }
        #expect(c.center(at: 8) == Point(x: 600, y: 300) && c.dockedEdge(at: 8) == nil)
    }
}
