extension String {
    /// The string without leading and trailing spaces and tabs (not newlines: lines are already split).
    var trimmingBlanks: String {
        let blanks: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !blanks($0) }), let last = lastIndex(where: { !blanks($0) }) else {
            return ""
        }
        return String(self[first ... last])
    }

    /// The items of a quoted comma-separated list (`CODECS`, `CHARACTERISTICS`), trimmed, empties dropped.
    var commaSeparatedItems: [String] {
        split(separator: ",").map { String($0).trimmingBlanks }.filter { !$0.isEmpty }
    }
}
