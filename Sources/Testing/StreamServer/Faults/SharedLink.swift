import NIOConcurrencyHelpers
import NIOCore

/// A bottleneck link shared by every response body: all bodies together go out at most at `bytesPerSecond`,
/// whatever the number of connections — as a slow network behaves, unlike ``Fault/throttle(bytesPerSecond:)``,
/// which paces each response on its own. The rate can change at any time (``StreamServer/setLinkRate(bytesPerSecond:)``);
/// later chunks are paced at the new rate.
///
/// Chunks reserve their slot on the link in the order they ask (first come, first served): a chunk of n bytes
/// asked for at time t goes out at `max(t, end of the previous reservation)`, and holds the link for `n / rate`.
final class SharedLink: Sendable {
    private struct State {
        var bytesPerSecond: Int?
        var free = NIODeadline.uptimeNanoseconds(0)
    }

    private let state = NIOLockedValueBox(State())

    /// Sets the rate (nil: unlimited).
    func setRate(_ bytesPerSecond: Int?) {
        state.withLockedValue { state in
            state.bytesPerSecond = bytesPerSecond.map { max(1, $0) }
            state.free = min(state.free, .now())
        }
    }

    /// The rate now.
    var rate: Int? { state.withLockedValue { $0.bytesPerSecond } }

    /// Reserves the link for `bytes` and returns when they may be sent (nil when unlimited).
    func reserve(_ bytes: Int) -> NIODeadline? {
        state.withLockedValue { state in
            guard let rate = state.bytesPerSecond else { return nil }
            let start = max(state.free, .now())
            state.free = start + .nanoseconds(Int64(Double(bytes) / Double(rate) * 1e9))
            return start
        }
    }
}
