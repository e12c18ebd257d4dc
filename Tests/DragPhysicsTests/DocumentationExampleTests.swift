import DragPhysics
import Testing

/// The examples in docs/DragPhysics.md and the doc comments, so they stay true. Expected values are
/// worked out by hand or with mpmath (Tests/References), not taken from the implementation.
@Suite("Documentation examples")
struct DocumentationExampleTests {
    @Test("the easing catalogue example prints the documented values")
    func easingCatalogue() throws {
        let curves: [(String, any EasingCurve)] = [
            ("cubicOut", PennerEasing.cubicOut),
            ("ease", CubicBezierEasing.ease),
            ("steps(4)", try StepsEasing(steps: 4)),
            ("linear(0, 0.25 75%, 1)", try CSSLinearEasing([.init(0), .init(0.25, at: 0.75), .init(1)])),
            ("spring", try SpringEasing(response: 0.5, dampingRatio: 0.6)),
        ]
        // value(½): 1 − ½³; mpmath; ⌊4·½⌋/4; ½ · 0.25/0.75; 1 − e^(−ζω₀τ)(cos ω_dτ + ζω₀/ω_d sin ω_dτ) at τ = T/2.
        let halfway = [0.875, 0.80240338758485699, 0.5, 1.0 / 6, 1.0200202087392183]
        for ((name, curve), expected) in zip(curves, halfway) {
            #expect(curve(0) == 0 && curve(1) == 1, "\(name) ends")
            expectClose(curve(0.5), expected, 1e-12, name)
        }
    }

    @Test("the DraggableCircle example flicks right and docks at (750, 300)")
    func circleExample() {
        var circle = DraggableCircle.centered(in: Size(width: 800, height: 600), radius: 50)
        circle.pointerDown(at: Point(x: 400, y: 300), time: 0)
        circle.pointerMoved(to: Point(x: 430, y: 300), time: 0.016)
        circle.pointerMoved(to: Point(x: 470, y: 300), time: 0.032)
        let release = circle.pointerUp(at: Point(x: 520, y: 300), time: 0.048)
        #expect(release == .flicked(.right))
        #expect(circle.center(at: 1.0) == Point(x: 750, y: 300) && circle.dockedEdge(at: 1.0) == .right)
    }

    @Test("ease at 0.25 and 0.5, as the issue states them")
    func easeValues() {
        expectClose(CubicBezierEasing.ease.value(at: 0.25), 0.40851059135539587, 1e-15, "ease(0.25)")
        expectClose(CubicBezierEasing.ease.value(at: 0.5), 0.80240338758485699, 1e-15, "ease(0.5)")
    }
}
