/// Fitting text into boxes, given a way to measure a string: one line cut with an ellipsis, or a
/// paragraph wrapped at word boundaries whose last fitting line ends in an ellipsis.
///
/// Independent of SDL so it is tested with any measure; ``TextRenderer`` measures with SDL2_ttf.
enum TextFitting {
    /// The ellipsis appended to cut text.
    static let ellipsis = "…"

    /// `text` if it fits `width`; otherwise the longest prefix (whole Characters, trailing spaces dropped)
    /// followed by "…" that fits (just "…" if nothing else does). Binary search: O(log n) measurements.
    static func fitLine(_ text: String, width: Double, measure: (String) -> Double) -> String {
        guard measure(text) > width else { return text }
        let characters = Array(text)
        var low = 0
        var high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if measure(candidate(characters, middle)) <= width { low = middle } else { high = middle - 1 }
        }
        return candidate(characters, low)
    }

    private static func candidate(_ characters: [Character], _ count: Int) -> String {
        var prefix = String(characters[0..<count])
        while prefix.last?.isWhitespace == true { prefix.removeLast() }
        return prefix + ellipsis
    }

    /// `text` wrapped to `width`: greedy, breaking at spaces (a word wider than the line is broken between
    /// characters), explicit newlines kept; at most `maxLines` lines, the last one cut with "…" when text
    /// remains.
    static func wrap(_ text: String, width: Double, maxLines: Int, measure: (String) -> Double) -> [String] {
        guard maxLines > 0 else { return [] }
        var lines: [String] = []
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, paragraph) in paragraphs.enumerated() {
            var current = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
                let joined = current.isEmpty ? word : current + " " + word
                if measure(joined) <= width {
                    current = joined
                    continue
                }
                if !current.isEmpty {
                    lines.append(current)
                    current = ""
                }
                // A word wider than the line: break it between characters.
                var rest = word
                while measure(rest) > width, rest.count > 1 {
                    let piece = longestPrefix(of: rest, fitting: width, measure: measure)
                    lines.append(piece)
                    rest.removeFirst(piece.count)
                }
                current = rest
            }
            if !current.isEmpty || (paragraph.isEmpty && index < paragraphs.count - 1) { lines.append(current) }
        }
        guard lines.count > maxLines else { return lines }
        var kept = Array(lines.prefix(maxLines))
        let last = kept[maxLines - 1]
        // The last kept line always gets the ellipsis (text follows it), cut further if it must.
        kept[maxLines - 1] = measure(last + ellipsis) <= width ? last + ellipsis : fitLine(last + " " + lines[maxLines], width: width, measure: measure)
        return kept
    }

    private static func longestPrefix(of word: String, fitting width: Double, measure: (String) -> Double) -> String {
        let characters = Array(word)
        var low = 1
        var high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if measure(String(characters[0..<middle])) <= width { low = middle } else { high = middle - 1 }
        }
        return String(characters[0..<low])
    }
}
