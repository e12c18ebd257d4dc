import DragPhysics
import Testing

private let window = Size(width: 800, height: 600)

/// NaN and infinities from a broken event source must not poison the state.
@Suite("Non-finite input and tracker edge cases")
struct NonFiniteInputTests {
    @Test("the tracker ignores samples with a non-finite time or coordinate, also as the first sample")
    func trackerIgnoresNonFinite() {
        var tracker = VelocityTracker()
        tracker.addSample(Point(x: 0, y: 0), time: .nan)
        tracker.addSample(Point(x: .nan, y: 0), time: 0)
        for k in 0...10 {
            let t = Double(k) * 0.008
            tracker.addSample(Point(x: 100 + 500 * t, y: 50 - 200 * t), time: t)
            tracker.addSample(Point(x: .infinity, y: 0), time: t + 0.004)
            tracker.addSample(Point(x: 0, y: .nan), time: t + 0.004)
            tracker.addSample(Point(x: 1e6, y: 1e6), time: .infinity)
            tracker.addSample(Point(x: 1e6, y: 1e6), time: -.infinity)
        }
        #expect(tracker.sampleCount == 11)
        expectClose(tracker.velocity(at: 0.08), Point(x: 500, y: -200), 1e-6, "v")
        for time in [Double.nan, .infinity, -.infinity] { #expect(tracker.velocity(at: time) == .zero) }
    }

    @Test("a single sample has no velocity")
    func singleSample() {
        var tracker = VelocityTracker()
        tracker.addSample(Point(x: 5, y: 5), time: 1)
        #expect(tracker.velocity(at: 1) == .zero && tracker.velocity(at: 1.01) == .zero)
    }

    @Test("time running backwards replaces the newest position, like a duplicate timestamp")
    func backwardsTime() {
        var tracker = VelocityTracker()
        tracker.addSample(Point(x: 0, y: 0), time: 0)
        tracker.addSample(Point(x: 10, y: 0), time: 0.01)
        tracker.addSample(Point(x: 12, y: 0), time: 0.005)  // earlier than the newest: becomes (0.01, 12)
        tracker.addSample(Point(x: 20, y: 0), time: 0.02)
        #expect(tracker.samples.map(\.time) == [0, 0.01, 0.02])
        // Parabola through (0, 0), (0.01, 12), (0.02, 20): x = 1400t − 20000t², x'(0.02) = 600.
        expectClose(tracker.velocity(at: 0.02), Point(x: 600, y: 0), 1e-6, "v")
        // A large backward jump cannot create a huge or negative-dt velocity either.
        tracker.addSample(Point(x: 25, y: 0), time: -100)
        let v = tracker.velocity(at: 0.02)
        #expect(v.x.isFinite && v.y.isFinite && abs(v.x) < 2000)
    }

    @Test("minimumInterval 0 still never divides by a zero time step")
    func zeroMinimumInterval() {
        var tracker = VelocityTracker(minimumInterval: 0)
        tracker.addSample(Point(x: 0, y: 0), time: 0.5)
        tracker.addSample(Point(x: 50, y: 0), time: 0.5)
        #expect(tracker.velocity(at: 0.5) == .zero)
        tracker.addSample(Point(x: 60, y: 0), time: 0.51)
        tracker.addSample(Point(x: 70, y: 0), time: 0.51)
        expectClose(tracker.velocity(at: 0.51), Point(x: 2000, y: 0), 1e-6, "(70 − 50) / 0.01")
    }

    @Test("non-finite pointer events are ignored; pointerUp still ends the press; the circle stays finite")
    func circleIgnoresNonFinitePointer() {
        var circle = DraggableCircle.centered(in: window, radius: 50)
        do { let result = circle.pointerDown(at: Point(x: .nan, y: 300), time: 0); #expect(!result) }
        do { let result = circle.pointerDown(at: Point(x: 400, y: 300), time: .nan); #expect(!result) }
        #expect(!circle.isDragging)
        do { let result = circle.pointerDown(at: Point(x: 400, y: 300), time: 0); #expect(result) }
        circle.pointerMoved(to: Point(x: 450, y: 300), time: 0.01)
        circle.pointerMoved(to: Point(x: .nan, y: .nan), time: 0.02)
        circle.pointerMoved(to: Point(x: 470, y: 300), time: .infinity)
        circle.pointerMoved(to: Point(x: -.infinity, y: 300), time: 0.03)
        #expect(circle.center(at: 0.03) == Point(x: 450, y: 300))
        do { let result = circle.pointerUp(at: Point(x: .nan, y: 300), time: 0.04); #expect(result == .dropped) }
        #expect(!circle.isDragging && circle.center(at: 1) == Point(x: 450, y: 300) && !circle.isMoving(at: 1))
        // Still grabbable and draggable.
        do { let result = circle.pointerDown(at: Point(x: 450, y: 300), time: 2); #expect(result) }
        circle.pointerMoved(to: Point(x: 300, y: 300), time: 2.1)
        circle.pointerUp(at: Point(x: 300, y: 300), time: 2.5)
        #expect(circle.center(at: 3) == Point(x: 300, y: 300))
        // A press released with a NaN time without leaving the slop is a tap.
        circle.pointerDown(at: Point(x: 300, y: 300), time: 4)
        do { let result = circle.pointerUp(at: Point(x: 301, y: 300), time: .nan); #expect(result == .tap) }
    }

    @Test("a non-finite time cannot stop, restart or freeze a push")
    func pushIgnoresNonFiniteTime() throws {
        var circle = DraggableCircle.centered(in: window, radius: 50)
        circle.push(to: .right, time: .nan)
        #expect(circle.pushArrivalTime == nil && circle.center(at: 1) == Point(x: 400, y: 300))
        circle.push(to: .right, time: 0)
        let arrival = try #require(circle.pushArrivalTime)
        do { let result = circle.pointerDown(at: circle.center(at: 0.1), time: .nan); #expect(!result) }
        circle.push(to: .left, time: .infinity)
        circle.resize(to: Size(width: 1000, height: 600), time: .nan)
        #expect(circle.pushArrivalTime == arrival && circle.bounds == window)
        #expect(circle.center(at: arrival) == Point(x: 750, y: 300) && circle.dockedEdge(at: arrival) == .right)
    }

    @Test("non-finite or negative sizes and radii are refused; a non-finite start centre means the middle")
    func geometryValidation() {
        var circle = DraggableCircle(center: Point(x: .nan, y: 10), radius: 50, bounds: window)
        #expect(circle.center(at: 0) == Point(x: 400, y: 300))
        circle.resize(to: Size(width: .infinity, height: 600), time: 1)
        circle.resize(to: Size(width: -5, height: 600), time: 1)
        #expect(circle.bounds == window)
        circle.radius = .nan
        #expect(circle.radius == 50)
        circle.radius = -1
        #expect(circle.radius == 50)
        circle.radius = 100
        #expect(circle.radius == 100 && circle.center(at: 2) == Point(x: 400, y: 300))
    }
}
