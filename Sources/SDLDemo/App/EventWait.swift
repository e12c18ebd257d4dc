import CSDL2
import Foundation

/// How the live loop blocks until input, a wake-up or a deadline, chosen by the video driver.
///
/// `SDL_WaitEventTimeout` blocks in the driver only where the driver can wait and be woken (SDL 2.26
/// `SDL_events.c`: it needs the driver's `WaitEventTimeout` and `SendWakeupEvent`, which X11, Wayland, Windows
/// and Cocoa have); elsewhere (the offscreen and dummy drivers of headless runs and benchmarks) it polls with
/// `SDL_Delay(1)`, waking a thousand times a second. Those drivers deliver no input, so there the loop sleeps on
/// the ``Waker``'s semaphore instead, which every background wake-up signals.
enum EventWait: Equatable, CustomStringConvertible {
    /// `SDL_WaitEventTimeout`: the driver blocks.
    case sdl
    /// The waker's semaphore: no input to wait for.
    case waker
    /// The waker's semaphore in slices of at most this many seconds, then a poll: a driver with input that
    /// cannot block.
    case slices(Double)

    /// In words, for the start-up line.
    var description: String {
        switch self {
        case .sdl: "in SDL_WaitEventTimeout"
        case .waker: "on wake-ups only (no input)"
        case .slices(let seconds): "in \(Int(seconds * 1000)) ms slices"
        }
    }

    /// Drivers whose `SDL_WaitEventTimeout` blocks (SDL ≥ 2.0.16).
    static let blockingDrivers: Set<String> = ["x11", "wayland", "windows", "cocoa"]
    /// The wait for the video driver SDL runs (SDL's video subsystem must be initialised).
    static func forCurrentDriver() -> EventWait {
        guard let name = SDL_GetCurrentVideoDriver().map({ String(cString: $0) }) else { return .sdl }
        return forDriver(name)
    }

    /// The wait for the video driver `name`.
    static func forDriver(_ name: String) -> EventWait {
        if blockingDrivers.contains(name) { return .sdl }
        if Canvas.headlessDrivers.contains(name) { return .waker }  // no input to wait for
        return .slices(0.01)
    }

    /// Blocks up to `seconds`; returns true with `event` filled when SDL delivered one while blocking (other
    /// events are left in SDL's queue for the caller to poll).
    func next(_ event: inout SDL_Event, seconds: Double, waker: Waker) -> Bool {
        switch self {
        case .sdl:
            return SDL_WaitEventTimeout(&event, Int32((seconds * 1000).rounded(.up))) == 1
        case .waker:
            waker.waitAndDrain(seconds: seconds)
            return false
        case .slices(let slice):
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(seconds, 0) * 1e9)
            while true {
                if SDL_PollEvent(&event) == 1 { return true }
                let now = DispatchTime.now().uptimeNanoseconds
                guard now < deadline else { return false }
                if waker.waitAndDrain(seconds: min(slice, Double(deadline - now) / 1e9)) { return false }
            }
        }
    }
}
