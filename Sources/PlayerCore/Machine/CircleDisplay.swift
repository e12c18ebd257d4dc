/// What the circular control shows, whichever machine drives it: the file ``Player`` or the ``StreamPlayer``.
///
/// The window draws through this one protocol, so a downloaded file and a radio look and behave alike.
///
/// ```swift
/// func draw(_ model: some CircleDisplay) { drawIcon(model.icon); drawFill(model.fill); drawText(model.message) }
/// draw(fileDriver.player)
/// draw(streamDriver.player)
/// ```
public protocol CircleDisplay {
    /// The icon in the middle of the circle.
    var icon: PlayerIcon { get }
    /// The fraction of the circle filled, in `0...1`.
    var fill: Double { get }
    /// The state without its payload (what scripts wait for and traces record).
    var phase: PlayerPhase { get }
    /// The failure message to show, if the player failed.
    var message: String? { get }
}

extension Player: CircleDisplay {
    /// The state's phase (``PlayerState/phase``).
    public var phase: PlayerPhase { state.phase }
}

extension StreamPlayer: CircleDisplay {}
