import Foundation
import Testing

/// The guide's copy of the engine's transition table is the doc comment's, row for row.
@Suite("Documentation")
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func tableRows(_ text: String, prefix: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix(prefix + "|") else { return nil }
            return String(line.dropFirst(prefix.count))
        }
    }

    @Test func theGuideCopiesTheEnginesTransitionTable() throws {
        let source = try String(contentsOf: Self.root.appendingPathComponent("Sources/Feeds/Buffs/BuffCore/Engine/BuffEngine.swift"), encoding: .utf8)
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/Buffs.md"), encoding: .utf8)
        let rows = Self.tableRows(source, prefix: "/// ")
        #expect(rows.count > 15)
        // Every row of the source, in order, with nothing changed (rows of the guide's other tables are not in it).
        #expect(Self.tableRows(guide, prefix: "").filter { rows.contains($0) } == rows)
    }
}
