/// Applies a ``Fault`` to requests whose path matches a pattern.
///
/// The pattern is an exact path (`"/seg1.ts"`) or a glob in which `*` matches any characters,
/// including `/` (`"*"`, `"*.ts"`, `"/audio/*"`). It is matched against the percent-decoded path
/// without the query string.
///
/// ```swift
/// server.setFaults([
///     FaultRule(path: "*.ts", fault: .status(code: 503, times: 2, retryAfter: "1")),
///     FaultRule(path: "/seg3.ts", fault: .shortBody(times: 1)),
/// ])
/// ```
public struct FaultRule: Sendable, Equatable {
    /// The path or glob this rule applies to.
    public var pattern: String
    /// What to do to matching requests.
    public var fault: Fault

    /// A rule applying `fault` to requests whose path matches `pattern` (exact path or `*` glob).
    public init(path pattern: String, fault: Fault) {
        self.pattern = pattern
        self.fault = fault
    }

    /// Same as ``init(path:fault:)``.
    public init(pattern: String, fault: Fault) {
        self.init(path: pattern, fault: fault)
    }

    /// Whether this rule applies to `path` (percent-decoded, without query).
    public func matches(path: String) -> Bool {
        PathPattern(pattern).matches(path)
    }
}
