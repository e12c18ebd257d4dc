import DragPhysics
import ScreenKit

/// The Buff panel over the window, as a pure model: what it shows, where (``BuffPanelLayout``), how far it
/// has slid in, and what a tap on it hits. It follows the engine's commands (``apply(_:at:)``); the window
/// only draws ``frame(at:window:)`` and sends taps through ``hit(_:at:window:)``.
///
/// **Slide**: the panel slides in from the left over ``slideDuration`` with DragPhysics' cubic ease-out
/// when a buff is shown, and out over the same time with cubic ease-in when it is hidden. The position is
/// a pure function of time: `progress(t) = ease((t − start) / slideDuration)`, and the panel's x offset is
/// `−(1 − progress) × (width + margin)`. A buff shown while another slides out replaces it at once (the
/// new one slides in).
///
/// **Taps**: any point inside the panel as drawn is the panel's (``Hit/panel`` at least), so a tap there
/// never reaches the player below, even while it slides; answers and the close ✕ answer only while the
/// buff is current (not while it slides out).
///
/// ```swift
/// var panel = BuffPanel()
/// panel.apply(engine.send(.fetched(id: 1, result: .success(buff), now: t)), at: t)
/// panel.frame(at: t + .milliseconds(175), window: size)?.slide   // ≈ 0.875 (cubic ease-out at ½)
/// panel.hit(Point(x: 30, y: 500), at: t + .seconds(1), window: size)  // .answer(387)
/// ```
public struct BuffPanel: Sendable, Equatable {
    /// How long the slide in (or out) takes.
    public static let slideDuration: Duration = .milliseconds(350)
    /// The slide-in curve.
    public static let easeIn = PennerEasing.cubicOut
    /// The slide-out curve.
    public static let easeOut = PennerEasing.cubicIn

    /// A buff on the panel.
    public struct Presented: Sendable, Equatable {
        /// The buff.
        public var buff: Buff
        /// When it appeared (the slide in starts).
        public var shownAt: Duration
        /// When its countdown ends.
        public var expiresAt: Duration
        /// The whole seconds shown.
        public var secondsLeft: Int
        /// The answer voted for, highlighted.
        public var highlighted: Int?
        /// When the vote froze the countdown.
        public var frozenAt: Duration?
        /// When it was hidden (the slide out starts), if it was.
        public var hiddenAt: Duration?
    }

    /// The buff shown (sliding in or fully in), if any.
    public private(set) var current: Presented?
    /// The buff sliding out, if any.
    public private(set) var leaving: Presented?

    /// An empty panel.
    public init() {}

    /// Follows the engine's `commands`, issued at `t`.
    public mutating func apply(_ commands: [BuffCommand], at t: Duration) {
        for command in commands {
            switch command {
            case .show(let buff, let seconds):
                current = Presented(buff: buff, shownAt: t, expiresAt: t + buff.timeToShow, secondsLeft: seconds)
                leaving = nil
            case .countdown(let buff, let secondsLeft):
                if current?.buff.id == buff { current?.secondsLeft = secondsLeft }
            case .highlight(let buff, let answer):
                if current?.buff.id == buff {
                    current?.highlighted = answer
                    current?.frozenAt = t
                }
            case .hide(let buff, _):
                if var shown = current, shown.buff.id == buff {
                    shown.hiddenAt = t
                    leaving = shown
                    current = nil
                }
            case .fetch, .queued, .reportError:
                break
            }
        }
    }

    /// What one frame of the panel shows.
    public struct Frame: Sendable, Equatable {
        /// The buff drawn.
        public var buff: Buff
        /// The layout, already moved by the slide.
        public var layout: BuffPanelLayout
        /// How far the panel is in: 0 (out of the window) … 1 (fully in).
        public var slide: Double
        /// The fraction of the countdown ring still full (frozen after a vote).
        public var ringFraction: Double
        /// The seconds shown in the ring.
        public var secondsLeft: Int
        /// The highlighted answer id, if voted.
        public var highlighted: Int?
        /// Whether this is a buff sliding out (its buttons no longer answer).
        public var isLeaving: Bool
    }

    /// The slide progress of `presented` at `t`, 0…1, eased.
    public static func slide(of presented: Presented, at t: Duration) -> Double {
        let total = Double(BuffClock.milliseconds(slideDuration))
        if let hiddenAt = presented.hiddenAt {
            let linear = min(1, max(0, Double(BuffClock.milliseconds(t - hiddenAt)) / total))
            return 1 - easeOut.value(at: linear)
        }
        let linear = min(1, max(0, Double(BuffClock.milliseconds(t - presented.shownAt)) / total))
        return easeIn.value(at: linear)
    }

    /// The frame at `t` in a window of `window` size; `nil` when nothing is on screen.
    public func frame(at t: Duration, window: Size) -> Frame? {
        let presented: Presented
        if let current {
            presented = current
        } else if let leaving, Self.slide(of: leaving, at: t) > 0 {
            presented = leaving
        } else {
            return nil
        }
        let slide = Self.slide(of: presented, at: t)
        let base = BuffPanelLayout(window: window, answers: presented.buff.answers.count)
        let dx = -(1 - slide) * (base.panel.width + BuffPanelLayout.margin)
        let ringAt = presented.frozenAt ?? presented.hiddenAt ?? t
        let total = Double(BuffClock.milliseconds(presented.buff.timeToShow))
        let left = Double(BuffClock.milliseconds(max(.zero, presented.expiresAt - ringAt)))
        return Frame(buff: presented.buff, layout: base.offset(dx: dx), slide: slide,
                     ringFraction: total > 0 ? min(1, max(0, left / total)) : 0,
                     secondsLeft: presented.secondsLeft, highlighted: presented.highlighted,
                     isLeaving: presented.hiddenAt != nil)
    }

    /// Whether the panel moves on its own at `t` (sliding, or the ring emptying): frames must keep coming.
    public func isAnimating(at t: Duration) -> Bool {
        if let current { return current.frozenAt == nil || Self.slide(of: current, at: t) < 1 }
        if let leaving { return Self.slide(of: leaving, at: t) > 0 }
        return false
    }

    /// What a tap at `point` hits.
    public enum Hit: Sendable, Equatable {
        /// The close ✕.
        case close
        /// The answer with this id.
        case answer(Int)
        /// Elsewhere on the panel (swallowed: it never reaches the player).
        case panel
    }

    /// What a tap at `point` at `t` hits; `nil` when it is outside the panel (it goes to the player).
    public func hit(_ point: Point, at t: Duration, window: Size) -> Hit? {
        guard let frame = frame(at: t, window: window), frame.layout.panel.contains(point) else { return nil }
        guard !frame.isLeaving else { return .panel }
        if frame.layout.close.contains(point) { return .close }
        if let index = frame.layout.answers.firstIndex(where: { $0.contains(point) }) {
            return .answer(frame.buff.answers[index].id)
        }
        return .panel
    }
}
