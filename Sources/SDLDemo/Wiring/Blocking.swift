import Foundation

/// Runs async work from the synchronous SDL main loop and waits for its result (startup and shutdown
/// only: the server's start and the components' asynchronous teardown).
enum Blocking {
    /// Runs `body` on the concurrency pool and blocks the calling thread until it finishes.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                box.result = .success(try await body())
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        guard let result = box.result else { throw BlockingError() }
        return try result.get()
    }
}

/// The result slot of ``Blocking/run(_:)``: written once before the semaphore is signalled, read after.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, any Error>?
}

/// ``Blocking/run(_:)`` finished without a result (cannot happen; here so no force unwrap is needed).
private struct BlockingError: Error {}
