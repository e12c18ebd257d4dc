/// The ICY response headers of a SHOUTcast/Icecast stream, read from the HTTP response head.
///
/// ```swift
/// let icy = ICYHeaders(headers: [("icy-metaint", "16000"), ("icy-name", "Classical IPR")])
/// icy.metaInterval     // 16000
/// icy.name             // "Classical IPR"
/// ```
public struct ICYHeaders: Hashable, Sendable {
    /// `icy-metaint`: audio bytes between metadata blocks; `nil` if absent, not a number, or out of range.
    public var metaInterval: Int?
    /// `icy-name`: the station's name.
    public var name: String?
    /// `icy-description`: the station's description.
    public var description: String?
    /// `icy-genre`.
    public var genre: String?
    /// `icy-br`: the nominal bit rate in kbit/s.
    public var bitRateKbps: Int?

    /// The largest `icy-metaint` accepted (1 MiB; servers use 8 KiB to 64 KiB).
    public static let maximumMetaInterval = 1 << 20

    /// Reads the ICY headers from `(name, value)` pairs; names are compared case-insensitively, the first
    /// occurrence wins, empty values count as absent.
    public init(headers: some Sequence<(String, String)>) {
        var values: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            let trimmed = value.trimmingCharacters(in: " \t")
            if values[key] == nil, !trimmed.isEmpty { values[key] = trimmed }
        }
        if let text = values["icy-metaint"], let interval = Int(text), interval > 0,
           interval <= Self.maximumMetaInterval {
            metaInterval = interval
        }
        name = values["icy-name"]
        description = values["icy-description"]
        genre = values["icy-genre"]
        bitRateKbps = values["icy-br"].flatMap { Int($0.prefix { $0 != "," }) }
    }
}

extension String {
    /// The string without leading and trailing characters from `set`.
    fileprivate func trimmingCharacters(in set: String) -> String {
        let drop: (Character) -> Bool = { set.contains($0) }
        guard let first = firstIndex(where: { !drop($0) }), let last = lastIndex(where: { !drop($0) }) else { return "" }
        return String(self[first...last])
    }
}
