/// The numbers a ``StreamPlayer`` decides by: how much audio to buffer before playing, and how to reconnect.
///
/// Time is data here: delays are seconds handed to the driver in ``StreamCommand/scheduleRetry(_:attempt:after:)``,
/// never measured by the machine.
///
/// ```swift
/// let policy = StreamPolicy(startSeconds: 2, retryDelays: [0.5, 1, 2, 4, 8])
/// policy.maxAttempts                 // 5
/// policy.delay(beforeAttempt: 2)     // 1.0
/// ```
public struct StreamPolicy: Hashable, Sendable {
    /// Seconds of decoded audio buffered before playback starts, and again after a stall.
    public var startSeconds: Double
    /// The delay before reconnection attempt *n* is `retryDelays[n - 1]`; the number of delays is the number of
    /// attempts made after a connection is lost before the player fails.
    ///
    /// The default, 0.5, 1, 2, 4 and 8 s (about 15 s in all), is exponential back-off: quick for a blip, gentle
    /// on a server that is restarting. There is no jitter: one listener does not make a thundering herd, and
    /// the machine stays deterministic.
    public var retryDelays: [Double]

    /// Seconds a reopened connection must stay open before the attempt count restarts. Until then a new loss
    /// counts as the next attempt, so a station that accepts every connection and drops it at once (inside a
    /// metadata block, say) uses up ``maxAttempts`` and the player fails with a clear message instead of
    /// reconnecting forever (issue 20). 10 s is longer than any back-off delay and than a server's burst on
    /// connect (Icecast's default burst-size, 64 KiB, is 4 s at 128 kbit/s).
    public var recoverySeconds: Double

    /// The default policy: 2 s of buffer, five attempts over about 15 s, a recovery after 10 s.
    public static let standard = StreamPolicy()

    /// Creates a policy; `startSeconds` below 0.1 s and negative or non-finite delays are raised to sane values.
    public init(startSeconds: Double = 2, retryDelays: [Double] = [0.5, 1, 2, 4, 8], recoverySeconds: Double = 10) {
        self.startSeconds = startSeconds.isFinite ? max(startSeconds, 0.1) : 2
        self.retryDelays = retryDelays.map { $0.isFinite ? max($0, 0) : 0 }
        self.recoverySeconds = recoverySeconds.isFinite ? max(recoverySeconds, 0) : 10
    }

    /// Reconnection attempts made after a connection is lost before the player fails.
    public var maxAttempts: Int { retryDelays.count }

    /// The delay in seconds before attempt `attempt` (1-based); the last delay for attempts beyond the list.
    public func delay(beforeAttempt attempt: Int) -> Double {
        guard let last = retryDelays.last else { return 0 }
        let index = attempt - 1
        return index >= 0 && index < retryDelays.count ? retryDelays[index] : last
    }
}
