import Foundation

/// Checks that every ```swift block of a Markdown guide is backed by a compiled snippet (`Snippets/NAME.swift`,
/// built by `swift build` like any target; docs/testing.md, "Code in the docs").
///
/// The line just before a ```swift fence must be `<!-- snippet: Snippets/NAME.swift -->`; that file must exist;
/// and the block's non-blank lines, whitespace-trimmed, must all appear in that order among the snippet's visible
/// lines (those outside `// snippet.hide` … `// snippet.show`, the markers themselves excluded). The snippet may
/// have more lines than the block (set-up, the function around it); the block may not have a line the compiler
/// never saw.
struct DocSnippetChecker {
    /// One way a guide's code is not what compiles, with the guide's file and 1-based line.
    struct Problem: CustomStringConvertible, Equatable {
        /// The guide, as given to ``check(document:named:snippet:)`` (e.g. `docs/FeedKit.md`).
        var file: String
        /// The 1-based line in the guide.
        var line: Int
        /// What is wrong.
        var message: String

        var description: String { "\(file):\(line): \(message)" }
    }

    /// A ```swift block of a guide and the snippet its marker names.
    struct Block: Equatable {
        /// The line of the opening fence (1-based).
        var fenceLine: Int
        /// The path the marker names, relative to the package (nil: no marker).
        var snippetPath: String?
        /// The block's lines with their line numbers, as written.
        var lines: [(number: Int, text: String)]

        static func == (a: Block, b: Block) -> Bool {
            a.fenceLine == b.fenceLine && a.snippetPath == b.snippetPath
                && a.lines.map(\.number) == b.lines.map(\.number) && a.lines.map(\.text) == b.lines.map(\.text)
        }
    }

    static let markerPrefix = "<!-- snippet:"
    static let markerSuffix = "-->"

    /// The ```swift blocks of `document` (fences of other languages are skipped whole, so a ```swift line inside
    /// a ```text block is not a block).
    static func swiftBlocks(in document: String) -> [Block] {
        let lines = document.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") else {
                index += 1
                continue
            }
            let language = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
            let fenceLine = index + 1
            var body: [(number: Int, text: String)] = []
            index += 1
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                body.append((index + 1, lines[index]))
                index += 1
            }
            index += 1   // the closing fence
            guard language == "swift" else { continue }
            let previous = fenceLine >= 2 ? lines[fenceLine - 2] : ""
            blocks.append(Block(fenceLine: fenceLine, snippetPath: markerPath(previous), lines: body))
        }
        return blocks
    }

    /// The path in `<!-- snippet: PATH -->`, or nil when `line` is not such a marker.
    static func markerPath(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix(markerPrefix), trimmed.hasSuffix(markerSuffix) else { return nil }
        let path = trimmed.dropFirst(markerPrefix.count).dropLast(markerSuffix.count)
            .trimmingCharacters(in: .whitespaces)
        return path.isEmpty ? nil : path
    }

    /// The snippet's visible lines, trimmed, blank ones left out.
    static func visibleLines(ofSnippet source: String) -> [String] {
        var hidden = false
        var visible: [String] = []
        for line in source.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            switch trimmed {
            case "// snippet.hide": hidden = true
            case "// snippet.show": hidden = false
            default: if !hidden && !trimmed.isEmpty { visible.append(trimmed) }
            }
        }
        return visible
    }

    /// The problems of `document` (named `name` in messages); `snippet` reads a snippet by its path (nil: missing).
    static func check(document: String, named name: String, snippet: (String) -> String?) -> [Problem] {
        var problems: [Problem] = []
        for block in swiftBlocks(in: document) {
            guard let path = block.snippetPath else {
                problems.append(Problem(
                    file: name, line: block.fenceLine,
                    message: "```swift block without `<!-- snippet: Snippets/NAME.swift -->` on the line before it "
                        + "(fence it as ```text if it is not Swift)"))
                continue
            }
            guard path.hasPrefix("Snippets/"), path.hasSuffix(".swift") else {
                problems.append(Problem(file: name, line: block.fenceLine - 1,
                                        message: "snippet marker names \(path), not Snippets/NAME.swift"))
                continue
            }
            guard let source = snippet(path) else {
                problems.append(Problem(file: name, line: block.fenceLine - 1, message: "snippet \(path) does not exist"))
                continue
            }
            let visible = visibleLines(ofSnippet: source)
            var position = 0
            for (number, text) in block.lines {
                let wanted = text.trimmingCharacters(in: .whitespaces)
                guard !wanted.isEmpty else { continue }
                guard let found = visible[position...].firstIndex(of: wanted) else {
                    let earlier = visible[..<position].contains(wanted)
                    problems.append(Problem(
                        file: name, line: number,
                        message: "line not in \(path)\(earlier ? " after the block's previous line" : ""): \(wanted)"))
                    break
                }
                position = found + 1
            }
        }
        return problems
    }
}
