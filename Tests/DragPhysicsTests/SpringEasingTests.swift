import DragPhysics
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
