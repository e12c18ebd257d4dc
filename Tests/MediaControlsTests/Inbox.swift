import Foundation
import TestSupport

/// Collects values delivered on another thread (the bus thread's callbacks) and lets the test wait for them.
final class Inbox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []

    func append(_ value: Value) {
        lock.withLock { values.append(value) }
    }

    var all: [Value] { lock.withLock { values } }

    /// Waits until at least `count` values arrived (an anti-hang bound, without blocking a thread); returns
    /// whether they did.
    func wait(count: Int) async -> Bool {
        await waitUntil { all.count >= count }
    }
}
