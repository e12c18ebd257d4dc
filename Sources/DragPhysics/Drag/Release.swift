/// What a `pointerUp` did with the circle.
public enum Release: Sendable, Equatable {
    /// The pointer went down and up on the circle without leaving the slop radius (a click).
    case tap
    /// The circle was dragged and released below the flick threshold: it stays where it was dropped.
    /// Also returned for a `pointerUp` without a drag in progress (nothing happens).
    case dropped
    /// The circle was thrown towards `edge` and is now being pushed there.
    case flicked(Edge)
}
