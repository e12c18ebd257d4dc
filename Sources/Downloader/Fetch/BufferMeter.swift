import NIOConcurrencyHelpers

/// Counts the segment bytes held in memory (received but not yet written to disk) and remembers the peak.
///
/// Fetching tasks add bytes as they arrive and the writer removes them once they are on disk, so `peak`
/// is the largest amount of downloaded media buffered at any moment.
final class BufferMeter: Sendable {
    private struct State {
        var current: Int64 = 0
        var peak: Int64 = 0
    }

    private let state = NIOLockedValueBox(State())
    /// Told of every addition as it happens (bytes arriving), for a caller that measures throughput.
    private let onAdd: (@Sendable (Int) -> Void)?

    /// A meter; `onAdd` (optional) is called with every count added, on the thread that adds it.
    init(onAdd: (@Sendable (Int) -> Void)? = nil) {
        self.onAdd = onAdd
    }

    /// Records `count` more bytes held in memory.
    func add(_ count: Int) {
        state.withLockedValue { state in
            state.current += Int64(count)
            state.peak = max(state.peak, state.current)
        }
        onAdd?(count)
    }

    /// Records that `count` bytes were released (written to disk or discarded).
    func remove(_ count: Int) {
        state.withLockedValue { $0.current -= Int64(count) }
    }

    /// Bytes held now.
    var current: Int64 { state.withLockedValue { $0.current } }
    /// Most bytes held at any moment so far.
    var peak: Int64 { state.withLockedValue { $0.peak } }
}

/// Counts HTTP requests sent (each attempt and each redirect hop counts) and requests that answered a
/// `Range` request with the whole resource.
final class RequestCounter: Sendable {
    private struct State {
        var requests = 0
        var rangeIgnored = 0
        var retries = 0
    }

    private let state = NIOLockedValueBox(State())

    func countRequest() { state.withLockedValue { $0.requests += 1 } }
    func countRangeIgnored() { state.withLockedValue { $0.rangeIgnored += 1 } }
    func countRetry() { state.withLockedValue { $0.retries += 1 } }

    var requests: Int { state.withLockedValue { $0.requests } }
    var rangeIgnored: Int { state.withLockedValue { $0.rangeIgnored } }
    var retries: Int { state.withLockedValue { $0.retries } }
}
