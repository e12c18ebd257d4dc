/// What one frame shows, taken once per frame from the session: drawn by ``FrameRenderer`` and
/// written to the trace by ``TraceWriter``.
struct FrameSnapshot: Equatable, Sendable {
    /// Time of the frame in seconds (virtual time in scripts).
    var time: Double
    /// The window's size in points.
    var windowWidth: Double
    var windowHeight: Double
    /// The circle's centre and radius in window points.
    var x: Double
    var y: Double
    var radius: Double
    /// The edge the circle sticks to, if any (`left`, `right`, `top`, `bottom`).
    var docked: String?
    /// The player's state name (see ``PlayerPresentation/name(of:)``).
    var state: String
    /// The download level shown, 0...1.
    var progress: Double
    /// The failure message, if failed.
    var message: String?
    /// The circle's look.
    var appearance: CircleAppearance
}
