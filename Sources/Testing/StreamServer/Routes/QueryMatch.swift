/// Which query strings a ``Route`` matches, compared after percent-decoding (`+` is not a space, as
/// RFC 3986 has it) and regardless of order.
///
/// ```swift
/// .exact(["lang": "en", "rights": "mobile", "availability": "available"])  // exactly these, nothing else
/// .subset(["page": "2"])                                                   // at least these
/// .exact([:])                                                              // no query at all
/// ```
public enum QueryMatch: Sendable, Equatable {
    /// The query has exactly these parameters (each once) and no others.
    case exact([String: String])
    /// The query has at least these parameters; others are allowed.
    case subset([String: String])

    /// Whether the decoded `parameters` (in request order) match.
    func matches(_ parameters: [(name: String, value: String)]) -> Bool {
        switch self {
        case .exact(let wanted):
            guard parameters.count == wanted.count else { return false }
            var seen: Set<String> = []
            for parameter in parameters {
                guard wanted[parameter.name] == parameter.value, seen.insert(parameter.name).inserted else {
                    return false
                }
            }
            return true
        case .subset(let wanted):
            return wanted.allSatisfy { name, value in
                parameters.contains { $0.name == name && $0.value == value }
            }
        }
    }

    /// The parameters of a raw query string (`a=1&b=2`), percent-decoded; malformed escapes are kept
    /// as they are (so they never match a decoded value by accident).
    static func parameters(of query: Substring) -> [(name: String, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0]
            let value = parts.count > 1 ? parts[1] : ""
            return (RequestPath.percentDecode(name) ?? String(name), RequestPath.percentDecode(value) ?? String(value))
        }
    }
}
