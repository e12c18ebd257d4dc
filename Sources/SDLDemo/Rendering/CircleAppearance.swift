import MediaCore
import PlayerCore

/// Everything the renderer needs to know about the player to draw one frame of the circle: PlayerCore's
/// icon, the fill and the failure look, read from the media host's ``MediaCore/MediaDisplay``.
struct CircleAppearance: Equatable, Sendable {
    /// The symbol in the middle.
    var icon: PlayerIcon
    /// How full the download "water level" is, 0 (empty) ... 1 (full).
    var fill: Double
    /// Draws the failure look (red ring, darker body).
    var failed: Bool

    /// The look of a fresh player: play icon, empty.
    static let idle = CircleAppearance(icon: .play, fill: 0, failed: false)

    /// The look of what the player shows.
    init(_ display: MediaDisplay) {
        self.init(icon: display.icon, fill: display.fill, failed: display.phase == .failed)
    }

    /// A look made by hand (tests, the idle circle).
    init(icon: PlayerIcon, fill: Double, failed: Bool) {
        self.icon = icon
        self.fill = fill
        self.failed = failed
    }

    /// Whether drawing this appearance changes from frame to frame (the spinner turns).
    var isAnimated: Bool { icon == .spinner }
}
