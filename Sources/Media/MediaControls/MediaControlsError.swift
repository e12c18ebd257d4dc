/// Why the media controls could not be published.
public enum MediaControlsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No session bus address is known (`DBUS_SESSION_BUS_ADDRESS` unset and no `$XDG_RUNTIME_DIR/bus`).
    case noSessionBus
    /// The bus at `address` could not be reached or refused us.
    case busUnavailable(address: String, reason: String)
    /// The bus refused a name request.
    case nameRequestFailed(name: String, reason: String)
    /// The object path could not be registered.
    case registrationFailed(path: String, reason: String)

    /// One line for the log.
    public var description: String {
        switch self {
        case .noSessionBus:
            "no session bus (DBUS_SESSION_BUS_ADDRESS is not set)"
        case .busUnavailable(let address, let reason):
            "cannot reach the session bus at \(address): \(reason)"
        case .nameRequestFailed(let name, let reason):
            "the session bus refused the name \(name): \(reason)"
        case .registrationFailed(let path, let reason):
            "cannot register \(path) on the session bus: \(reason)"
        }
    }
}
