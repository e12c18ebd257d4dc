/// `#EXT-X-DEFINE:<attribute-list>`: defines a variable for variable substitution
/// (draft-pantos-hls-rfc8216bis §4.4.2.3, protocol version 8).
///
/// Exactly one of three forms:
/// - `NAME="n",VALUE="v"`: the variable `n` has the value `v` (`VALUE` is required with `NAME`);
/// - `IMPORT="n"`: the variable `n` of the master playlist that loaded this media playlist (media playlists
///   only);
/// - `QUERYPARAM="n"`: the value of the query parameter `n` of the playlist's own URL.
///
/// A tag with none or more than one of `NAME`, `IMPORT` and `QUERYPARAM`, or with `VALUE` but no `NAME`, is
/// refused: which value was meant cannot be known.
struct DefineTag {
    /// What the tag defines.
    enum Definition: Equatable {
        /// `NAME` and `VALUE`.
        case value(name: String, value: String)
        /// `IMPORT`.
        case imported(name: String)
        /// `QUERYPARAM`.
        case queryParameter(name: String)
    }

    let definition: Definition

    init(value: String, line: Int, scope: inout TagScope) throws(PlaylistError) {
        let attributes = try scope.attributes(value, line: line, tag: "EXT-X-DEFINE")
        let forms = ["NAME", "IMPORT", "QUERYPARAM"].filter(attributes.contains)
        guard forms.count == 1, let form = forms.first else {
            let found = forms.isEmpty ? "none" : forms.joined(separator: " and ")
            throw PlaylistError(line: line, message: "EXT-X-DEFINE needs exactly one of NAME, IMPORT and QUERYPARAM, found \(found) (rfc8216bis §4.4.2.3)")
        }
        guard let name = try attributes.quotedString(form) else {
            throw PlaylistError(line: line, message: "EXT-X-DEFINE \(form) must be a quoted string (rfc8216bis §4.4.2.3)")
        }
        let variableValue = try attributes.quotedString("VALUE")
        switch form {
        case "NAME":
            guard let variableValue else {
                throw PlaylistError(line: line, message: "EXT-X-DEFINE NAME=\"\(name)\" lacks the required VALUE attribute (rfc8216bis §4.4.2.3)")
            }
            definition = .value(name: name, value: variableValue)
        default:
            guard variableValue == nil else {
                throw PlaylistError(line: line, message: "EXT-X-DEFINE \(form) must not have a VALUE: the value comes from the \(form == "IMPORT" ? "master playlist" : "playlist URL") (rfc8216bis §4.4.2.3)")
            }
            definition = form == "IMPORT" ? .imported(name: name) : .queryParameter(name: name)
        }
        guard VariableTable.isValidName(name) else {
            throw PlaylistError(line: line, message: "EXT-X-DEFINE variable name \"\(name)\" may only contain a-z, A-Z, 0-9, '-' and '_' (rfc8216bis §4.4.2.3)")
        }
    }
}
