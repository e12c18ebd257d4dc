import DragPhysics
import Testing

/// Reference values from Tests/References/easing_references.py (easings.net formulas in 40-digit
/// mpmath arithmetic) at t = 0.1, 0.25, 0.5, 0.7, 0.9.
private let references: [(PennerEasing.Family, PennerEasing.Mode, [Double])] = [
    (.quad, .in, [0.01, 0.0625, 0.25, 0.49, 0.81]),
    (.quad, .out, [0.19, 0.4375, 0.75, 0.91, 0.99]),
    (.quad, .inOut, [0.02, 0.125, 0.5, 0.82, 0.98]),
    (.cubic, .in, [0.001, 0.015625, 0.125, 0.343, 0.729]),
    (.cubic, .out, [0.271, 0.578125, 0.875, 0.973, 0.999]),
    (.cubic, .inOut, [0.004, 0.0625, 0.5, 0.892, 0.996]),
    (.quart, .in, [0.0001, 0.00390625, 0.0625, 0.2401, 0.6561]),
    (.quart, .out, [0.3439, 0.68359375, 0.9375, 0.9919, 0.9999]),
    (.quart, .inOut, [0.0008, 0.03125, 0.5, 0.9352, 0.9992]),
    (.quint, .in, [1.0e-5, 0.0009765625, 0.03125, 0.16807, 0.59049]),
    (.quint, .out, [0.40951, 0.7626953125, 0.96875, 0.99757, 0.99999]),
    (.quint, .inOut, [0.00016, 0.015625, 0.5, 0.96112, 0.99984]),
    (.sine, .in, [0.012311659404862274, 0.076120467488713244, 0.29289321881345248, 0.54600950026045321,
                  0.84356553495976913]),
    (.sine, .out, [0.15643446504023087, 0.38268343236508977, 0.70710678118654752, 0.89100652418836786,
                   0.98768834059513773]),
    (.sine, .inOut, [0.024471741852423214, 0.14644660940672624, 0.5, 0.79389262614623656, 0.97552825814757679]),
    (.expo, .in, [0.001953125, 0.0055242717280199025, 0.03125, 0.125, 0.5]),
    (.expo, .out, [0.5, 0.82322330470336312, 0.96875, 0.9921875, 0.998046875]),
    (.expo, .inOut, [0.001953125, 0.015625, 0.5, 0.96875, 0.998046875]),
    (.circ, .in, [0.0050125628933800453, 0.031754163448145779, 0.13397459621556135, 0.285857157145715,
                  0.56411010564593264]),
    (.circ, .out, [0.43588989435406736, 0.66143782776614765, 0.86602540378443865, 0.95393920141694565,
                   0.99498743710661995]),
    (.circ, .inOut, [0.01010205144336438, 0.066987298107780677, 0.5, 0.9, 0.98989794855663562]),
    (.back, .in, [-0.01431422, -0.0641365625, -0.0876975, 0.09286774, 0.59117202]),
    (.back, .out, [0.40882798, 0.8174096875, 1.0876975, 1.08019954, 1.01431422]),
    (.back, .inOut, [-0.037518552, -0.09968184375, 0.5, 1.078833484, 1.037518552]),
    (.elastic, .in, [0.001953125, -0.0055242717280199025, -0.015625, 0.125, -0.25]),
    (.elastic, .out, [1.25, 0.91161165235168156, 1.015625, 1.00390625, 0.998046875]),
    (.elastic, .inOut, [0.00033915659700572334, 0.011969444423734032, 0.5, 0.97606111115253194,
                        0.99966084340299428]),
    (.bounce, .in, [0.011875, 0.02734375, 0.234375, 0.319375, 0.924375]),
    (.bounce, .out, [0.075625, 0.47265625, 0.765625, 0.930625, 0.988125]),
    (.bounce, .inOut, [0.03, 0.1171875, 0.5, 0.955, 0.97]),
]

private let progressPoints = [0.1, 0.25, 0.5, 0.7, 0.9]

@Suite("Penner easings")
struct PennerEasingTests {
    @Test("all thirty curves are covered by the reference table")
    func tableCoversEveryCurve() {
        #expect(references.count == PennerEasing.Family.allCases.count * PennerEasing.Mode.allCases.count)
        let covered = Set(references.map { "\($0.0)-\($0.1)" })
        #expect(covered.count == 30)
    }

    @Test("values match 40-digit references", arguments: 0..<30)
    func matchesReference(index: Int) {
        let (family, mode, expected) = references[index]
        let curve = PennerEasing(family, mode)
        for (t, value) in zip(progressPoints, expected) {
            expectClose(curve.value(at: t), value, 1e-12, "\(family) \(mode) at \(t)")
        }
    }

    @Test("exactly 0 at 0, exactly 1 at 1, inputs clamped", arguments: PennerEasing.Family.allCases)
    func exactEnds(family: PennerEasing.Family) {
        for mode in PennerEasing.Mode.allCases {
            let curve = PennerEasing(family, mode)
            #expect(curve.value(at: 0) == 0, "\(family) \(mode) at 0")
            #expect(curve.value(at: 1) == 1, "\(family) \(mode) at 1")
            #expect(curve.value(at: -3) == 0, "\(family) \(mode) below 0")
            #expect(curve.value(at: 7) == 1, "\(family) \(mode) above 1")
            #expect(curve.value(at: .nan) == 0, "\(family) \(mode) at NaN")
        }
    }

    @Test("named constants and callAsFunction")
    func namedConstants() {
        #expect(PennerEasing.backOvershoot == 1.70158)
        expectClose(PennerEasing.backInOutOvershoot, 2.5949095, 1e-15, "1.70158 × 1.525")
        #expect(PennerEasing.cubicOut(0.5) == 0.875)
        #expect(PennerEasing.bounceOut == PennerEasing(.bounce, .out))
        // in-out is continuous at ½ for every family (circ has a vertical tangent there: √ behaviour).
        for family in PennerEasing.Family.allCases {
            let curve = PennerEasing(family, .inOut)
            let tolerance = family == .circ ? 1e-4 : 1e-6
            expectClose(curve.value(at: 0.5 - 1e-9), curve.value(at: 0.5 + 1e-9), tolerance, "\(family) at ½")
        }
    }
}
