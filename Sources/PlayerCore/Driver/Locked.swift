import Foundation

/// A value guarded by a lock, shared between threads.
///
/// `NSLock` rather than `Synchronization.Mutex` because `Mutex` needs macOS 15 and the package supports macOS 14.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. `body` must not call back into this lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
