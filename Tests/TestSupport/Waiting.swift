/// Polls `condition` every `interval` until it holds (`true`) or `timeout` passes (`false`; the condition is
/// asked once more at the end). A cancelled task stops polling and gets that last answer.
///
/// For conditions that other threads make true (a server's statistics, a driver's state, a child process's
/// output). A passing test returns as soon as the condition holds, so the bound is only against hangs:
/// ``TestBounds/hang`` by default (a minute), multiplied by ``TestBounds/scale`` (larger under sanitizers). Waiting never blocks a thread: between two
/// polls the task sleeps, which leaves Swift's cooperative pool (two threads on a 2-core machine) to others.
///
/// A wait is a check on an event, never "sleep and hope": to show that something did *not* happen, wait for
/// the event after which it would have happened (a held request, a trace line, a log record) and look then.
///
/// ```swift
/// #expect(await waitUntil { server.statistics.heldRequests == 2 })
/// ```
public func waitUntil(
    timeout: Duration = TestBounds.hang, interval: Duration = .milliseconds(5),
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + TestBounds.scaled(timeout)
    while clock.now < deadline, !Task.isCancelled {
        if try await condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return try await condition()
}
