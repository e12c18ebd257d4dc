import DragPhysics
import PlayerCore

/// The running demo without its window: the player (through its driver), the draggable circle and the
/// things that must be pumped once per frame. Input comes in as ``InputEvent``s with a time; frames come
/// out as ``FrameSnapshot``s. The interactive loop and the script runner both drive it, with real or
/// virtual time.
final class DemoSession {
    /// Circle radius in window points.
    static let radius = 60.0

    private let driver: PlayerDriver
    private var circle: DraggableCircle
    private var size: Size
    private let tickers: [any FrameTicker]
    private let completionHold: CompletionHold

    /// Creates a session whose circle is centred in a window of `width` × `height` points.
    init(driver: PlayerDriver, width: Double, height: Double, tickers: [any FrameTicker] = [],
         completionHold: CompletionHold = CompletionHold()) {
        self.driver = driver
        self.completionHold = completionHold
        self.size = Size(width: width, height: height)
        self.circle = DraggableCircle.centered(in: size, radius: Self.radius)
        self.tickers = tickers
    }

    /// What to do after an input event.
    enum Outcome: Equatable {
        case keepRunning
        case quit
    }

    /// Applies one input event at time `t` (seconds).
    func handle(_ event: InputEvent, at t: Double) -> Outcome {
        switch event {
        case .pointerDown(let x, let y):
            _ = circle.pointerDown(at: Point(x: x, y: y), time: t)
        case .pointerMoved(let x, let y):
            circle.pointerMoved(to: Point(x: x, y: y), time: t)
        case .pointerUp(let x, let y):
            if circle.pointerUp(at: Point(x: x, y: y), time: t) == .tap { tap() }
        case .key(.space):
            tap()
        case .key(.left):
            circle.push(to: .left, time: t)
        case .key(.right):
            circle.push(to: .right, time: t)
        case .key(.up):
            circle.push(to: .top, time: t)
        case .key(.down):
            circle.push(to: .bottom, time: t)
        case .key(.escape), .quit:
            return .quit
        case .resized(let width, let height):
            size = Size(width: width, height: height)
            circle.resize(to: size, time: t)
        }
        return .keepRunning
    }

    private func tap() {
        completionHold.clear()
        driver.send(.tapped)
    }

    /// Runs the per-frame work (audio pumping, results handed to the main thread) for time `t`.
    func tick(at t: Double) {
        for ticker in tickers { ticker.tick(at: t) }
    }

    /// The state and fill shown at time `t`: the player's, except during the ``CompletionHold``.
    func presentedState(at t: Double) -> (state: PlayerState, fill: Double) {
        let player = driver.player
        if player.state == .uninitialized, completionHold.isHolding(at: t) { return (.completed, 1) }
        return (player.state, player.fill)
    }

    /// The name of the state shown at time `t` (what `wait-state` and the trace see).
    func stateName(at t: Double) -> String { PlayerPresentation.name(of: presentedState(at: t).state) }

    /// What the frame at time `t` shows.
    func snapshot(at t: Double) -> FrameSnapshot {
        let (state, fill) = presentedState(at: t)
        let center = circle.center(at: t)
        return FrameSnapshot(
            time: t, windowWidth: size.width, windowHeight: size.height,
            x: center.x, y: center.y, radius: Self.radius,
            docked: circle.dockedEdge(at: t).map { "\($0)" },
            state: PlayerPresentation.name(of: state),
            progress: fill,
            message: PlayerPresentation.message(of: state),
            appearance: PlayerPresentation.appearance(of: state, fill: fill))
    }

    /// The window title for the state shown at time `t`.
    func title(at t: Double) -> String { PlayerPresentation.title(of: presentedState(at: t).state) }

    /// Whether frames must keep coming at the display rate: the circle moves or the spinner turns.
    func isAnimating(at t: Double) -> Bool {
        let (state, fill) = presentedState(at: t)
        return circle.isMoving(at: t) || PlayerPresentation.appearance(of: state, fill: fill).isAnimated
    }
}

/// Something that needs a call every frame with the frame's time (e.g. the audio player's `pump`).
protocol FrameTicker: AnyObject {
    /// Does the work due by time `t` (seconds, the session's clock).
    func tick(at t: Double)
}

extension DemoSession {
    /// Whether the player is waiting for work that happens in real time (downloading, deleting the file),
    /// so a virtual clock must not run ahead of the real one.
    var awaitsRealWork: Bool {
        switch driver.player.state {
        case .fetching, .completed: true
        default: false
        }
    }
}
