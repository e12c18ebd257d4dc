/// Exponential backoff with jitter between retries of a failed request.
///
/// The delay before retry *n* (n = 1 after the first failure) is
/// `min(cap, base · 2^(n-1)) · (1 − jitter · r)` with `r` uniform in `[0, 1)`: "exponential backoff with
/// jitter" in the sense of AWS's architecture note, where `jitter = 1` is "full jitter" and `jitter = 0`
/// is plain exponential backoff.
///
/// ```swift
/// let backoff = Backoff(base: .milliseconds(200), cap: .seconds(10), jitter: 0.5)
/// backoff.delay(afterFailedAttempt: 3, random: 0)   // 800 ms
/// ```
public struct Backoff: Sendable, Hashable {
    /// Delay before the first retry, before jitter.
    public var base: Duration
    /// Largest delay before jitter.
    public var cap: Duration
    /// Fraction of the delay that is randomised away, clamped to `0 ... 1`.
    public var jitter: Double

    /// Creates a backoff policy.
    public init(base: Duration = .milliseconds(250), cap: Duration = .seconds(8), jitter: Double = 0.5) {
        self.base = base
        self.cap = cap
        self.jitter = jitter
    }

    /// The delay after `attempt` failed attempts (1-based), with `random` in `[0, 1)` supplying the jitter.
    public func delay(afterFailedAttempt attempt: Int, random: Double) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let baseSeconds = base.seconds
        let uncapped = baseSeconds * Double(1 << exponent)
        let capped = min(uncapped, cap.seconds)
        let clampedJitter = min(max(jitter, 0), 1)
        let clampedRandom = min(max(random, 0), 1)
        // At most a day, so that the conversion to nanoseconds cannot overflow for any configuration.
        let seconds = min(max(0, capped * (1 - clampedJitter * clampedRandom)), 86_400)
        return .nanoseconds(Int64((seconds * 1e9).rounded()))
    }

    /// The delay after `attempt` failed attempts, with jitter drawn from the system random generator.
    public func delay(afterFailedAttempt attempt: Int) -> Duration {
        delay(afterFailedAttempt: attempt, random: Double.random(in: 0 ..< 1))
    }
}

extension Duration {
    /// The duration in seconds as a `Double`.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
