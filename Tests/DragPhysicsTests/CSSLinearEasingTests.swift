import DragPhysics
import Testing

/// Expected values worked out by hand from CSS Easing Level 2's linear() canonicalisation and evaluation.
@Suite("CSS linear()")
struct CSSLinearEasingTests {
    @Test("linear(0, 0.25 75%, 1)")
    func explicitInput() throws {
        let curve = try CSSLinearEasing([.init(0), .init(0.25, at: 0.75), .init(1)])
        #expect(curve.points.map(\.input) == [0, 0.75, 1])
        expectClose(curve.value(at: 0.375), 0.125, 1e-15)
        expectClose(curve.value(at: 0.75), 0.25, 1e-15)
        expectClose(curve.value(at: 0.875), 0.625, 1e-15)
        #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
    }

    @Test("missing inputs are spaced evenly: linear(0, 0.5, 0.7, 1)")
    func evenSpacing() throws {
        let curve = try CSSLinearEasing([.init(0), .init(0.5), .init(0.7), .init(1)])
        expectClose(curve.points[1].input, 1.0 / 3, 1e-15)
        expectClose(curve.points[2].input, 2.0 / 3, 1e-15)
        expectClose(curve.value(at: 0.5), 0.6, 1e-12)
    }

    @Test("a run between known inputs: linear(0, 0.2 40%, 0.4, 0.6, 1 100%)")
    func runBetweenKnownInputs() throws {
        let curve = try CSSLinearEasing([.init(0), .init(0.2, at: 0.4), .init(0.4), .init(0.6), .init(1, at: 1)])
        expectClose(curve.points[2].input, 0.6, 1e-15)
        expectClose(curve.points[3].input, 0.8, 1e-15)
        expectClose(curve.value(at: 0.7), 0.5, 1e-12)
    }

    @Test("monotonic fix-up: linear(0, 0.3 50%, 0.6 20%, 1)")
    func monotonicFixUp() throws {
        let curve = try CSSLinearEasing([.init(0), .init(0.3, at: 0.5), .init(0.6, at: 0.2), .init(1)])
        #expect(curve.points.map(\.input) == [0, 0.5, 0.5, 1])
        #expect(curve.value(at: 0.5) == 0.6)  // last point with that input
        expectClose(curve.value(at: 0.25), 0.15, 1e-15)
        expectClose(curve.value(at: 0.75), 0.8, 1e-15)
    }

    @Test("a stop with two inputs is a flat segment: linear(0, 0.5 20% 40%, 1)")
    func flatSegment() throws {
        let curve = try CSSLinearEasing([.init(0), .init(0.5, at: 0.2), .init(0.5, at: 0.4), .init(1)])
        #expect(curve.value(at: 0.3) == 0.5)
        expectClose(curve.value(at: 0.1), 0.25, 1e-15)
        expectClose(curve.value(at: 0.7), 0.75, 1e-15)
    }

    @Test("outside the first/last inputs CSS extrapolates: linear(0 20%, 1 80%)")
    func extrapolation() throws {
        let curve = try CSSLinearEasing([.init(0, at: 0.2), .init(1, at: 0.8)])
        expectClose(curve.value(at: 0.1), -1.0 / 6, 1e-15)
        expectClose(curve.value(at: 0.9), 7.0 / 6, 1e-15)
        expectClose(curve.value(at: 5), 4.0 / 3, 1e-15)  // input clamped to 1 first
    }

    @Test("invalid stop lists")
    func validation() {
        #expect(throws: CSSLinearEasingError.tooFewStops(count: 1)) { try CSSLinearEasing([.init(0)]) }
        #expect(throws: CSSLinearEasingError.nonFiniteStop(index: 1)) {
            try CSSLinearEasing([.init(0), .init(.nan), .init(1)])
        }
    }
}
