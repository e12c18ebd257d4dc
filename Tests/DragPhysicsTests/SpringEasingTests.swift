import DragPhysics
import Foundation
import Testing

/// References from Tests/References/easing_references.py: the ODE m x'' + c x' + k (x − 1) = 0,
/// x(0) = x'(0) = 0, integrated numerically with mpmath.odefun (not the closed forms), at progress
/// 0.05, 0.1, 0.3, 0.5, 0.8 of the settling time T (ε = 0.001).
private let progress = [0.05, 0.1, 0.3, 0.5, 0.8]

@Suite("Spring easing")
struct SpringEasingTests {
    @Test("underdamped (ζ = 0.5)")
    func underdamped() throws {
        let spring = try SpringEasing(mass: 1, stiffness: 100, damping: 10)
        expectClose(spring.dampingRatio, 0.5, 1e-15)
        expectClose(spring.settlingDuration, 1.4103192630416055, 1e-12, "T")
        let expected = [0.1914685393869393, 0.56287376478652376, 1.1392285522170787, 0.97400828998895718,
                        1.0040329614659858]
        for (p, value) in zip(progress, expected) { expectClose(spring.value(at: p), value, 1e-10, "at \(p)") }
    }

    @Test("critically damped (ζ = 1)")
    func critical() throws {
        let spring = try SpringEasing(mass: 1, stiffness: 100, damping: 20)
        expectClose(spring.settlingDuration, 0.92334134764515857, 1e-10, "T")
        let expected = [0.078811500315144663, 0.23606867982504371, 0.76376841531257268, 0.94447718356192672,
                        0.99480511085379422]
        for (p, value) in zip(progress, expected) { expectClose(spring.value(at: p), value, 1e-9, "at \(p)") }
    }

    @Test("overdamped (ζ = 2)")
    func overdamped() throws {
        let spring = try SpringEasing(mass: 2, stiffness: 50, damping: 40)
        expectClose(spring.dampingRatio, 2, 1e-15)
        expectClose(spring.settlingDuration, 5.2116297031257285, 1e-9, "T")
        let expected = [0.24072838081521303, 0.46405837861157798, 0.86736753316480784, 0.96717698567788714,
                        0.99595916250915888]
        for (p, value) in zip(progress, expected) { expectClose(spring.value(at: p), value, 1e-9, "at \(p)") }
    }

    @Test("a very overdamped spring (ζ = 10⁸) stays finite: y ≈ e^(r₁τ), so value(½) ≈ 1 − √ε")
    func veryOverdamped() throws {
        let spring = try SpringEasing(mass: 1, stiffness: 1, damping: 2e8)
        #expect(spring.settlingDuration.isFinite)
        // r₁ ≈ −1/(2ζ) and y(T) = ε make T ≈ 2ζ ln(1/ε); the fast root's term is below 1e-16.
        expectClose(spring.settlingDuration, 2e8 * 6.907755278982137, 1e-9 * 2e8, "T = 2ζ ln 1000")
        expectClose(spring.value(at: 0.5), 1 - 0.001.squareRoot(), 1e-9, "value(½)")
    }

    @Test("response/dampingRatio maps to k = (2π/response)², c = 2ζω₀")
    func responseForm() throws {
        let spring = try SpringEasing(response: 0.5, dampingRatio: 0.6)
        expectClose(spring.naturalFrequency, 4 * Double.pi, 1e-12)
        expectClose(spring.stiffness, 16 * Double.pi * Double.pi, 1e-9)
        expectClose(spring.damping, 2 * 0.6 * 4 * Double.pi, 1e-12)
        expectClose(spring.dampingRatio, 0.6, 1e-12)
    }

    @Test("exact ends, clamping, validation")
    func endsAndValidation() throws {
        let spring = try SpringEasing(stiffness: 170, damping: 26)
        #expect(spring.value(at: 0) == 0 && spring.value(at: 1) == 1)
        #expect(spring.value(at: -1) == 0 && spring.value(at: 3) == 1)
        // Within ε of 1 just before the end: the final snap is at most ε.
        #expect(abs(spring.value(at: 0.999_999) - 1) <= spring.epsilon * 1.001)
        #expect(throws: SpringEasingError.nonPositiveParameter(name: "damping", value: 0)) {
            try SpringEasing(stiffness: 100, damping: 0)
        }
        #expect(throws: SpringEasingError.invalidEpsilon(1)) { try SpringEasing(stiffness: 1, damping: 1, epsilon: 1) }
    }
}

/// The settling time is continuous in ζ across critical damping (issue 9): the underdamped bound
/// `e^(−s)/√(1 − ζ²)` grows without limit as ζ → 1⁻, so the tighter `e^(−s)(1 + s)` bound takes over and meets
/// the critically damped settling time `s*/ω₀`; from above, the exact overdamped solution tends to the critical one.
@Suite("Spring easing: continuity across critical damping")
struct SpringEasingContinuityTests {
    /// ω₀ = 10 and ζ = 1 exactly: k = 100, c = 20, m = 1.
    private let critical: SpringEasing

    init() throws {
        critical = try SpringEasing(mass: 1, stiffness: 100, damping: 20)
    }

    /// The spring with ω₀ = 10 and damping ratio `zeta` (`c = 20ζ` is exact for the ζ used here up to one
    /// rounding, which the checks below tolerate).
    private func spring(zeta: Double) throws -> SpringEasing {
        try SpringEasing(mass: 1, stiffness: 100, damping: 20 * zeta)
    }

    @Test("one ulp either side of ζ = 1 settles like ζ = 1 (was 2.458 s against 0.923 s)")
    func oneULP() throws {
        let below = try spring(zeta: 1.0.nextDown), above = try spring(zeta: 1.0.nextUp)
        #expect(below.dampingRatio < 1 && above.dampingRatio > 1)
        for neighbour in [below, above] {
            expectClose(neighbour.settlingDuration, critical.settlingDuration, 1e-12, "T")
            for p in [0.05, 0.3, 0.5, 0.8] {
                expectClose(neighbour.value(at: p), critical.value(at: p), 1e-12, "value(\(p))")
            }
        }
        expectClose(critical.settlingDuration, 0.92334134764515857, 1e-10, "T(1)")
        expectClose(below.value(at: 0.3), 0.76376841531257268, 1e-9, "value(0.3) at 1 − ulp")
    }

    /// Continuous with a kink: from below `T = s*/(ζω₀)`, so `dT/dζ = −s*/ω₀`; from above, differentiating the
    /// overdamped `y` at ζ = 1 gives `∂y/∂ζ = e^(−s) s³/3` and `∂y/∂τ = −ω₀ s e^(−s)` (s = ω₀τ), so
    /// `dT/dζ = s*²/(3ω₀)`. Both one-sided differences must follow these to first order, down to δ = 10⁻¹⁵.
    @Test("T(1 − δ) → T(1) from below and T(1 + δ) → T(1) from above, with the one-sided derivatives")
    func approachFromBothSides() throws {
        let t1 = critical.settlingDuration
        let sStar = t1 * 10
        for exponent in 1 ... 15 {
            let delta = pow10(-exponent)
            let below = try spring(zeta: 1 - delta).settlingDuration
            let above = try spring(zeta: 1 + delta).settlingDuration
            if delta <= 1e-3 {  // the s* bound decides below ζ = 1 from ζ ≈ 0.9952 on
                let predictedBelow = sStar / 10 * (1 / (1 - delta) - 1)
                #expect(abs((t1 - below) - (-predictedBelow)) <= 1e-3 * predictedBelow + 1e-14,
                        "below, δ = 1e-\(exponent): T = \(below), T(1) = \(t1)")
            }
            if delta <= 1e-4 {
                let predictedAbove = delta * sStar * sStar / 30
                #expect(abs((above - t1) - predictedAbove) <= 2e-3 * predictedAbove + 1e-14,
                        "above, δ = 1e-\(exponent): T = \(above), T(1) = \(t1)")
            }
            #expect(abs(below - t1) <= 0.35 * t1 && abs(above - t1) <= 0.35 * t1)
        }
    }

    @Test("underdamped T is the smaller of the two bounds: ln(1/(ε√(1−ζ²)))/(ζω₀) far from 1, s*/(ζω₀) near it")
    func twoBounds() throws {
        let sStar = critical.settlingDuration * 10
        expectClose(sStar, 9.2334134764515857, 1e-9, "s*(0.001)")
        // ζ = 0.9: the amplitude bound (ln(1/(0.001·√0.19)) = 7.738) is the smaller.
        let far = try spring(zeta: 0.9)
        expectClose(far.settlingDuration, log(1 / (0.001 * (1 - 0.81).squareRoot())) / 9, 1e-12, "T(0.9)")
        // ζ = 0.999: √(1 − ζ²) = 0.0447 makes it 10.02 > s*, so s* decides.
        let near = try spring(zeta: 0.999)
        expectClose(near.settlingDuration, sStar / 9.99, 1e-12, "T(0.999)")
        // |y| stays within ε after T in both cases (checked on a fine grid over the next four settling times).
        for spring in [far, near] {
            for step in 0 ... 4000 {
                let tau = spring.settlingDuration * (1 + Double(step) / 1000)
                #expect(abs(spring.displacement(atTime: tau)) <= spring.epsilon * (1 + 1e-12))
            }
        }
    }

    /// A critical spring written as `c = 2·m·√(k/m)` rounds to ζ = 1 − 1 ulp in some cases, to 1 + 1 ulp in
    /// others: every one of them must settle like ζ = 1, at `s*/ω₀`, with the critical easing curve.
    @Test("600 critical springs written as c = 2·m·√(k/m) all settle like ζ = 1")
    func criticalSweep() throws {
        let sStar = critical.settlingDuration * 10
        var below = 0, above = 0
        for massIndex in 0 ..< 20 {
            let mass = pow10(-2 + 4 * Double(massIndex) / 19)                // 0.01 ... 100
            for stiffnessIndex in 0 ..< 30 {
                let stiffness = pow10(-1 + 5 * Double(stiffnessIndex) / 29)  // 0.1 ... 10⁴
                let damping = 2 * mass * (stiffness / mass).squareRoot()
                let spring = try SpringEasing(mass: mass, stiffness: stiffness, damping: damping)
                if spring.dampingRatio < 1 { below += 1 }
                if spring.dampingRatio > 1 { above += 1 }
                #expect(abs(spring.dampingRatio - 1) <= 4 * Double.ulpOfOne)
                expectClose(spring.settlingDuration * spring.naturalFrequency, sStar, 1e-9 * sStar,
                            "T·ω₀ for m = \(mass), k = \(stiffness), ζ − 1 = \(spring.dampingRatio - 1)")
                expectClose(spring.value(at: 0.3), 0.76376841531257268, 1e-9, "value(0.3) for m = \(mass), k = \(stiffness)")
            }
        }
        // The sweep does reach the case that used to fail.
        #expect(below > 0, "no case rounded below ζ = 1: the sweep tests nothing")
        #expect(below + above > 0)
    }
}

private func pow10(_ exponent: Int) -> Double { pow10(Double(exponent)) }
private func pow10(_ exponent: Double) -> Double { exp(exponent * log(10.0)) }
