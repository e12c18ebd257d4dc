import ArgumentParser
import CommandLineSupport
import IPlayerKit
import IPlayerCore

/// `mediakit iplayer categories [--base-url URL] [--json]`.
struct IPlayerCategoriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categories", abstract: "List the programme categories.")

    @OptionGroup var server: IPlayerServerOption
    @OptionGroup var output: JSONFlag
    @OptionGroup var network: NetworkOptions

    func run() async throws {
        try await reportingFailures {
            let categories = try await server.withClient(network: network) { try await $0.categories() }
            output.printAnswer(json: IPlayerJSON.categories(categories),
                               text: TextTable(header: ["ID", "TITLE"], rows: categories.map { [$0.id, $0.title] }).rendered)
        }
    }
}
