import DragPhysics
import Testing

private let window = Size(width: 800, height: 600)

@Suite("Dragging, tapping, dropping")
struct DragGestureTests {
    @Test("starts centred")
    func centred() {
        let circle = DraggableCircle.centered(in: window, radius: 50)
        #expect(circle.center(at: 0) == Point(x: 400, y: 300))
        #expect(circle.dockedEdge(at: 0) == nil && !circle.isMoving(at: 0) && !circle.isDragging)
    }

    @Test("a press outside the circle is ignored")
    func miss() {
        var circle = DraggableCircle.centered(in: window, radius: 50)
        do { let result = circle.pointerDown(at: Point(x: 460, y: 300), time: 0); #expect(!result) }
        #expect(!circle.isDragging)
        circle.pointerMoved(to: Point(x: 600, y: 300), time: 0.1)
        #expect(circle.center(at: 0.1) == Point(x: 400, y: 300))
        do { let result = circle.pointerUp(at: Point(x: 600, y: 300), time: 0.2); #expect(result == .dropped) }
    }

    @Test("the grab offset is kept once the slop is taken up")
    func grabOffsetAndSlop() {
        var circle = DraggableCircle.centered(in: window, radius: 50)
        do { let result = circle.pointerDown(at: Point(x: 420, y: 310), time: 0); #expect(result) }  // offset (−20, −10)
        #expect(circle.isDragging)
        circle.pointerMoved(to: Point(x: 423, y: 310), time: 0.01)  // 3 pt < slop 4
        #expect(circle.center(at: 0.01) == Point(x: 400, y: 300))
        // 10 pt from the down point: 6 pt beyond the slop circle, so the 4 pt lag shrank by 0.5 · 6 = 3 to 1:
        // centre = pointer + offset − 1 = 409 (it moved 9 pt for the pointer's 7 pt step, no 10 pt jump).
        circle.pointerMoved(to: Point(x: 430, y: 310), time: 0.02)
        #expect(circle.center(at: 0.02) == Point(x: 409, y: 300))
        circle.pointerMoved(to: Point(x: 600, y: 500), time: 0.03)
        #expect(circle.center(at: 0.03) == Point(x: 580, y: 490))
        // Coming back inside the slop radius after exceeding it still drags.
        circle.pointerMoved(to: Point(x: 421, y: 310), time: 0.04)
        #expect(circle.center(at: 0.04) == Point(x: 401, y: 300))
    }

    @Test("a pointer creeping over the slop moves the circle at most 1.5× its step, then with the exact offset")
    func noJumpAtSlop() {
        var circle = DraggableCircle.centered(in: window, radius: 50)
        circle.pointerDown(at: Point(x: 400, y: 300), time: 0)  // grab offset (0, 0)
        var previous = circle.center(at: 0)
        for k in 1...60 {
            let pointer = Point(x: 400 + 0.5 * Double(k), y: 300)
            circle.pointerMoved(to: pointer, time: 0.01 * Double(k))
            let now = circle.center(at: 0.01 * Double(k))
            #expect(now.distance(to: previous) <= 1.5 * 0.5 + 1e-12, "step \(k): jumped from \(previous) to \(now)")
            if pointer.x <= 404 { #expect(now == Point(x: 400, y: 300), "inside the slop at \(pointer.x)") }
            // The lag (4 pt) is gone once the pointer has travelled 4 / 0.5 = 8 pt beyond the slop circle.
            if pointer.x >= 412 { #expect(now == pointer, "offset restored at \(pointer.x)") }
            previous = now
        }
        // Crossing at 404.5: 0.5 pt beyond, lag 4 − 0.25 = 3.75, centre 400.75.
        var again = DraggableCircle.centered(in: window, radius: 50)
        again.pointerDown(at: Point(x: 400, y: 300), time: 0)
        again.pointerMoved(to: Point(x: 404, y: 300), time: 0.01)
        again.pointerMoved(to: Point(x: 404.5, y: 300), time: 0.02)
        #expect(again.center(at: 0.02) == Point(x: 400.75, y: 300))
    }

    @Test("resizing during a drag clamps the circle; the drag goes on with its offset")
    func resizeWhileDragging() {
        var circle = DraggableCircle.centered(in: window, radius: 50)
        circle.pointerDown(at: Point(x: 410, y: 300), time: 0)  // offset (−10, 0)
        circle.pointerMoved(to: Point(x: 710, y: 300), time: 0.1)
        #expect(circle.center(at: 0.1) == Point(x: 700, y: 300))
        circle.resize(to: Size(width: 500, height: 400), time: 0.15)
        #expect(circle.center(at: 0.15) == Point(x: 450, y: 300) && circle.isDragging)
        circle.pointerMoved(to: Point(x: 210, y: 200), time: 0.2)
        #expect(circle.center(at: 0.2) == Point(x: 200, y: 200))
    }

    @Test("the circle stays inside the window and keeps the offset when the pointer comes back")
    func staysInside() {
        var circle = DraggableCircle.centered(in: window, radius: 50)
        circle.pointerDown(at: Point(x: 380, y: 290), time: 0)  // offset (20, 10)
        circle.pointerMoved(to: Point(x: 2000, y: -500), time: 0.1)
        #expect(circle.center(at: 0.1) == Point(x: 750, y: 50))
        circle.pointerMoved(to: Point(x: -300, y: 900), time: 0.2)
        #expect(circle.center(at: 0.2) == Point(x: 50, y: 550))
        circle.pointerMoved(to: Point(x: 500, y: 300), time: 0.3)
        #expect(circle.center(at: 0.3) == Point(x: 520, y: 310))
    }

    @Test("a window narrower than the circle centres it on that axis")
    func tinyWindow() {
        var circle = DraggableCircle(center: Point(x: 10, y: 10), radius: 50, bounds: Size(width: 80, height: 600))
        #expect(circle.center(at: 0) == Point(x: 40, y: 50))
        circle.pointerDown(at: Point(x: 40, y: 50), time: 0)
        circle.pointerMoved(to: Point(x: 300, y: 400), time: 0.1)
        #expect(circle.center(at: 0.1) == Point(x: 40, y: 400))
    }

    @Test("down and up within the slop is a tap; the circle does not move")
    func tap() {
        var circle = DraggableCircle.centered(in: window, radius: 50)
        circle.pointerDown(at: Point(x: 410, y: 300), time: 0)
        circle.pointerMoved(to: Point(x: 412, y: 301), time: 0.05)
        do { let result = circle.pointerUp(at: Point(x: 413, y: 302), time: 0.1); #expect(result == .tap) }
        #expect(circle.center(at: 0.1) == Point(x: 400, y: 300))
        #expect(!circle.isDragging)
    }

    @Test("a slow release drops the circle where it is")
    func drop() {
        var circle = DraggableCircle.centered(in: window, radius: 50)
        circle.pointerDown(at: Point(x: 400, y: 300), time: 0)
        for k in 1...10 {  // 100 pt/s, below the 400 pt/s threshold
            circle.pointerMoved(to: Point(x: 400 + Double(k), y: 300), time: Double(k) * 0.01)
        }
        do { let result = circle.pointerUp(at: Point(x: 411, y: 300), time: 0.11); #expect(result == .dropped) }
        // 11 pt dragged, 7 pt of them beyond the slop: 0.5 pt of the 4 pt slop lag is left (4 − 0.5 · 7).
        for t in [0.11, 0.5, 5] {
            #expect(circle.center(at: t) == Point(x: 410.5, y: 300))
            #expect(!circle.isMoving(at: t) && circle.dockedEdge(at: t) == nil)
        }
    }

    @Test("a fast move followed by a rest before release is a drop, not a flick")
    func restThenRelease() {
        var circle = DraggableCircle.centered(in: window, radius: 50)
        circle.pointerDown(at: Point(x: 400, y: 300), time: 0)
        for k in 1...5 { circle.pointerMoved(to: Point(x: 400 + 20 * Double(k), y: 300), time: Double(k) * 0.01) }
        do { let result = circle.pointerUp(at: Point(x: 500, y: 300), time: 0.1); #expect(result == .dropped) }  // 50 ms at rest
        #expect(circle.center(at: 1) == Point(x: 500, y: 300))
    }

    @Test("a two-sample flick (down, up) counts")
    func twoSampleFlick() {
        var circle = DraggableCircle.centered(in: window, radius: 50)
        circle.pointerDown(at: Point(x: 400, y: 300), time: 0)
        do { let result = circle.pointerUp(at: Point(x: 400, y: 280), time: 0.02); #expect(result == .flicked(.top)) }  // 1000 pt/s up
    }

    @Test("the dominant axis picks the edge", arguments: [
        (Point(x: 900, y: 300), Edge.right), (Point(x: -900, y: 300), .left),
        (Point(x: 300, y: 900), .bottom), (Point(x: -300, y: -900), .top)])
    func dominantAxis(velocity: Point, edge: Edge) {
        var circle = DraggableCircle.centered(in: window, radius: 50)
        let (release, _) = flick(&circle, from: Point(x: 400, y: 300), velocity: velocity)
        #expect(release == .flicked(edge))
    }

    @Test("a cancelled press leaves the circle where it is")
    func cancel() {
        var circle = DraggableCircle.centered(in: window, radius: 50)
        circle.pointerDown(at: Point(x: 400, y: 300), time: 0)
        circle.pointerMoved(to: Point(x: 450, y: 300), time: 0.01)
        circle.pointerCancelled(time: 0.02)
        #expect(!circle.isDragging && circle.center(at: 1) == Point(x: 450, y: 300) && !circle.isMoving(at: 0.03))
    }
}
