import CSDL2
import Foundation

/// Wakes the main loop when something happens off the main thread (a download progressed, playback
/// ended): pushes an SDL user event for the live loop where it sleeps in `SDL_WaitEventTimeout`, and signals
/// a semaphore for the live loop where the video driver cannot block (``EventWait``) and for a script's waits,
/// which keep pace with real time.
final class Waker: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let eventType: UInt32

    /// Registers an SDL user event type (SDL must be initialised).
    init() {
        let registered = SDL_RegisterEvents(1)
        eventType = registered == UInt32.max ? SDL_USEREVENT.rawValue : registered
    }

    /// Wakes whoever waits. Safe from any thread (SDL_PushEvent is thread-safe).
    func signal() {
        var event = SDL_Event()
        event.type = eventType
        _ = SDL_PushEvent(&event)
        semaphore.signal()
    }

    /// Blocks up to `seconds` or until ``signal()``; returns whether a signal arrived.
    func wait(seconds: Double) -> Bool {
        semaphore.wait(timeout: .now() + .nanoseconds(Int(max(seconds, 0) * 1e9))) == .success
    }

    /// Blocks up to `seconds` or until ``signal()``, then consumes every further signal already given (one
    /// wake-up for a burst of them); returns whether a signal arrived.
    @discardableResult
    func waitAndDrain(seconds: Double) -> Bool {
        guard wait(seconds: seconds) else { return false }
        while semaphore.wait(timeout: .now()) == .success {}
        return true
    }

    /// Whether `event` is this waker's event (it carries no input).
    func isWakeEvent(_ event: SDL_Event) -> Bool { event.type == eventType }
}
