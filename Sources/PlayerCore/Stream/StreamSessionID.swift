/// The identity of one stream session started by a ``StreamPlayer``: one ``StreamCommand/open(_:source:)``,
/// including every reconnection made for it, until ``StreamCommand/close(_:)``.
///
/// A player numbers its sessions 1, 2, 3, … (no randomness, no clock). Events carry the ID of the session they
/// report on; events of any other session are *stale* and change nothing, so a late report from a closed
/// connection cannot corrupt the state.
///
/// ```swift
/// var player = StreamPlayer()
/// player.send(.selected(StreamRequest(source: .http(url: URL(string: "http://radio.example/live.mp3")!))))
/// player.session      // StreamSessionID(1)
/// ```
public struct StreamSessionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The sequence number: 1 for a player's first session, then increasing by one per session.
    public let rawValue: UInt64

    /// Creates an ID with the given sequence number (for sources, fakes and tests; players make their own).
    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The ID that follows this one.
    public var next: StreamSessionID { StreamSessionID(rawValue + 1) }

    /// Orders IDs by creation: earlier sessions are smaller.
    public static func < (lhs: StreamSessionID, rhs: StreamSessionID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `session #N`, for logs.
    public var description: String { "session #\(rawValue)" }
}
