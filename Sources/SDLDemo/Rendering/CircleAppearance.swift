/// Everything the renderer needs to know about the player to draw one frame of the circle.
///
/// Filled in from the player's snapshot by the wiring (``PlayerPresentation``), so drawing does not
/// depend on the player's types.
struct CircleAppearance: Equatable, Sendable {
    /// The symbol in the middle.
    enum Icon: String, Equatable, Sendable {
        case play, pause, spinner, retry
    }

    var icon: Icon
    /// How full the download "water level" is, 0 (empty) ... 1 (full).
    var fill: Double
    /// Draws the failure look (red ring, darker body).
    var failed: Bool

    /// The look of a fresh player: play icon, empty.
    static let idle = CircleAppearance(icon: .play, fill: 0, failed: false)

    /// Whether drawing this appearance changes from frame to frame (the spinner turns).
    var isAnimated: Bool { icon == .spinner }
}
