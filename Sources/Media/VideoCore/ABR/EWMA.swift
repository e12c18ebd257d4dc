import Foundation

/// An exponentially weighted moving average whose weights are durations, as hls.js and Shaka Player use for
/// bandwidth (hls.js `src/utils/ewma.ts`, "heavily inspired from shaka-player").
///
/// A sample of weight w (seconds) moves the estimate by `1 − α^w` towards its value, where `α = 0.5^(1/halfLife)`:
/// about half of the estimate comes from the last `halfLife` seconds of samples. ``estimate`` divides by
/// `1 − α^totalWeight` so that the zero the average starts from does not bias the first samples.
public struct EWMA: Equatable, Sendable {
    /// Half-life in units of sample weight (seconds).
    public let halfLife: Double
    private let alpha: Double
    private var value: Double = 0
    /// Sum of all sample weights so far.
    public private(set) var totalWeight: Double = 0

    /// An empty average with the given half-life (seconds of sample weight).
    public init(halfLife: Double) {
        self.halfLife = halfLife
        alpha = halfLife > 0 ? exp(log(0.5) / halfLife) : 0
    }

    /// Adds `value` with `weight` (≥ 0; a weight of 0 changes nothing).
    public mutating func add(_ value: Double, weight: Double) {
        guard weight > 0, value.isFinite else { return }
        let adjusted = pow(alpha, weight)
        self.value = value * (1 - adjusted) + adjusted * self.value
        totalWeight += weight
    }

    /// The zero-bias-corrected average (0 before any sample).
    public var estimate: Double {
        guard alpha > 0 else { return value }
        let zeroFactor = 1 - pow(alpha, totalWeight)
        return zeroFactor > 0 ? value / zeroFactor : value
    }
}
