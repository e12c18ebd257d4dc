import DragPhysics
import Testing

/// `|actual − expected| ≤ tolerance`, with both values in the failure message.
func expectClose(_ actual: Double, _ expected: Double, _ tolerance: Double, _ label: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
        abs(actual - expected) <= tolerance,
        "\(label): got \(actual), expected \(expected) ± \(tolerance)", sourceLocation: sourceLocation)
}

/// Both coordinates within `tolerance`.
func expectClose(_ actual: Point, _ expected: Point, _ tolerance: Double, _ label: String = "",
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
        abs(actual.x - expected.x) <= tolerance && abs(actual.y - expected.y) <= tolerance,
        "\(label): got \(actual), expected \(expected) ± \(tolerance)", sourceLocation: sourceLocation)
}

/// A drag that moves the pointer at constant velocity from `start` every `step` seconds, `steps` times,
/// then releases at the next step. Returns the release result and the release time.
@discardableResult
func flick(_ circle: inout DraggableCircle, from start: Point, velocity: Point, startTime: Double = 0,
           step: Double = 0.01, steps: Int = 5) -> (release: Release, time: Double) {
    do { let result = circle.pointerDown(at: start, time: startTime); #expect(result) }
    for k in 1...steps {
        let t = Double(k) * step
        circle.pointerMoved(to: start + velocity * t, time: startTime + t)
    }
    let t = Double(steps + 1) * step
    return (circle.pointerUp(at: start + velocity * t, time: startTime + t), startTime + t)
}
