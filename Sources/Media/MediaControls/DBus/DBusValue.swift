/// A D-Bus value of the types MPRIS uses (D-Bus Specification, "Type System"), as a plain Swift value, so
/// property tables can be built and tested without a bus.
public enum DBusValue: Hashable, Sendable {
    /// `s`
    case string(String)
    /// `o`: an object path such as `/org/mpris/MediaPlayer2/TrackList/NoTrack`.
    case objectPath(String)
    /// `b`
    case boolean(Bool)
    /// `x`: a signed 64-bit integer (MPRIS times are microseconds).
    case int64(Int64)
    /// `d`
    case double(Double)
    /// `as`
    case stringArray([String])
    /// `a{sv}`: string keys, variant values, in order.
    case dictionary([DBusEntry])

    /// The value's D-Bus type signature.
    public var signature: String {
        switch self {
        case .string: "s"
        case .objectPath: "o"
        case .boolean: "b"
        case .int64: "x"
        case .double: "d"
        case .stringArray: "as"
        case .dictionary: "a{sv}"
        }
    }

    /// The value of `key` in a dictionary (`nil` for other values or missing keys).
    public subscript(key: String) -> DBusValue? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }
}

/// One `{sv}` entry of an `a{sv}` dictionary.
public struct DBusEntry: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The value (sent as a variant).
    public var value: DBusValue

    /// Creates an entry.
    public init(_ key: String, _ value: DBusValue) {
        self.key = key
        self.value = value
    }
}
