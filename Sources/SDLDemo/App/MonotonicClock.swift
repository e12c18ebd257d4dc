import Foundation

/// Seconds since the clock was created, from the monotonic system clock (never jumps with wall time).
struct MonotonicClock: Sendable {
    private let start = DispatchTime.now().uptimeNanoseconds

    /// Seconds elapsed since creation.
    var now: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    /// Sleeps until `deadline` (seconds on this clock), if it is in the future.
    func sleep(until deadline: Double) {
        let remaining = deadline - now
        if remaining > 0 { usleep(useconds_t(remaining * 1e6)) }
    }
}
