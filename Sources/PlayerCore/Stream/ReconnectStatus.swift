/// Where a ``StreamPlayer`` is in reconnecting a session whose connection was lost.
public enum ReconnectStatus: Hashable, Sendable {
    /// Waiting for the delay before attempt `attempt` (``StreamEvent/retryDue(_:attempt:)`` ends the wait).
    case waiting(attempt: Int)
    /// Attempt `attempt` is under way (``StreamEvent/opened(_:_:)`` ends it, ``StreamEvent/connectionLost(_:message:)``
    /// leads to the next attempt).
    case connecting(attempt: Int)

    /// The attempt number (1-based).
    public var attempt: Int {
        switch self {
        case .waiting(let attempt), .connecting(let attempt): attempt
        }
    }
}
