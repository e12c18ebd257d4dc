/// Upper bounds on the variants the ABR may choose, set by the app and the player rather than the network.
public struct ABRCaps: Equatable, Sendable {
    /// No variant with a higher `BANDWIDTH` (bits per second); `--max-bandwidth`.
    public var maxBandwidth: Double?
    /// The picture's box in pixels (the window's size): variants larger than needed to fill it are left out
    /// (see ``ABRLadder/cappedBySize(_:width:height:)``).
    public var maxWidth: Int?
    /// See ``maxWidth``.
    public var maxHeight: Int?
    /// The highest variant id allowed by the dropped-frame monitor (``DroppedFrameMonitor``), if it capped.
    public var droppedFramesCap: Int?

    /// Caps; all `nil` means none.
    public init(maxBandwidth: Double? = nil, maxWidth: Int? = nil, maxHeight: Int? = nil, droppedFramesCap: Int? = nil) {
        self.maxBandwidth = maxBandwidth
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.droppedFramesCap = droppedFramesCap
    }

    /// No caps.
    public static let none = ABRCaps()
}
