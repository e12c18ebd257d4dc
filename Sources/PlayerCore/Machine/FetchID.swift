/// The identity of one fetch started by a ``Player``.
///
/// A player numbers its fetches 1, 2, 3, … (no randomness, no clock), so a later fetch always compares
/// greater than an earlier one. Events carry the ID of the fetch they report on; a player ignores events
/// whose ID is not the fetch it is currently waiting for, so a late report from an abandoned fetch cannot
/// corrupt its state.
///
/// ```swift
/// var player = Player()
/// player.send(.tapped)            // [.startFetch(FetchID(1))]
/// player.currentFetch             // FetchID(1)
/// ```
public struct FetchID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The sequence number: 1 for a player's first fetch, then increasing by one per fetch.
    public let rawValue: UInt64

    /// Creates an ID with the given sequence number (for fetchers, fakes and tests; players make their own).
    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The ID that follows this one.
    public var next: FetchID { FetchID(rawValue + 1) }

    /// Orders IDs by creation: earlier fetches are smaller.
    public static func < (lhs: FetchID, rhs: FetchID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `fetch #N`, for logs and file names.
    public var description: String { "fetch #\(rawValue)" }
}
