/// The JSON path of a field, from a `Codable` coding path: object keys joined with dots, array indices in
/// brackets.
///
/// ```swift
/// JSONPath(codingPath: decodingError.context.codingPath).description
/// // "category_highlights.elements[3].versions[0].duration.value"
/// ```
///
/// Foundation's `JSONDecoder` names array positions with keys whose `intValue` is the index (their
/// `stringValue` is `"Index 3"`), so any key with an `intValue` and a string value that is not a plain
/// field name is rendered as an index. Keys that are not identifiers (`"$text"`, `"a.b"`, `"0"` as an
/// object key) are rendered as `["$text"]` so the path stays unambiguous.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// An object member.
        case key(String)
        /// An array element.
        case index(Int)
    }

    /// The steps from the document's root.
    public var components: [Component]

    /// A path made of `components`.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The path of a coding path (`DecodingError.Context.codingPath`).
    public init(codingPath: [any CodingKey]) {
        components = codingPath.map { key in
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == String(index) {
                return .index(index)
            }
            return .key(key.stringValue)
        }
    }

    /// This path followed by `component`.
    public func appending(_ component: Component) -> JSONPath {
        JSONPath(components + [component])
    }

    /// `a.b[3].c`; the root is the empty string.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isPlainName(key):
                text += text.isEmpty ? key : "." + key
            case .key(let key):
                let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                text += "[\"\(escaped)\"]"
            }
        }
        return text
    }

    /// Letters, digits (not first) and underscores: printed without quoting.
    private static func isPlainName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_" || scalar == "-"
        }
    }
}
