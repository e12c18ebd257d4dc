import Foundation
import Testing

/// Every ```swift block in README.md and docs/*.md is code the build compiles: a snippet in `Snippets/` (built
/// by `swift build`) that contains the block's lines in order. See docs/testing.md, "Code in the docs".
@Suite("Docs' code samples")
struct DocSnippetTests {
    /// The package's root: this file is Tests/DocsTests/DocSnippetTests.swift.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// README.md and every docs/*.md, as paths relative to the root.
    static func guides() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return ["README.md"] + docs
    }

    static func read(_ path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("every ```swift block in the guides is in the snippet its marker names")
    func guidesMatchTheirSnippets() throws {
        var problems: [DocSnippetChecker.Problem] = []
        var blocks = 0
        for guide in try Self.guides() {
            let text = try #require(Self.read(guide), "\(guide) unreadable")
            blocks += DocSnippetChecker.swiftBlocks(in: text).count
            problems += DocSnippetChecker.check(document: text, named: guide, snippet: Self.read)
        }
        #expect(blocks > 20, "found only \(blocks) ```swift blocks: is the root \(Self.root.path) right?")
        let report = problems.map(\.description).joined(separator: "\n")
        #expect(problems.isEmpty, "\n\(report)")
    }

    @Test("every snippet is shown by a guide")
    func noOrphanSnippets() throws {
        var named: Set<String> = []
        for guide in try Self.guides() {
            let text = try #require(Self.read(guide))
            named.formUnion(DocSnippetChecker.swiftBlocks(in: text).compactMap(\.snippetPath))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Snippets").path)
            .filter { $0.hasSuffix(".swift") }.map { "Snippets/\($0)" }
        #expect(!files.isEmpty)
        let orphans = Set(files).subtracting(named).sorted()
        #expect(orphans.isEmpty, "snippets no guide shows: \(orphans)")
    }

    // MARK: The checker itself, on made-up guides (each rule seen to fail)

    static let snippet = """
        import Foundation
        // snippet.hide
        let hiddenSetUp = 1
        // snippet.show
        func example() {
            let a = 1
            let b = a + 1
            print(b)
        }
        """

    static func problems(_ document: String, snippets: [String: String] = ["Snippets/A.swift": snippet])
        -> [DocSnippetChecker.Problem] {
        DocSnippetChecker.check(document: document, named: "g.md", snippet: { snippets[$0] })
    }

    @Test("a block whose lines are in the snippet in order passes; indentation and blank lines do not matter")
    func matchingBlock() {
        let document = "# G\n<!-- snippet: Snippets/A.swift -->\n```swift\nlet a = 1\n\n      print(b)\n```\n"
        #expect(Self.problems(document).isEmpty)
    }

    @Test("a ```swift block without a marker fails at its fence; ```text and ```sh blocks need none")
    func missingMarker() {
        let document = "```text\nlet x\n```\n```sh\nls\n```\nprose\n```swift\nlet a = 1\n```\n"
        #expect(Self.problems(document) == [.init(
            file: "g.md", line: 8,
            message: "```swift block without `<!-- snippet: Snippets/NAME.swift -->` on the line before it "
                + "(fence it as ```text if it is not Swift)")])
    }

    @Test("a marker naming a missing snippet fails at the marker")
    func missingSnippet() {
        let document = "<!-- snippet: Snippets/B.swift -->\n```swift\nlet a = 1\n```\n"
        #expect(Self.problems(document) == [.init(file: "g.md", line: 1, message: "snippet Snippets/B.swift does not exist")])
    }

    @Test("a line the snippet lacks, a hidden line, or lines out of order fail at that line")
    func linesNotInTheSnippet() {
        let marker = "<!-- snippet: Snippets/A.swift -->\n```swift\n"
        #expect(Self.problems(marker + "let a = 1\nlet c = 3\n```\n").map(\.line) == [4])
        #expect(Self.problems(marker + "let hiddenSetUp = 1\n```\n").map(\.line) == [3])
        let outOfOrder = Self.problems(marker + "print(b)\nlet a = 1\n```\n")
        #expect(outOfOrder.map(\.line) == [4])
        #expect(outOfOrder.first?.message.contains("after the block's previous line") == true)
    }

    @Test("a marker must name a file under Snippets/")
    func markerOutsideSnippets() {
        let document = "<!-- snippet: Sources/A.swift -->\n```swift\nlet a = 1\n```\n"
        #expect(Self.problems(document).map(\.line) == [1])
    }
}
