import SafeText

/// A plain-text table for terminals: a header row, columns padded to their widest cell (counted in
/// characters), two spaces between columns, no trailing spaces, no terminal control from any cell.
///
/// ```
/// ID               TITLE
/// arts             Arts
/// ```
struct TextTable {
    var header: [String]
    var rows: [[String]]

    /// The most characters of a cell (longer ones end in "…").
    static let cellLimit = 200

    /// The table as text. Cells come from feeds: each is made safe to print first (`SafeText.printable`: no
    /// control character, no bidirectional override, at most ``cellLimit`` long), so the columns line up.
    var rendered: String {
        let all = ([header] + rows).map { $0.map { SafeText.printable($0, limit: Self.cellLimit) } }
        let columns = header.count
        let widths = (0..<columns).map { column in
            all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        return all.map { row in
            (0..<columns).map { column -> String in
                let cell = row.indices.contains(column) ? row[column] : ""
                let isLast = column == columns - 1
                return isLast ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n") + "\n"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
