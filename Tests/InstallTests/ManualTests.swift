import Foundation
import Testing
import TestSupport

/// The committed man pages (`desktop/man/man1`, made by `scripts/make-manuals.sh` with swift-argument-parser's
/// generate-manual) against the programs as built: every command and subcommand, every option and flag `--help`
/// shows, and each one's help text must be in the page. The programs describe themselves with
/// `--experimental-dump-help`, the JSON generate-manual reads, so this is the same source the page was made from.
@Suite("Man pages match --help", .timeLimit(.minutes(TestBounds.timeLimitMinutes)))
struct ManualTests {
    static let programs = ["circleplayer", "hlsfetch", "mediakit", "streamserve", "streamplay"]

    @Test("each committed page names every command, option and help text of its program", arguments: programs)
    func pageMatchesHelp(_ program: String) async throws {
        let built = try InstallRig.builtPrograms()
        // The window names itself by the name it runs under: run it as `circleplayer`, as installed.
        let folder = try makeTemporaryDirectory("ManualTests")
        defer { try? FileManager.default.removeItem(at: folder) }
        let executable = folder.appendingPathComponent(program)
        try FileManager.default.createSymbolicLink(at: executable,
                                                   withDestinationURL: built.appendingPathComponent(program == "circleplayer" ? "SDLDemo" : program))
        let dump = try await ProcessRunner.run(executable, ["--experimental-dump-help"])
        try #require(dump.status == 0, "\(dump.stderr)")
        let info = try JSONDecoder().decode(ToolInfo.self, from: Data(dump.stdout.utf8))

        let page = PackagePaths.root.appendingPathComponent("desktop/man/man1/\(program).1")
        let text = ManualText(try String(contentsOf: page, encoding: .utf8))
        var missing: [String] = []
        func check(_ command: ToolInfo.Command, path: [String]) {
            let name = (path + [command.commandName]).joined(separator: " ")
            if !path.isEmpty, !text.contains(command.commandName) { missing.append("subcommand \(name)") }
            if let abstract = command.abstract, !abstract.isEmpty, !text.contains(abstract) { missing.append("\(name): its abstract \"\(abstract)\"") }
            for argument in command.arguments ?? [] where argument.shouldDisplay {
                for option in argument.names ?? [] {
                    let spelled = option.kind == "short" || option.kind == "shortWithLongPrefix" ? "Fl \(option.name)" : "Fl -\(option.name)"
                    if !text.raw.contains(spelled) { missing.append("\(name): \(option.kind == "short" ? "-" : "--")\(option.name)") }
                }
                if let abstract = argument.abstract, !abstract.isEmpty, !text.contains(abstract) {
                    missing.append("\(name) \(argument.names?.first.map { "--" + $0.name } ?? argument.valueName ?? ""): its help \"\(abstract)\"")
                }
            }
            for subcommand in command.subcommands ?? [] where subcommand.commandName != "help" {
                check(subcommand, path: path + [command.commandName])
            }
        }
        check(info.command, path: [])
        #expect(missing.isEmpty, "desktop/man/man1/\(program).1 is out of date (run scripts/make-manuals.sh): \(missing)")
    }

    @Test("no page for a program that is not installed, and one for each that is")
    func pagesAreThePrograms() throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.root.appendingPathComponent("desktop/man/man1").path)
        #expect(Set(pages) == Set(Self.programs.map { "\($0).1" }))
    }
}

/// The part of swift-argument-parser's `--experimental-dump-help` (its ToolInfoV0) the check reads.
struct ToolInfo: Decodable {
    struct Name: Decodable {
        var kind: String
        var name: String
    }

    struct Argument: Decodable {
        var shouldDisplay: Bool
        var names: [Name]?
        var valueName: String?
        var abstract: String?
    }

    struct Command: Decodable {
        var commandName: String
        var abstract: String?
        var arguments: [Argument]?
        var subcommands: [Command]?
    }

    var command: Command
}

/// A man page's text with mdoc's escapes undone and white space collapsed, for finding help texts in it.
struct ManualText {
    let raw: String
    private let flat: String

    init(_ page: String) {
        raw = page
        flat = Self.flatten(page.split(separator: "\n").map { line in
            // A macro line's arguments are text too (`.It`, `.Sh`): drop the macro name only.
            line.hasPrefix(".") ? String(line.drop { $0 != " " }) : String(line)
        }.joined(separator: " "))
    }

    /// Whether `text` (help as the program prints it) appears in the page.
    func contains(_ text: String) -> Bool {
        flat.contains(Self.flatten(text))
    }

    private static func flatten(_ text: String) -> String {
        text.replacingOccurrences(of: "\\&", with: "").replacingOccurrences(of: "\\e", with: "\\")
            .replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\(aq", with: "'")
            .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }
}
