import DragPhysics
import Testing

/// Every curve the library offers, in one list: each must be exactly 0 at 0 and exactly 1 at 1.
@Suite("Exact ends of every curve")
struct ExactEndsTests {
    static func allCurves() throws -> [(String, any EasingCurve)] {
        var curves: [(String, any EasingCurve)] = []
        for family in PennerEasing.Family.allCases {
            for mode in PennerEasing.Mode.allCases {
                curves.append(("\(family) \(mode)", PennerEasing(family, mode)))
            }
        }
        curves += [("ease", CubicBezierEasing.ease), ("ease-in", CubicBezierEasing.easeIn),
                   ("ease-out", CubicBezierEasing.easeOut), ("ease-in-out", CubicBezierEasing.easeInOut),
                   ("cubic-bezier(1,0,0,1)", try CubicBezierEasing(x1: 1, y1: 0, x2: 0, y2: 1)),
                   ("cubic-bezier(0,2,1,-1)", try CubicBezierEasing(x1: 0, y1: 2, x2: 1, y2: -1))]
        for position in StepsEasing.Position.allCases {
            for n in [2, 3, 7] { curves.append(("steps(\(n), \(position))", try StepsEasing(steps: n, position: position))) }
        }
        curves += [("linear(0, 1)", try CSSLinearEasing([.init(0), .init(1)])),
                   ("linear(0, 1.2 60%, 0.9 80%, 1)",
                    try CSSLinearEasing([.init(0), .init(1.2, at: 0.6), .init(0.9, at: 0.8), .init(1)])),
                   ("linear(0, 0.5 20% 40%, 1)",
                    try CSSLinearEasing([.init(0), .init(0.5, at: 0.2), .init(0.5, at: 0.4), .init(1)]))]
        curves += [("spring ζ 0.1", try SpringEasing(response: 0.4, dampingRatio: 0.1)),
                   ("spring ζ 1", try SpringEasing(stiffness: 100, damping: 20)),
                   ("spring ζ 3", try SpringEasing(mass: 2, stiffness: 50, damping: 60)),
                   ("spring ε 0.5", try SpringEasing(stiffness: 100, damping: 5, epsilon: 0.5))]
        return curves
    }

    @Test("exactly 0 at 0 and 1 at 1; finite next to the ends")
    func exactEnds() throws {
        let curves = try Self.allCurves()
        #expect(curves.count == 30 + 6 + 12 + 3 + 4)
        for (name, curve) in curves {
            #expect(curve.value(at: 0) == 0, "\(name) at 0")
            #expect(curve.value(at: 1) == 1, "\(name) at 1")
            for x in [Double.leastNonzeroMagnitude, 1e-300, 1e-9, 1 - 1e-9, 1.0.nextDown] {
                #expect(curve.value(at: x).isFinite, "\(name) at \(x)")
            }
        }
    }
}
