import ArgumentParser

/// `mediakit buffs`: SportBuff (seed 004), timed questions over a stream.
struct BuffsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buffs",
        abstract: "SportBuff: request buffs on the seed's schedule and print what the overlay would show.",
        discussion: """
            Request, exactly as the seed gives it:
              GET {base}/buffs/{id}

            Examples:
              mediakit buffs watch --base-url http://127.0.0.1:8080 --virtual-clock --json
              mediakit buffs watch --ids 1-3 --interval 5 --actions votes.txt
            """,
        subcommands: [BuffsWatchCommand.self])

    func run() async throws {
        throw ValidationError("choose watch")
    }
}
