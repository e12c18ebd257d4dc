import Foundation
import Testing

/// docs/ARCHITECTURE.md against the tree it describes: every module of `Package.swift` in its tree, layer diagram
/// and table, with the folder and the package's dependencies `Package.swift` gives it; every file the page names
/// exists, and each hop of a flow holds the names the hop gives; every module the table calls pure keeps the rule
/// the page states (its imports, and no file, process, thread, lock, clock or network API in its code).
@Suite("Architecture page")
struct ArchitectureTests {
    static let root = DocSnippetTests.root

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    // MARK: Package.swift

    /// A target of `Package.swift`: its name, kind, folder and the package's own modules it depends on (quoted
    /// names; products of other packages are variables there).
    struct Target: Equatable {
        var name: String
        var kind: String
        var folder: String
        var dependencies: Set<String>
    }

    /// The targets of `Package.swift`, read from its text (`.target(`, `.executableTarget(`, `.systemLibrary(`,
    /// `.testTarget(`; a missing `path:` is SwiftPM's default, `Sources/NAME` or `Tests/NAME`).
    static func targets() throws -> [Target] {
        let manifest = try text("Package.swift")
        let pattern = try NSRegularExpression(pattern: #"\.(target|executableTarget|systemLibrary|testTarget)\("#)
        let whole = NSRange(manifest.startIndex..., in: manifest)
        let starts = pattern.matches(in: manifest, range: whole).map { ($0.range, String(manifest[Range($0.range(at: 1), in: manifest)!])) }
        var targets: [Target] = []
        for (index, (range, kind)) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].0.location : whole.length
            let declaration = (manifest as NSString).substring(with: NSRange(location: range.location, length: end - range.location))
            guard let name = firstMatch(#"name:\s*"([^"]+)""#, in: declaration) else { continue }
            let folder = firstMatch(#"path:\s*"([^"]+)""#, in: declaration) ?? (kind == "testTarget" ? "Tests/" : "Sources/") + name
            var dependencies: Set<String> = []
            if let list = bracketed(after: "dependencies:", in: declaration) {
                dependencies = Set(allMatches(#""([^"]+)""#, in: list))
            }
            targets.append(Target(name: name, kind: kind, folder: folder, dependencies: dependencies))
        }
        return targets
    }

    /// The modules of `Sources/` (every target but the tests and the tests' own library).
    static func modules() throws -> [Target] {
        try targets().filter { $0.kind != "testTarget" && $0.folder.hasPrefix("Sources/") }
    }

    // MARK: The page

    /// One row of the page's module table.
    struct Row {
        var name: String
        var folder: String
        var kind: String
        var dependsOn: String
    }

    static func rows() throws -> [Row] {
        let page = try text("docs/ARCHITECTURE.md")
        let section = try #require(sectionText("## Modules", in: page))
        return section.split(separator: "\n").compactMap { line -> Row? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 7, cells[1] != "module", !cells[1].hasPrefix("---") else { return nil }
            return Row(name: cells[1], folder: cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                       kind: cells[3], dependsOn: cells[5])
        }
    }

    /// The text of the section that starts with the line `heading`, up to the next heading of its level.
    static func sectionText(_ heading: String, in page: String) -> String? {
        guard let start = page.range(of: "\n" + heading + "\n") else { return nil }
        let rest = page[start.upperBound...]
        let level = heading.prefix { $0 == "#" }
        let end = rest.range(of: "\n" + level + " ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The first fenced block after `heading`'s line.
    static func block(after heading: String, in page: String) -> String? {
        guard let section = sectionText(heading, in: page) ?? page.range(of: heading).map({ String(page[$0.upperBound...]) }),
              let open = section.range(of: "```") else { return nil }
        let body = section[open.upperBound...].drop { $0 != "\n" }
        guard let close = body.range(of: "\n```") else { return nil }
        return String(body[..<close.lowerBound])
    }

    // MARK: Tests

    @Test("every module of Package.swift has one row, with its folder and the package's modules it depends on; no row names a module that is not there")
    func table() throws {
        let modules = try Self.modules()
        let rows = try Self.rows()
        let names = Set(modules.map(\.name))
        #expect(Set(rows.map(\.name)) == names, "rows without a module: \(Set(rows.map(\.name)).subtracting(names).sorted()); modules without a row: \(names.subtracting(rows.map(\.name)).sorted())")
        #expect(rows.count == Set(rows.map(\.name)).count, "a module with two rows")
        for row in rows {
            guard let module = modules.first(where: { $0.name == row.name }) else { continue }
            #expect(row.folder == module.folder, "\(row.name): the page says \(row.folder), Package.swift \(module.folder)")
            // The package's modules in "depends on" (outside ones are in parentheses).
            let inside = row.dependsOn.split(separator: "(").first.map(String.init) ?? ""
            let named = Set(inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { names.contains($0) })
            #expect(named == module.dependencies.intersection(names),
                    "\(row.name): the page says \(named.sorted()), Package.swift \(module.dependencies.intersection(names).sorted())")
        }
    }

    @Test("every module of Package.swift is in the page's tree and in its layer diagram, and every module folder exists")
    func treeAndLayers() throws {
        let page = try Self.text("docs/ARCHITECTURE.md")
        let tree = try #require(Self.block(after: "# Architecture", in: page))
        let layers = try #require(Self.block(after: "## Layers", in: page))
        func words(_ text: String) -> Set<String> { Set(Self.allMatches(#"[A-Za-z][A-Za-z0-9]*"#, in: text)) }
        let treeWords = words(tree), layerWords = words(layers)
        for module in try Self.modules() {
            let inTree = treeWords.contains(module.name)
            let inLayers = layerWords.contains(module.name) || module.folder.hasPrefix("Sources/Benchmarks/")
            #expect(inTree, "\(module.name) is not in the tree")
            #expect(inLayers, "\(module.name) is not in the layer diagram")
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(module.folder).path, isDirectory: &isFolder)
                    && isFolder.boolValue, "\(module.folder) is not a folder")
        }
    }

    @Test("every file the page names exists; every name a flow's hop gives in code is in one of the files that hop names")
    func flows() throws {
        let page = try Self.text("docs/ARCHITECTURE.md")
        for path in Set(Self.allMatches(#"`((?:Sources|Tests|Snippets|docs|scripts)/[^`]+)`"#, in: page)) {
            let exists = FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path)
            #expect(exists, "\(path) does not exist")
        }
        let section = try #require(Self.sectionText("## The main flows, hop by hop", in: page))
        var hops = 0
        for line in section.split(separator: "\n") where line.first?.isNumber == true {
            let files = Self.allMatches(#"`(Sources/[^`]+\.swift)`"#, in: String(line))
            guard !files.isEmpty else { continue }
            hops += 1
            let contents = try files.map { try Self.text($0) }.joined(separator: "\n")
            let spans = Self.allMatches(#"`([^`]+)`"#, in: String(line)).filter { !$0.contains("/") || $0.contains("(") }
            for span in spans where !span.hasPrefix("Sources/") {
                // Names in code, not the words of a string literal in it (a screen's id, say).
                let code = span.replacingOccurrences(of: #""[^"]*""#, with: "", options: .regularExpression)
                for name in Self.allMatches(#"[A-Za-z_][A-Za-z0-9_]*"#, in: code) where name.count > 2 {
                    let found = contents.contains(name)
                    #expect(found, "\(line.prefix(50))…: `\(name)` is in none of \(files)")
                }
            }
        }
        #expect(hops >= 30, "the flows have \(hops) hops")
    }

    /// What a pure module may import besides other pure modules of the package.
    static let pureImports: Set<String> = ["Foundation", "FoundationEssentials", "Glibc", "Musl", "Darwin"]
    /// APIs of files, processes, threads, locks, clocks and the network: none in a pure module's code.
    static let impureAPIs = [
        #"\bFileManager\b"#, #"\bFileHandle\b"#, #"\bProcessInfo\b"#, #"\bProcess\("#, #"\bThread\b"#, #"\bDispatch[A-Z]"#,
        #"\bNSLock\b"#, #"\bNSCondition\b"#, #"\bMutex\b"#, #"\bDate\(\)"#, #"\bContinuousClock\b"#, #"\bSuspendingClock\b"#,
        #"Task\.sleep"#, #"\bURLSession\b"#, #"\b(fopen|fwrite|fread|getenv|setenv|usleep|nanosleep|gettimeofday|clock_gettime)\("#,
        #"\b(Data|String)\(contentsOf"#, #"\.write\(to: *[A-Za-z]"#, #"\bprint\("#,
    ]

    @Test("every module the table calls pure imports only Foundation, libm and pure modules, and its code names no I/O, thread, lock or clock API")
    func pureModules() throws {
        let rows = try Self.rows()
        let pure = Set(rows.filter { $0.kind == "pure" }.map(\.name))
        #expect(pure.count >= 12, "\(pure.sorted())")
        for row in rows where row.kind == "pure" {
            let folder = Self.root.appendingPathComponent(row.folder)
            let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "\(row.name) has no sources at \(row.folder)")
            for file in files {
                let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let code = source.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
                    let trimmed = line.drop { $0 == " " }
                    if trimmed.hasPrefix("//") { return "" }
                    return line.range(of: " //").map { line[..<$0.lowerBound] } ?? line
                }.joined(separator: "\n")
                for imported in Self.allMatches(#"(?m)^\s*(?:@\w+\s+)?import\s+(?:(?:struct|class|enum|func|protocol|typealias)\s+)?([A-Za-z0-9_]+)"#, in: code) {
                    let allowed = Self.pureImports.contains(imported) || pure.contains(imported)
                    #expect(allowed, "\(row.folder)/\(file) imports \(imported): a pure module imports Foundation, libm and pure modules only")
                }
                for api in Self.impureAPIs {
                    if let use = Self.firstMatch("(" + api + ")", in: code) {
                        Issue.record("\(row.folder)/\(file) uses \(use): no I/O, thread, lock or clock in a pure module")
                    }
                }
            }
        }
    }

    // MARK: Text helpers

    static func firstMatch(_ pattern: String, in text: String) -> String? {
        allMatches(pattern, in: text).first
    }

    /// The first capture group of every match (the whole match when there is none).
    static func allMatches(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            let range = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
            return Range(range, in: text).map { String(text[$0]) }
        }
    }

    /// The text inside the brackets that follow `label` (nested brackets kept).
    static func bracketed(after label: String, in text: String) -> String? {
        guard let start = text.range(of: label), let open = text[start.upperBound...].firstIndex(of: "[") else { return nil }
        var depth = 0
        var index = open
        while index < text.endIndex {
            if text[index] == "[" { depth += 1 }
            if text[index] == "]" {
                depth -= 1
                if depth == 0 { return String(text[text.index(after: open)..<index]) }
            }
            index = text.index(after: index)
        }
        return nil
    }
}
