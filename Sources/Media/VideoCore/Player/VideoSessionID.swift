/// Identifies one opening of a video; events of a closed session are ignored.
public struct VideoSessionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number, from 1.
    public let value: Int

    /// A session ID.
    public init(_ value: Int) {
        self.value = value
    }

    /// Ordered by number.
    public static func < (a: VideoSessionID, b: VideoSessionID) -> Bool { a.value < b.value }

    /// `s3`.
    public var description: String { "s\(value)" }
}
