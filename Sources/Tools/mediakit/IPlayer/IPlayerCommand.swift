import ArgumentParser
import CommandLineSupport
import FeedKit
import Foundation
import IPlayerKit

/// `mediakit iplayer`: the Mini iPlayer (seed 002) against iBL.
struct IPlayerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iplayer",
        abstract: "Mini iPlayer: programme categories, category highlights, episode details (iBL).",
        discussion: """
            Requests, exactly as the seed gives them:
              GET {base}/ibl/v1/categories?rights=mobile
              GET {base}/ibl/v1/categories/{id}/highlights?lang=en&rights=mobile&availability=available

            Examples:
              mediakit iplayer categories --base-url http://127.0.0.1:8080
              mediakit iplayer highlights arts --json
              mediakit iplayer episode arts b0bb8kqd --image-width 640
            """,
        subcommands: [IPlayerCategoriesCommand.self, IPlayerHighlightsCommand.self, IPlayerEpisodeCommand.self])

    func run() async throws {
        throw ValidationError("choose categories, highlights or episode")
    }
}

/// `--base-url URL`: where iBL is (default: the seed's `http://ibl.api.bbc.co.uk`).
struct IPlayerServerOption: ParsableArguments {
    @Option(name: .customLong("base-url"),
            help: ArgumentHelp("iBL's base URL.", valueName: "url"))
    var baseURL = BaseURL(url: IPlayerClient.defaultBaseURL)

    /// Runs `body` with an iBL client (its connection pool closed afterwards).
    func withClient<T: Sendable>(network: NetworkOptions, _ body: (IPlayerClient) async throws -> T) async throws -> T {
        try await AsyncHTTPTransport.withTransport { transport in
            try await body(IPlayerClient(baseURL: baseURL.url, transport: transport, limits: network.limits))
        }
    }
}

/// `--json`: one JSON document instead of a table.
struct JSONFlag: ParsableArguments {
    @Flag(help: "Print one JSON document instead of a table.")
    var json = false
}

/// `--image-width N`: the width the ImageChef URLs are sized for.
struct ImageWidthOption: ParsableArguments {
    @Option(name: .customLong("image-width"),
            help: ArgumentHelp("Width in pixels the image URLs are sized for (ImageChef: 16:9, smallest size covering it).",
                               valueName: "n"))
    var imageWidth = 320

    func validate() throws {
        guard (1...4096).contains(imageWidth) else {
            throw ValidationError("--image-width must be from 1 to 4096")
        }
    }
}
