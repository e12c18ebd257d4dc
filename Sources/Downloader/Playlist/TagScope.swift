import Foundation

/// The part of a parse that attribute-list tags read and extend: URI resolution against the playlist's URL,
/// the variables defined so far (rfc8216bis §4.3) and the warnings recorded so far.
struct TagScope {
    let resolver: URIResolver
    var variables: VariableTable
    var warnings: [PlaylistWarning] = []

    /// Attribute names whose values are hexadecimal sequences and so subject to variable substitution
    /// (rfc8216bis §4.3), as hls.js lists them in `src/utils/attr-list.ts`. Of these, the parser reads `IV`.
    static let hexadecimalSequenceAttributes: Set<String> = ["IV", "SCTE35-CMD", "SCTE35-OUT", "SCTE35-IN"]

    init(resolver: URIResolver, variables: VariableTable = VariableTable(budget: PlaylistParser.maximumSize)) {
        self.resolver = resolver
        self.variables = variables
    }

    /// Parses a tag's attribute list, recording a trailing comma as a warning and substituting variables in
    /// quoted-string and hexadecimal-sequence values.
    mutating func attributes(_ text: String, line: Int, tag: String) throws(PlaylistError) -> AttributeList {
        var list = try AttributeList(parsing: text, line: line) { line in
            warn(.trailingComma, line: line, rule: "RFC 8216 §4.2",
                 "\(tag) attribute list ends with a comma; the comma is ignored")
        }
        try list.substituteVariables { name, value throws(PlaylistError) in
            switch value {
            case .quoted(let string):
                return .quoted(try variables.substitute(string, line: line, what: "\(tag) attribute \(name)"))
            case .unquoted(let raw) where Self.hexadecimalSequenceAttributes.contains(name):
                return .unquoted(try variables.substitute(raw, line: line, what: "\(tag) attribute \(name)"))
            case .unquoted:
                return value
            }
        }
        return list
    }

    /// A URI as written in the playlist with its variables substituted, then resolved.
    mutating func resolve(_ text: String, line: Int, what: String, httpOnly: Bool) throws(PlaylistError) -> URL {
        try resolver.resolve(try variables.substitute(text, line: line, what: what), line: line, what: what,
                             httpOnly: httpOnly)
    }

    /// Records a warning.
    mutating func warn(_ kind: PlaylistWarning.Kind, line: Int?, rule: String, _ message: String) {
        warnings.append(PlaylistWarning(kind: kind, line: line, rule: rule, message: message))
    }
}
