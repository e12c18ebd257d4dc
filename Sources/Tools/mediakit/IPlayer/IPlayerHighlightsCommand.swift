import ArgumentParser
import CommandLineSupport
import IPlayerKit
import IPlayerCore

/// `mediakit iplayer highlights CATEGORY [--base-url URL] [--image-width N] [--json]`.
struct IPlayerHighlightsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "highlights",
        abstract: "List a category's highlights: episodes (channel, title, subtitle) and collections (COLLECTION, title, episodes).")

    @Argument(help: ArgumentHelp("The category id, e.g. arts (see `mediakit iplayer categories`).", valueName: "category"))
    var category: String

    @OptionGroup var server: IPlayerServerOption
    @OptionGroup var image: ImageWidthOption
    @OptionGroup var output: JSONFlag
    @OptionGroup var network: NetworkOptions

    func validate() throws {
        guard !category.isEmpty else { throw ValidationError("the category id is empty") }
    }

    func run() async throws {
        try await reportingFailures {
            let highlights = try await server.withClient(network: network) { try await $0.highlights(category: category) }
            let rows = highlights.elements.map(HighlightRow.init)
            let title = highlights.category?.title ?? category
            if output.json {
                JSONOutput.print(IPlayerJSON.highlights(
                    category: IPlayerJSON.category(id: highlights.category?.id ?? category, title: title),
                    rows: rows, imageWidth: image.imageWidth))
            } else {
                TerminalOutput.print("\(title) (\(highlights.category?.id ?? category)): \(rows.count == 1 ? "1 item" : "\(rows.count) items")\n")
                let table = TextTable(header: ["CHANNEL", "TITLE", "SUBTITLE / EPISODES", "ID"],
                                      rows: rows.map { [$0.channel, $0.title, $0.detail, $0.id] })
                TerminalOutput.print(table.rendered, terminator: "")
            }
        }
    }
}
