/// A request header field as ``RequestRecord`` keeps it: credentials never stay in memory or reach a test
/// log. `Authorization` and `Proxy-Authorization` keep only their scheme (`Bearer ***`); `Cookie` becomes `***`.
public struct RecordedHeader: Sendable, Equatable {
    /// The field name as received.
    public var name: String
    /// The value, redacted for credential fields.
    public var value: String

    /// A recorded field; the value is redacted when `name` is a credential field.
    public init(name: String, value: String) {
        self.name = name
        switch name.lowercased() {
        case "authorization", "proxy-authorization":
            let scheme = value.split(separator: " ").first.map(String.init) ?? ""
            self.value = scheme.isEmpty ? "***" : "\(scheme) ***"
        case "cookie":
            self.value = "***"
        default:
            self.value = value
        }
    }
}
