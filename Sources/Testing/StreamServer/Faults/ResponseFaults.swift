/// The faults that shape one response, chosen when its request has been received.
struct ResponseFaults: Sendable, Equatable {
    /// Total delay before responding, already capped.
    var delaySeconds: Double = 0
    /// Status to answer instead of the file.
    var statusOverride: StatusOverride?
    var ignoreRange = false
    var wrongContentRange = false
    /// Slowest matching throttle rate, if any.
    var throttleBytesPerSecond: Int?
    /// Wait for ``StreamServer/releaseHeld(_:matching:)`` before responding.
    var hold = false
}

/// A status answered instead of the file (``Fault/status(code:times:retryAfter:)``).
struct StatusOverride: Sendable, Equatable {
    var code: Int
    var retryAfter: String?
}

/// Faults that cut a response body short; chosen only when a body is about to be sent.
enum BodyFault: Sendable, Equatable {
    case shortBody
    case resetMidBody
    case stallAfterHeaders
}
