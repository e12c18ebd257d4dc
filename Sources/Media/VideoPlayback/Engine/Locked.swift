import Foundation

/// A value behind a lock, for state shared between threads and tasks (the timestamp mapper, the ABR).
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    /// A box holding `value`.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock.
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
