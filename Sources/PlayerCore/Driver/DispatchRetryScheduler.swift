import Dispatch

/// ``RetryScheduling`` on a global Dispatch queue (`asyncAfter`): the real timer for reconnection delays.
public struct DispatchRetryScheduler: RetryScheduling {
    /// Creates a scheduler.
    public init() {}

    /// Runs `action` on a global queue after `seconds`.
    public func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) {
        let delay = seconds.isFinite ? max(seconds, 0) : 0
        DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: action)
    }
}

extension RetryScheduling where Self == DispatchRetryScheduler {
    /// The real timer: `StreamPlayerDriver(streams: engine, scheduler: .dispatch)`.
    public static var dispatch: DispatchRetryScheduler { DispatchRetryScheduler() }
}
