/// What a source learnt when its connection opened (the HTTP response head, or the live playlist), reported
/// with ``StreamEvent/opened(_:_:)``.
public struct StreamDetails: Hashable, Sendable {
    /// True for a stream without an end (a radio: no `Content-Length`; a live playlist); false for one that ends.
    public var isLive: Bool
    /// The length in seconds, when the source knows it (a finite stream with a known size and bit rate).
    public var duration: Double?
    /// The station's name (`icy-name`), if the server sent one.
    public var stationName: String?
    /// The station's description (`icy-description`), if the server sent one.
    public var stationDescription: String?

    /// Creates a report.
    public init(isLive: Bool, duration: Double? = nil, stationName: String? = nil, stationDescription: String? = nil) {
        self.isLive = isLive
        self.duration = duration
        self.stationName = stationName
        self.stationDescription = stationDescription
    }
}
