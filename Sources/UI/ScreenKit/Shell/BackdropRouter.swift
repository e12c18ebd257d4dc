import DragPhysics

/// Who hears an input event when something is drawn *under* the shell — a playing video under the circle
/// (`SDLDemo --app buffs`, seed 004: the Buff panel over the host app's video): the shell (its circle, or screens
/// and a notice, which cover the backdrop) or the backdrop (the video's player screen). Pure: the shell says what it
/// would take (``Shell/takesPress(at:time:)``); the router keeps a press with whoever took it, as the shell keeps
/// a press with the control it began on. What draws over both (the Buff panel) sees input before either.
///
/// | event | receiver |
/// |---|---|
/// | key, text | the backdrop (the video's keys: Space pauses it, arrows seek and change the volume) |
/// | press the shell takes (the visible circle, a screen, a notice) | the shell, and so is the press until it ends |
/// | press anywhere else | the backdrop, and so is the press until it ends |
/// | move, release, cancel during a press | whoever took the press (a release or a cancel ends it) |
/// | move, release, cancel without a press (hover shows the video's controls) | the backdrop |
/// | wheel, resize, tick, window closed | the shell |
///
/// The session falls back to the shell whenever the backdrop does not take an event (no video open), so the
/// shell's keys (Space taps the circle, Escape quits) work again once the video has closed.
///
/// ```swift
/// var router = BackdropRouter()
/// router.route(.pointerDown(circleCentre, time: 1), shell: shell)   // .shell: the circle is dragged or tapped
/// router.route(.pointerUp(elsewhere, time: 1.2), shell: shell)       // .shell: the press that began on it
/// router.route(.key(.space, time: 2), shell: shell)                  // .backdrop: pauses the video
/// ```
public struct BackdropRouter: Sendable {
    /// The one who hears an event.
    public enum Receiver: Hashable, Sendable {
        /// The shell (the circle and the screens).
        case shell
        /// What is drawn under the shell (the video's player screen).
        case backdrop
    }

    /// Who took the press in progress (nil: no press).
    public private(set) var pressOwner: Receiver?

    /// A router with no press in progress.
    public init() {}

    /// Who hears `event`, given the shell as it is when the event arrives.
    public mutating func route(_ event: ShellEvent, shell: Shell) -> Receiver {
        switch event {
        case .key, .text, .fullscreenChanged:
            return .backdrop
        case .pointerDown(let point, let t):
            let owner: Receiver = shell.takesPress(at: point, time: t) ? .shell : .backdrop
            pressOwner = owner
            return owner
        case .pointerMoved:
            return pressOwner ?? .backdrop
        case .pointerUp, .pointerCancelled:
            defer { pressOwner = nil }
            return pressOwner ?? .backdrop
        case .wheel, .resized, .tick, .windowClosed:
            return .shell
        }
    }
}

extension Shell {
    /// Whether a press at `point` at `time` is the shell's rather than what is drawn under it: the visible circle
    /// there, or any screen or notice (they fill the window).
    public func takesPress(at point: Point, time: Double) -> Bool {
        (showsCircle && circle.contains(point, at: time)) || notice != nil || !screens.isEmpty
    }
}
