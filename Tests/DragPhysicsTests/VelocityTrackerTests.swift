import DragPhysics
import Testing

@Suite("Velocity tracker")
struct VelocityTrackerTests {
    @Test("constant velocity is recovered")
    func constantVelocity() {
        var tracker = VelocityTracker()
        for k in 0...10 {
            let t = Double(k) * 0.008
            tracker.addSample(Point(x: 100 + 500 * t, y: 50 - 200 * t), time: t)
        }
        expectClose(tracker.velocity(at: 0.08), Point(x: 500, y: -200), 1e-6, "v")
    }

    @Test("constant acceleration is recovered exactly by the quadratic fit")
    func constantAcceleration() {
        // x = 10 + 300t + 2000t² (a = 4000 pt/s²), y = 5 − 100t − 1500t²; irregular sample times.
        var tracker = VelocityTracker()
        for t in [0.0, 0.007, 0.019, 0.026, 0.041, 0.052, 0.058, 0.071, 0.083, 0.09] {
            tracker.addSample(Point(x: 10 + 300 * t + 2000 * t * t, y: 5 - 100 * t - 1500 * t * t), time: t)
        }
        // v(0.09) = (300 + 4000·0.09, −100 − 3000·0.09) = (660, −370)
        expectClose(tracker.velocity(at: 0.09), Point(x: 660, y: -370), 1e-6, "v")
    }

    @Test("noisy samples: matches numpy.polyfit of degree 2")
    func noisySamples() {
        let times = [0.0, 0.011, 0.019, 0.032, 0.041, 0.048, 0.062, 0.070, 0.083, 0.090]
        let xs = [10.0, 14.2, 18.9, 25.1, 30.4, 33.0, 41.7, 45.2, 52.9, 56.1]
        let ys = [200.0, 199.1, 197.5, 196.8, 195.0, 193.2, 191.9, 190.1, 187.7, 186.0]
        var tracker = VelocityTracker()
        for i in times.indices { tracker.addSample(Point(x: xs[i], y: ys[i]), time: times[i]) }
        // Tests/References/easing_references.py
        expectClose(tracker.velocity(at: 0.09), Point(x: 565.8852761821755, y: -210.88804065471794), 1e-8, "v")
    }

    @Test("only samples of the last 100 ms count")
    func window() {
        var tracker = VelocityTracker()
        // A fast old segment, then 100 ms+ of 200 pt/s motion.
        tracker.addSample(Point(x: 0, y: 0), time: 0)
        tracker.addSample(Point(x: 500, y: 0), time: 0.05)
        for k in 0...12 {
            let t = 0.06 + Double(k) * 0.01
            tracker.addSample(Point(x: 500 + 200 * (t - 0.06), y: 0), time: t)
        }
        expectClose(tracker.velocity(at: 0.18), Point(x: 200, y: 0), 1e-6, "v")
    }

    @Test("rest before release gives zero")
    func restBeforeRelease() {
        var tracker = VelocityTracker()
        for k in 0...5 { tracker.addSample(Point(x: Double(k) * 10, y: 0), time: Double(k) * 0.01) }
        // Last movement at t = 0.05 (1000 pt/s before): 35 ms later it still counts, 45 ms later it is rest.
        expectClose(tracker.velocity(at: 0.085).x, 1000, 1e-6, "35 ms after the last move")
        #expect(tracker.velocity(at: 0.095) == .zero)
        // Samples at the rest position do not count as movement.
        tracker.addSample(Point(x: 50, y: 0), time: 0.07)
        tracker.addSample(Point(x: 50, y: 0), time: 0.095)
        #expect(tracker.velocity(at: 0.095) == .zero)
        // A pointer that never moved has no velocity.
        var still = VelocityTracker()
        still.addSample(Point(x: 3, y: 3), time: 0)
        still.addSample(Point(x: 3, y: 3), time: 0.01)
        #expect(still.velocity(at: 0.01) == .zero)
    }

    @Test("two samples: difference quotient")
    func twoSamples() {
        var tracker = VelocityTracker()
        tracker.addSample(Point(x: 100, y: 100), time: 1.00)
        tracker.addSample(Point(x: 120, y: 90), time: 1.02)
        expectClose(tracker.velocity(at: 1.02), Point(x: 1000, y: -500), 1e-9, "v")
    }

    @Test("duplicate timestamps are merged, never divided by")
    func duplicateTimestamps() {
        var tracker = VelocityTracker()
        tracker.addSample(Point(x: 0, y: 0), time: 0)
        tracker.addSample(Point(x: 10, y: 0), time: 0.01)
        tracker.addSample(Point(x: 12, y: 0), time: 0.01)  // same timestamp: replaces (0.01, 10)
        tracker.addSample(Point(x: 20, y: 0), time: 0.02)
        #expect(tracker.sampleCount == 3)
        // Parabola through (0, 0), (0.01, 12), (0.02, 20): x = 1400t − 20000t², x'(0.02) = 600.
        expectClose(tracker.velocity(at: 0.02), Point(x: 600, y: 0), 1e-6, "v")

        var same = VelocityTracker()
        same.addSample(Point(x: 0, y: 0), time: 0.5)
        same.addSample(Point(x: 50, y: 0), time: 0.5)
        same.addSample(Point(x: 90, y: 0), time: 0.5)
        let v = same.velocity(at: 0.5)
        #expect(v == .zero && v.x.isFinite)
    }

    @Test("fixed-size ring buffer keeps the newest samples")
    func ringBuffer() {
        var tracker = VelocityTracker(capacity: 16)
        for k in 0..<1000 {
            let t = Double(k) * 0.004
            tracker.addSample(Point(x: 300 * t, y: 0), time: t)
        }
        #expect(tracker.sampleCount == 16)
        expectClose(tracker.samples[0].time, 984 * 0.004, 1e-12, "oldest kept")
        expectClose(tracker.velocity(at: 999 * 0.004), Point(x: 300, y: 0), 1e-6, "v")
    }
}
