/// The time a live recording schedules its playlist reloads by (RFC 8216 §6.3.4), injectable so that tests
/// decide when time passes instead of sleeping.
///
/// Times are offsets from an origin the clock chooses; only differences matter.
///
/// ```swift
/// var options = LiveRecordingOptions()
/// options.clock = ContinuousLiveClock()          // the default: real time
/// ```
public protocol LiveClock: Sendable {
    /// The current time.
    var now: Duration { get }
    /// Returns at `deadline` (at once if it has passed); throws `CancellationError` when the task is cancelled.
    func sleep(until deadline: Duration) async throws
}

/// Real time: `ContinuousClock` (monotonic, keeps counting while the machine sleeps).
public struct ContinuousLiveClock: LiveClock {
    private let origin = ContinuousClock.now

    /// A clock whose origin is now.
    public init() {}

    /// Time since the clock was made.
    public var now: Duration { ContinuousClock.now - origin }

    /// Sleeps until `origin + deadline`.
    public func sleep(until deadline: Duration) async throws {
        try await Task.sleep(until: origin + deadline, clock: .continuous)
    }
}
