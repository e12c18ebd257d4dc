import NIOConcurrencyHelpers
@testable import Downloader

/// A ``LiveClock`` that moves only when the test says so: sleepers wait until ``advance(by:)`` passes their
/// deadline, and the test sees how many are waiting and for when (``deadlines``), so reload timing is
/// checked exactly, without sleeping.
final class ManualLiveClock: LiveClock {
    private struct Sleeper {
        var id: Int
        var deadline: Duration
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Duration = .zero
        var sleepers: [Sleeper] = []
        var nextID = 0
        var cancelled: Set<Int> = []
    }

    private let state = NIOLockedValueBox(State())

    var now: Duration { state.withLockedValue { $0.now } }

    /// Deadlines of the sleepers waiting now, earliest first.
    var deadlines: [Duration] { state.withLockedValue { $0.sleepers.map(\.deadline).sorted() } }

    func sleep(until deadline: Duration) async throws {
        let id = state.withLockedValue { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = state.withLockedValue { state in
                    if state.cancelled.remove(id) != nil { return true }
                    if deadline <= state.now { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLockedValue { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// Moves time forward and wakes every sleeper whose deadline has come.
    func advance(by duration: Duration) {
        let due: [Sleeper] = state.withLockedValue { state in
            state.now += duration
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Moves time to the earliest waiting deadline (which must exist) and wakes that sleeper.
    func advanceToNextDeadline() {
        guard let next = deadlines.first else { return }
        advance(by: max(.zero, next - now))
    }
}
