/// Numbers one download in the circle: each ``MediaEvent/playRequested(_:)`` of a download (and each
/// ``MediaEvent/prepared(_:)``) starts a new flow with a fresh ``PlayerCore/Player``, so the reports of a
/// flow that was switched away from are told apart from the current one's even when their fetch IDs match.
public struct DownloadFlowID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number; the first flow is 1, each later one is one more.
    public let rawValue: Int

    /// The flow numbered `rawValue`.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The flow after this one.
    public var next: DownloadFlowID { DownloadFlowID(rawValue + 1) }

    /// Orders flows by number.
    public static func < (lhs: DownloadFlowID, rhs: DownloadFlowID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `flow N`, for logs.
    public var description: String { "flow \(rawValue)" }
}
