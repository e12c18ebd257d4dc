import DragPhysics
import Testing

/// One scripted gesture: drag, flick right, grab mid-flight, throw down; then the push to the bottom.
private enum Event {
    case down(Point), move(Point), up(Point)
}

private let gesture: [(time: Double, event: Event)] = {
    var events: [(Double, Event)] = [(0.1, .down(Point(x: 400, y: 300)))]
    for k in 1...8 { events.append((0.1 + 0.012 * Double(k), .move(Point(x: 400 + 14 * Double(k), y: 300)))) }
    events.append((0.2, .up(Point(x: 520, y: 300))))                    // flick right
    events.append((0.35, .down(Point(x: 640, y: 300))))                 // grab (the circle is around here)
    for k in 1...4 { events.append((0.35 + 0.01 * Double(k), .move(Point(x: 640, y: 300 + 12 * Double(k))))) }
    events.append((0.4 + 0.01, .up(Point(x: 640, y: 360))))             // throw down
    return events
}()

/// Runs the gesture while "rendering" at `frameTimes`: events and frames are processed in time order,
/// and each frame records center/velocity/isMoving/dockedEdge as a renderer would.
private func run(frameTimes: [Double]) -> [Double: (Point, Point, Bool, Edge?)] {
    var circle = DraggableCircle.centered(in: Size(width: 800, height: 600), radius: 50)
    var samples: [Double: (Point, Point, Bool, Edge?)] = [:]
    var eventIndex = 0
    for frame in frameTimes {
        while eventIndex < gesture.count && gesture[eventIndex].time <= frame {
            let (time, event) = gesture[eventIndex]
            switch event {
            case let .down(p): circle.pointerDown(at: p, time: time)
            case let .move(p): circle.pointerMoved(to: p, time: time)
            case let .up(p): circle.pointerUp(at: p, time: time)
            }
            eventIndex += 1
        }
        samples[frame] = (circle.center(at: frame), circle.velocity(at: frame), circle.isMoving(at: frame),
                          circle.dockedEdge(at: frame))
    }
    return samples
}

@Suite("Frame-rate independence")
struct FrameRateIndependenceTests {
    @Test("30, 60, 120, 144 fps and irregular frames agree at shared timestamps")
    func sharedTimestamps() {
        let duration = 2.0
        func frames(_ fps: Int) -> [Double] { (0...Int(duration * Double(fps))).map { Double($0) / Double(fps) } }
        // Irregular frames: a deterministic jittery sequence (LCG) plus the shared timestamps k/6 s.
        var state: UInt64 = 12345
        var irregular: [Double] = (0...12).map { Double($0) / 6 }
        var t = 0.0
        while t < duration {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            t += 0.004 + Double(state >> 40) / Double(1 << 24) * 0.03
            irregular.append(t)
        }
        irregular.sort()
        let runs = [frames(30), frames(60), frames(120), frames(144), irregular].map(run(frameTimes:))
        let shared = (0...12).map { Double($0) / 6 }  // k/6 s is a frame time at 30, 60, 120 and 144 fps
        var movingFramesSeen = 0
        for time in shared {
            guard let reference = runs[0][time] else {
                Issue.record("30 fps run has no frame at \(time)")
                continue
            }
            if reference.2 { movingFramesSeen += 1 }
            for (index, run) in runs.enumerated().dropFirst() {
                guard let sample = run[time] else {
                    Issue.record("run \(index) has no frame at \(time)")
                    continue
                }
                #expect(sample.0 == reference.0, "centre at \(time), run \(index)")
                #expect(sample.1 == reference.1, "velocity at \(time), run \(index)")
                #expect(sample.2 == reference.2 && sample.3 == reference.3, "state at \(time), run \(index)")
            }
        }
        // The scenario really moves at shared timestamps and really ends docked at the bottom.
        #expect(movingFramesSeen >= 1)
        #expect(runs[0][2.0]?.3 == .bottom)
        #expect(runs[0][2.0]?.0.y == 550)
    }

    @Test("the same throw sampled by a 60 Hz, 125 Hz or 1 kHz pointer gives the same push")
    func pointerRateIndependence() throws {
        // The pointer moves at 900 pt/s from (400, 300) for 0.1 s and is released at (490, 300).
        func thrown(rate: Double) -> DraggableCircle {
            var circle = DraggableCircle.centered(in: Size(width: 800, height: 600), radius: 50)
            circle.pointerDown(at: Point(x: 400, y: 300), time: 0)
            let steps = Int((0.1 * rate).rounded(.down))
            for k in 1..<max(steps, 1) {
                let t = Double(k) / rate
                circle.pointerMoved(to: Point(x: 400 + 900 * t, y: 300), time: t)
            }
            #expect(circle.pointerUp(at: Point(x: 490, y: 300), time: 0.1) == .flicked(.right))
            return circle
        }
        let circles = [60.0, 125, 1000].map(thrown(rate:))
        let arrival = try #require(circles[0].pushArrivalTime)
        for circle in circles.dropFirst() {
            expectClose(try #require(circle.pushArrivalTime), arrival, 1e-12, "arrival")
            for k in 0...20 {
                let t = 0.1 + (arrival - 0.1) * Double(k) / 20
                expectClose(circle.center(at: t), circles[0].center(at: t), 1e-9, "centre at \(t)")
            }
        }
        #expect(circles[0].center(at: arrival) == Point(x: 750, y: 300))
    }

    @Test("frames at 30 fps match a single evaluation after all events")
    func sameAsClosedForm() {
        let frames = (0...60).map { Double($0) / 30 }.filter { $0 >= 0.5 }  // after the last event
        let rendered = run(frameTimes: frames)
        let final = run(frameTimes: [0.5])  // events applied, no frames in between
        var circle = DraggableCircle.centered(in: Size(width: 800, height: 600), radius: 50)
        for (time, event) in gesture {
            switch event {
            case let .down(p): circle.pointerDown(at: p, time: time)
            case let .move(p): circle.pointerMoved(to: p, time: time)
            case let .up(p): circle.pointerUp(at: p, time: time)
            }
        }
        #expect(final[0.5]?.0 == circle.center(at: 0.5))
        for time in frames { #expect(rendered[time]?.0 == circle.center(at: time), "at \(time)") }
    }
}
