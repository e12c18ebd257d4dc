import Foundation
import Testing

@testable import ScreenKit

/// The closed forms, checked against values worked out by hand.
@Suite("Scroll curves")
struct ScrollCurvesTests {
    @Test("UIScrollView's normal rate 0.998 per ms is τ ≈ 0.4995 s; fast (0.99) is ≈ 0.0995 s")
    func decelerationTime() {
        #expect(abs(ScrollConfiguration.decelerationTime(perMillisecondRate: 0.998) - 0.4995) < 1e-4)
        #expect(abs(ScrollConfiguration.decelerationTime(perMillisecondRate: 0.99) - 0.0995) < 1e-4)
        #expect(ScrollConfiguration.default.decelerationTime == ScrollConfiguration.decelerationTime(perMillisecondRate: 0.998))
    }

    @Test("deceleration: x(s) = v₀τ(1 − e^(−s/τ)), v(s) = v₀e^(−s/τ), the rest at v₀τ")
    func deceleration() {
        let tau = 0.5
        #expect(ScrollCurves.decelerationDistance(v0: 2000, tau: tau, after: 0) == 0)
        #expect(abs(ScrollCurves.decelerationDistance(v0: 2000, tau: tau, after: tau) - 1000 * (1 - exp(-1))) < 1e-9)
        #expect(abs(ScrollCurves.decelerationDistance(v0: 2000, tau: tau, after: 100) - 1000) < 1e-9)
        #expect(abs(ScrollCurves.decelerationSpeed(v0: -800, tau: tau, after: tau) - (-800 * exp(-1))) < 1e-9)
        // Within ε = 0.25 pt of the rest after τ·ln(1000/0.25).
        let duration = ScrollCurves.decelerationDuration(v0: 2000, tau: tau, epsilon: 0.25)
        #expect(abs(duration - tau * log(4000)) < 1e-12)
        #expect(ScrollCurves.decelerationDuration(v0: 0.1, tau: tau, epsilon: 0.25) == 0)
    }

    @Test("the time a deceleration covers a distance, and nil when it never does")
    func timeToCover() throws {
        let tau = 0.5
        let s = try #require(ScrollCurves.decelerationTime(toCover: 500, v0: 2000, tau: tau))
        #expect(abs(ScrollCurves.decelerationDistance(v0: 2000, tau: tau, after: s) - 500) < 1e-9)
        #expect(ScrollCurves.decelerationTime(toCover: 1000, v0: 2000, tau: tau) == nil)  // the asymptote
        #expect(ScrollCurves.decelerationTime(toCover: -10, v0: 2000, tau: tau) == nil)   // behind
        let back = try #require(ScrollCurves.decelerationTime(toCover: -100, v0: -2000, tau: tau))
        #expect(back > 0)
    }

    @Test("rubber band b(x) = (1 − 1/(xc/d + 1))·d: slope c at 0, below d always, inverse round-trips")
    func rubberBand() {
        let d = 600.0, c = 0.55
        #expect(ScrollCurves.rubberBand(0, dimension: d, coefficient: c) == 0)
        #expect(abs(ScrollCurves.rubberBand(100, dimension: d, coefficient: c) - (1 - 1 / (100 * c / d + 1)) * d) < 1e-12)
        #expect(abs(ScrollCurves.rubberBand(100, dimension: d, coefficient: c) - 50.3817) < 1e-3)
        #expect(ScrollCurves.rubberBand(1e9, dimension: d, coefficient: c) < d)
        #expect(abs(ScrollCurves.rubberBand(0.001, dimension: d, coefficient: c) / 0.001 - c) < 1e-4)
        #expect(abs(ScrollCurves.rubberBandSlope(at: 0, dimension: d, coefficient: c) - c) < 1e-12)
        for x in [1.0, 50, 300, 2000] {
            let y = ScrollCurves.rubberBand(x, dimension: d, coefficient: c)
            #expect(abs(ScrollCurves.inverseRubberBand(y, dimension: d, coefficient: c) - x) < 1e-6 * max(1, x))
            // The slope is the derivative: a finite difference agrees.
            let h = 1e-4
            let numeric = (ScrollCurves.rubberBand(x + h, dimension: d, coefficient: c) - y) / h
            #expect(abs(numeric - ScrollCurves.rubberBandSlope(at: x, dimension: d, coefficient: c)) < 1e-5)
        }
    }

    @Test("critically damped spring: starts at A with speed v₀, settles within ε by its duration and stays")
    func spring() {
        let omega = 16.0
        #expect(ScrollCurves.springDisplacement(a: -80, v0: 0, omega: omega, after: 0) == -80)
        #expect(ScrollCurves.springSpeed(a: -80, v0: 300, omega: omega, after: 0) == 300)
        for (a, v0) in [(-80.0, 0.0), (0, 2000), (120, -500), (-30, 900)] {
            let duration = ScrollCurves.springDuration(a: a, v0: v0, omega: omega, epsilon: 0.25)
            var s = duration
            while s < duration + 2 {
                #expect(abs(ScrollCurves.springDisplacement(a: a, v0: v0, omega: omega, after: s)) <= 0.25 + 1e-9)
                s += 0.001
            }
            // The speed is the derivative of the displacement.
            let h = 1e-5
            let numeric = (ScrollCurves.springDisplacement(a: a, v0: v0, omega: omega, after: 0.05 + h)
                           - ScrollCurves.springDisplacement(a: a, v0: v0, omega: omega, after: 0.05 - h)) / (2 * h)
            #expect(abs(numeric - ScrollCurves.springSpeed(a: a, v0: v0, omega: omega, after: 0.05)) < 1e-3)
        }
        // A bounce from the bound (A = 0) peaks at s = 1/ω with v₀/(ω·e).
        let peak = ScrollCurves.springDisplacement(a: 0, v0: 1000, omega: omega, after: 1 / omega)
        #expect(abs(peak - 1000 / (omega * M_E)) < 1e-9)
    }

    @Test("wheel glide: Δ·e^(−s/τ), within ε after τ·ln(|Δ|/ε)")
    func glide() {
        #expect(ScrollCurves.glideDisplacement(delta: 80, tau: 0.06, after: 0) == 80)
        let duration = ScrollCurves.glideDuration(delta: 80, tau: 0.06, epsilon: 0.25)
        #expect(abs(abs(ScrollCurves.glideDisplacement(delta: 80, tau: 0.06, after: duration)) - 0.25) < 1e-9)
    }
}
