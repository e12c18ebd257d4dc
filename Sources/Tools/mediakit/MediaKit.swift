import ArgumentParser
import CommandLineSupport

/// `mediakit`: the media apps of this package on the command line, one subcommand per seed
/// (`iplayer` now; `buffs`, `vimeo`, `interlochen` in later issues).
@main
struct MediaKit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mediakit",
        abstract: "The media apps of CirclePlayer on the command line.",
        discussion: """
            Exit status: 0 on success, 1 when a request or its data fails (one line on stderr), 64 for usage errors.
            """,
        subcommands: [IPlayerCommand.self, BuffsCommand.self, VimeoCommand.self, InterlochenCommand.self])

    /// Entry point: every log line terminal-safe (``CommandLineSupport/SafeLogHandler``), then the command.
    static func main() async {
        SafeLogHandler.bootstrap()
        await main(nil)
    }

    func run() async throws {
        throw ValidationError("choose an app: \(Self.configuration.subcommands.map { $0._commandName }.joined(separator: ", "))")
    }
}
