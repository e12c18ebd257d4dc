import DragPhysics
import Foundation
import Testing

/// The curve's x and y from the Bernstein form, written independently of the implementation's Horner form.
private func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
    let s = 1 - t
    return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
}

/// Solves x(t) = x by plain bisection (x(t) is monotone for x1, x2 in [0, 1]), 200 iterations.
/// x = 0 and x = 1 are only reached at t = 0 and t = 1 (bisection on the rounded x(t) would stop short).
private func bisectParameter(_ x1: Double, _ x2: Double, _ x: Double) -> Double {
    if x == 0 || x == 1 { return x }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if bernstein(x1, x2, mid) < x { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
}

/// y of `cubic-bezier(1, 0, 0, 1)` in closed form: x = ½ + 4u³ and y = ½ + 1.5u − 2u³ with u = t − ½, so
/// u = ∛((x − ½)/4). Bisection on a rounded x(t) cannot serve there: x(t) is flat at ½, so rounding x
/// to 1e-16 leaves t uncertain by ∛(1e-16/4) ≈ 3e-6.
func flatInflectionReference(_ x: Double) -> Double {
    let d = x - 0.5  // exact for x in [¼, 1]; elsewhere u is far from 0 and rounding is harmless
    let u = (d < 0 ? -1 : 1) * cbrt(abs(d) / 4)
    return 0.5 + 1.5 * u - 2 * u * u * u
}

struct BezierCase: Sendable, CustomTestStringConvertible {
    let name: String
    let x1, y1, x2, y2: Double
    /// References at x = 0.001, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999 from Tests/References/easing_references.py
    /// (mpmath bisection at 40 digits).
    let references: [Double]
    var testDescription: String { name }
}

private let referenceInputs = [0.001, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999]

let bezierCases: [BezierCase] = [
    BezierCase(name: "ease", x1: 0.25, y1: 0.1, x2: 0.25, y2: 1, references: [
        0.0004048078221549123, 0.094796305716043248, 0.40851059135539587, 0.80240338758485699,
        0.96045897834897408, 0.99431647748455637, 0.99999946634160384]),
    BezierCase(name: "ease-in", x1: 0.42, y1: 0, x2: 1, y2: 1, references: [
        1.8875054558443416e-6, 0.017026609651562943, 0.093464650718824863, 0.31535681257253931,
        0.62186186917489021, 0.83942784576246653, 0.99828599436637151]),
    BezierCase(name: "ease-out", x1: 0, y1: 0, x2: 0.58, y2: 1, references: [
        0.0017140056336284928, 0.16057215423753348, 0.37813813082510981, 0.68464318742746071,
        0.90653534928117515, 0.98297339034843706, 0.99999811249454416]),
    BezierCase(name: "ease-in-out", x1: 0.42, y1: 0, x2: 0.58, y2: 1, references: [
        1.8905015519453907e-6, 0.019722453548311197, 0.12916193104731982, 0.50000000000000004,
        0.87083806895268021, 0.98027754645168881, 0.99999810949844805]),
    BezierCase(name: "(0,1,1,0)", x1: 0, y1: 1, x2: 1, y2: 0, references: [
        0.053110761576434834, 0.38740031697727515, 0.47905546699920895, 0.5, 0.52094453300079105,
        0.61259968302272485, 0.94688923842356517]),
    BezierCase(name: "(1,0,0,1)", x1: 1, y1: 0, x2: 0, y2: 1, references: [
        3.3370419825627252e-7, 0.0037616749580831661, 0.029724605511925197, 0.5, 0.9702753944880748,
        0.99623832504191683, 0.99999966629580174]),
    BezierCase(name: "(0.5,-1,0.5,2)", x1: 0.5, y1: -1, x2: 0.5, y2: 2, references: [
        -0.0019959964414799025, -0.15613434210939518, -0.18232237092494685, 0.5, 1.1823223709249469,
        1.1561343421093952, 1.0019959964414799]),
]

private func make(_ curve: BezierCase) throws -> CubicBezierEasing {
    try CubicBezierEasing(x1: curve.x1, y1: curve.y1, x2: curve.x2, y2: curve.y2)
}

@Suite("CSS cubic-bezier")
struct CubicBezierEasingTests {
    @Test("spec'd reference values of ease")
    func easeReference() {
        expectClose(CubicBezierEasing.ease.value(at: 0.25), 0.4085105914, 1e-10, "ease(0.25)")
        expectClose(CubicBezierEasing.ease.value(at: 0.5), 0.8024033876, 1e-10, "ease(0.5)")
    }

    @Test("named curves have the CSS control points")
    func namedCurves() {
        let named = [CubicBezierEasing.ease, .easeIn, .easeOut, .easeInOut]
        let expected: [(Double, Double, Double, Double)] = [
            (0.25, 0.1, 0.25, 1), (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1)]
        for (curve, points) in zip(named, expected) {
            #expect(curve.x1 == points.0 && curve.y1 == points.1 && curve.x2 == points.2 && curve.y2 == points.3)
        }
    }

    @Test("values match mpmath references", arguments: bezierCases)
    func matchesReference(curve: BezierCase) throws {
        let easing = try make(curve)
        for (x, expected) in zip(referenceInputs, curve.references) {
            expectClose(easing.value(at: x), expected, 1e-9, "\(curve.name) at \(x)")
        }
    }

    @Test("|x(t) − x| ≤ 1e-7 and |y − y_ref| ≤ 1e-9 on 10,001 inputs, checked by independent bisection", arguments: bezierCases)
    func denseSweep(curve: BezierCase) throws {
        let easing = try make(curve)
        var worstX = 0.0, worstY = 0.0
        for i in 0...10_000 {
            let x = Double(i) / 10_000
            let t = easing.parameter(forX: x)
            worstX = max(worstX, abs(bernstein(curve.x1, curve.x2, t) - x))
            let reference = curve.name == "(1,0,0,1)"
                ? flatInflectionReference(x)
                : bernstein(curve.y1, curve.y2, bisectParameter(curve.x1, curve.x2, x))
            worstY = max(worstY, abs(easing.value(at: x) - reference))
        }
        #expect(worstX <= 1e-7, "\(curve.name): worst |x(t) − x| = \(worstX)")
        #expect(worstY <= 1e-9, "\(curve.name): worst |y − y_ref| = \(worstY)")
    }

    @Test("exact ends and clamping", arguments: bezierCases)
    func exactEnds(curve: BezierCase) throws {
        let easing = try make(curve)
        #expect(easing.value(at: 0) == 0)
        #expect(easing.value(at: 1) == 1)
        #expect(easing.value(at: -1) == 0)
        #expect(easing.value(at: 2) == 1)
    }

    @Test("x1 and x2 must lie in [0, 1]")
    func validation() {
        #expect(throws: CubicBezierError.controlPointXOutOfRange(index: 1, x: 1.5)) {
            try CubicBezierEasing(x1: 1.5, y1: 0, x2: 0.5, y2: 1)
        }
        #expect(throws: CubicBezierError.controlPointXOutOfRange(index: 2, x: -0.1)) {
            try CubicBezierEasing(x1: 0.5, y1: 0, x2: -0.1, y2: 1)
        }
        #expect(throws: CubicBezierError.self) { try CubicBezierEasing(x1: .nan, y1: 0, x2: 0.5, y2: 1) }
        #expect(throws: CubicBezierError.controlPointYNotFinite(index: 2, y: .infinity)) {
            try CubicBezierEasing(x1: 0.5, y1: 0, x2: 0.5, y2: .infinity)
        }
        // y may leave [0, 1] (overshoot curves are valid CSS).
        #expect((try? CubicBezierEasing(x1: 0.3, y1: -2, x2: 0.7, y2: 3)) != nil)
    }
}

/// A curve with a point where x'(t) = 0 while y'(t) ≠ 0, so y(x) has an infinite slope there.
struct FlatCase: Sendable, CustomTestStringConvertible {
    let controlPoints: (Double, Double, Double, Double)
    /// (x, y(x)) with x the exact binary value of the double; y from mpmath at 60 digits
    /// (Tests/References/easing_references.py, "flat regions").
    let points: [(Double, Double)]
    var testDescription: String { "\(controlPoints)" }
}

let flatCases: [FlatCase] = [
    // x1 = x2 = 0: x = t³ near 0 (x' = x'' = 0 at t = 0), y ≈ 3t.
    FlatCase(controlPoints: (0, 1, 0, 1), points: [
        (1e-14, 0.000064631648234306427794), (5e-14, 0.00011051687338278670693), (1e-13, 0.00013924120180431327253),
        (1e-10, 0.0013918304196768241195), (1e-06, 0.029700999999999999556), (0.001, 0.27100000000000000169),
        (0.5, 0.99122000310998946498), (0.999, 0.99999999996292589298)]),
    // x'(½) = x''(½) = 0: x = ½ + 4(t − ½)³, y = ½ + 1.5(t − ½) − 2(t − ½)³.
    FlatCase(controlPoints: (1, 0, 0, 1), points: [
        (0.5000000000000002, 0.50000572204589832648), (0.4999999999999999, 0.49999545840916076051),
        (0.500000000000001, 0.50000944688963523866), (0.5000000000001, 0.50004386481159828432),
        (0.4999999999999, 0.49995614330400069799), (0.5000000001, 0.50043860262282864106),
        (0.499999999, 0.49905505970400219203), (0.4999999, 0.4956140233926386613), (0.5, 0.5)]),
    // x1 = x2 = 1: 1 − x = (1 − t)³ near 1, 1 − y ≈ 1.5(1 − t).
    FlatCase(controlPoints: (1, 0.5, 1, 0.5), points: [
        (0.9999999999999999, 0.99999279070857357126), (0.99999999999999, 0.99996769278776124808),
        (0.999999999999, 0.99985001610487296646), (0.999999999, 0.99850149901411271222),
        (0.999999, 0.98514899999985906849), (0.5, 0.25438999844500526751), (1e-09, 5.0000000000000003116e-10)]),
    // x1 = 0, y1 ≠ 0: x ≈ 1.5t², y ≈ 1.5t near 0 (below an absolute tolerance of 1e-13 on x).
    FlatCase(controlPoints: (0, 0.5, 0.5, 1), points: [
        (1e-14, 1.2247448880582535604e-7), (5e-14, 2.7386128708591398526e-7), (1e-13, 3.8729835128740154748e-7),
        (1e-12, 1.224745038058040239e-6)]),
]

@Suite("CSS cubic-bezier where x'(t) = 0")
struct CubicBezierFlatRegionTests {
    @Test("y is accurate to 1e-9 next to points with x'(t) = 0", arguments: flatCases)
    func flatRegions(curve: FlatCase) throws {
        let (x1, y1, x2, y2) = curve.controlPoints
        let easing = try CubicBezierEasing(x1: x1, y1: y1, x2: x2, y2: y2)
        for (x, expected) in curve.points {
            expectClose(easing.value(at: x), expected, 1e-9, "\(curve.controlPoints) at \(x)")
        }
    }

    @Test("(1,0,0,1): y is 1e-9-accurate on a dense sweep around the flat point, checked against the cube root")
    func denseAroundInflection() throws {
        // x = ½ + 4u³ and y = ½ + 1.5u − 2u³ with u = t − ½, so u = ∛((x − ½)/4) (x − ½ is exact here).
        let easing = try CubicBezierEasing(x1: 1, y1: 0, x2: 0, y2: 1)
        var worst = 0.0
        for k in -2000...2000 {
            let x = 0.5 + Double(k) * 1e-12
            worst = max(worst, abs(easing.value(at: x) - flatInflectionReference(x)))
        }
        #expect(worst <= 1e-9, "worst |y − y_ref| = \(worst)")
    }
}
