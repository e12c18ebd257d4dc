/// Whether the network can be used right now, as a connectivity check reports it (or `--offline` forces it).
public enum Connectivity: String, Sendable, Hashable, CaseIterable {
    /// Requests may be sent.
    case online
    /// No request is sent; stored data is used, marked stale.
    case offline
}
