import DragPhysics

/// Which pointer events the Buff panel takes, and what a tap on it means: pure, so the window only
/// forwards events and runs the outcome.
///
/// - A press on the panel (anywhere inside it as drawn, ``BuffPanel/hit(_:at:window:)``) is captured: it and
///   every move until the release are the panel's (``Outcome/consumed``), so the player below never sees a
///   press, a drag or a tap that began on the panel.
/// - The release **votes** when it is on the same answer as the press, **closes** when both are on the ✕;
///   anywhere else (the finger slid off) it does nothing: the usual "cancel by sliding away".
/// - A press outside the panel passes through (``Outcome/passThrough``) with its whole gesture, even when a
///   drag of the circle then crosses the panel.
///
/// ```swift
/// var pointer = BuffPanelPointer()
/// pointer.down(at: p, panel: panel, now: t, window: size)   // .consumed
/// pointer.up(at: p, panel: panel, now: t, window: size)     // .vote(answer: 388)
/// ```
public struct BuffPanelPointer: Sendable, Equatable {
    /// What the window does with a pointer event.
    public enum Outcome: Sendable, Equatable {
        /// Not the panel's: give it to the screens and the player.
        case passThrough
        /// The panel's; nothing else happens.
        case consumed
        /// The panel's: vote for this answer id.
        case vote(answer: Int)
        /// The panel's: close the buff.
        case close
    }

    /// What the captured press hit; `nil` when no press is captured.
    public private(set) var captured: BuffPanel.Hit?

    /// No press captured.
    public init() {}

    /// A press at `point`.
    public mutating func down(at point: Point, panel: BuffPanel, now: Duration, window: Size) -> Outcome {
        captured = panel.hit(point, at: now, window: window)
        return captured == nil ? .passThrough : .consumed
    }

    /// A move of the pressed pointer.
    public func moved() -> Outcome {
        captured == nil ? .passThrough : .consumed
    }

    /// The release at `point`.
    public mutating func up(at point: Point, panel: BuffPanel, now: Duration, window: Size) -> Outcome {
        guard let pressed = captured else { return .passThrough }
        captured = nil
        guard panel.hit(point, at: now, window: window) == pressed else { return .consumed }
        switch pressed {
        case .answer(let id): return .vote(answer: id)
        case .close: return .close
        case .panel: return .consumed
        }
    }

    /// A wheel turn at `point`: the panel's when over it (nothing below scrolls).
    public func wheel(at point: Point, panel: BuffPanel, now: Duration, window: Size) -> Outcome {
        panel.hit(point, at: now, window: window) == nil ? .passThrough : .consumed
    }
}
