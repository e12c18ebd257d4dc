import MediaCore
import MediaHost
import ScreenKit

/// An app the window hosts: the screens under the circle player, and what happens when they report.
///
/// The shell (``ScreenKit/Shell``) turns input into outputs; the session passes every output that is not
/// the player's (a row selected, the end of a list near, a refresh, Retry, an action) to the app, which
/// changes the screens and starts work. Work that finishes in the background comes back to the main
/// thread through ``AppContext/update(_:)``. Decisions belong in pure models (ScreenKit's, or an app's
/// own core); an app object here only wires them to I/O.
///
/// To add an app: implement this protocol (see ``VimeoApp``), add a case to ``AppName`` and build it in
/// ``AppName/make(options:context:)``.
protocol HostedApp: AnyObject {
    /// Shows the first screens at `t` (none: the player alone).
    func start(_ shell: inout Shell, at t: Double)
    /// Reacts to what the screens reported at `t`.
    func handle(_ output: ShellOutput, _ shell: inout Shell, at t: Double)
    /// Whether work the screens wait for is in flight (a scripted run keeps virtual time with real time).
    var isWorking: Bool { get }
    /// Fetches the screens' images (nil: the app shows none).
    var resources: (any ResourceFetching)? { get }
    /// Stops background work; called once before the window closes.
    func shutdown()
    /// Drawn over everything and first to see pointer input (the Buff panel); nil for most apps.
    var overlay: (any AppOverlay)? { get }
    /// Drawn under the screens and the circle (the video the Buff panel floats over); it hears what ScreenKit's
    /// ``ScreenKit/BackdropRouter`` gives it: keys, and presses the circle and the screens do not take. Nil for most apps.
    var backdrop: (any AppOverlay)? { get }
    /// What the window's player holds changed to `status` at `t` (called once per change, main thread).
    func playbackChanged(_ status: PlaybackStatus, _ shell: inout Shell, at t: Double)
    /// Where the circle rests until the user moves it: centred (the default), or docked at the bottom right where
    /// it covers none of the screens' text (the feed apps).
    var circleHome: Shell.CircleHome { get }
    /// The app's name, first in the window title with the screen shown (ScreenKit's ``ScreenKit/WindowTitle``);
    /// nil for the player alone, whose title is the player's.
    var name: String? { get }
}

extension HostedApp {
    /// Most apps do not follow the player.
    func playbackChanged(_ status: PlaybackStatus, _ shell: inout Shell, at t: Double) {}
    /// The circle starts in the middle.
    var circleHome: Shell.CircleHome { .center }
    /// No name: the window is titled by the player.
    var name: String? { nil }
}

/// What an app gets from the window: a way back to the main thread.
final class AppContext: @unchecked Sendable {
    /// The window's one player, for apps that play media: they send it typed requests
    /// (`media?.send(.playRequested(.stream(…)))`, `.audioReleased`). Set by the wiring; nil where there is none.
    var media: MediaHost?
    private let queue: MainThreadQueue
    private let apply: (@escaping (inout Shell, Double) -> Void) -> Void

    /// `apply` runs a change on the session's shell (main thread, at a frame's time).
    init(queue: MainThreadQueue, apply: @escaping (@escaping (inout Shell, Double) -> Void) -> Void) {
        self.queue = queue
        self.apply = apply
    }

    /// Runs `change` on the main thread at the next frame, with the shell and the frame's time. Safe from
    /// any thread.
    func update(_ change: @escaping @Sendable (inout Shell, Double) -> Void) {
        let apply = self.apply
        queue.async { _ in apply(change) }
    }
}

/// The circular player alone: no screens (the default app).
final class PlayerApp: HostedApp {
    func start(_ shell: inout Shell, at t: Double) {}
    func handle(_ output: ShellOutput, _ shell: inout Shell, at t: Double) {}
    var isWorking: Bool { false }
    var resources: (any ResourceFetching)? { nil }
    func shutdown() {}
}
