import NIOConcurrencyHelpers

/// The events of a live recording as an `AsyncSequence`, for one consumer (a player can start while the
/// recording goes on). It finishes when the recording stops.
///
/// Memory stays bounded however long the recording runs and however slowly (or never) the sequence is read:
/// at most ``limit`` events wait; when one more arrives, the oldest waiting event is merged into a
/// ``LiveEvent/dropped(_:)`` element at the front (counting its segments, seconds and gaps), so a consumer
/// that falls behind learns exactly what it skipped instead of losing it silently.
public final class LiveEvents: AsyncSequence, Sendable {
    public typealias Element = LiveEvent

    /// Most events waiting for the consumer (the front ``LiveEvent/dropped(_:)`` element included).
    public let limit: Int

    private struct State {
        var buffer: [LiveEvent] = []
        var head = 0
        var finished = false
        var waiter: CheckedContinuation<LiveEvent?, Never>?
    }

    private let state = NIOLockedValueBox(State())

    init(limit: Int) {
        self.limit = Swift.max(2, limit)
    }

    /// Adds `event` for the consumer, merging the oldest waiting events into a drop when full.
    func yield(_ event: LiveEvent) {
        let waiter: CheckedContinuation<LiveEvent?, Never>? = state.withLockedValue { state in
            guard !state.finished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.buffer.append(event)
            if state.buffer.count - state.head > limit {
                // Merge the two oldest into one drop (the front is a drop already, or becomes one).
                var drop = LiveDrop()
                drop.absorb(state.buffer[state.head])
                drop.absorb(state.buffer[state.head + 1])
                state.head += 1
                state.buffer[state.head] = .dropped(drop)
            }
            if state.head > 64, state.head * 2 > state.buffer.count {
                state.buffer.removeFirst(state.head)
                state.head = 0
            }
            return nil
        }
        waiter?.resume(returning: event)
    }

    /// Ends the sequence after the waiting events.
    func finish() {
        let waiter: CheckedContinuation<LiveEvent?, Never>? = state.withLockedValue { state in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// The next event, or `nil` once the recording stopped and every event was taken (or the consumer's task
    /// is cancelled).
    func next() async -> LiveEvent? {
        if Task.isCancelled { return nil }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<LiveEvent?, Never>) in
                let ready: LiveEvent?? = state.withLockedValue { state in
                    if state.head < state.buffer.count {
                        let event = state.buffer[state.head]
                        state.head += 1
                        if state.head == state.buffer.count {
                            state.buffer.removeAll(keepingCapacity: true)
                            state.head = 0
                        }
                        return .some(event)
                    }
                    // Finished, or cancelled before this registration (the handler found no waiter to resume).
                    if state.finished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiter = state.withLockedValue { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    /// Iterates the events.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let events: LiveEvents

        /// The next event; `nil` at the end.
        public mutating func next() async -> LiveEvent? {
            await events.next()
        }
    }

    /// An iterator (one consumer: several iterators share, and split, the same events).
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(events: self)
    }
}
