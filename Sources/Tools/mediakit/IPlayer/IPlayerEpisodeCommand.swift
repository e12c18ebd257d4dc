import ArgumentParser
import CommandLineSupport
import Foundation
import IPlayerKit
import IPlayerCore

/// `mediakit iplayer episode CATEGORY EPISODE [--base-url URL] [--image-width N] [--json]`: the details
/// of an episode, read from its element in the category's highlights (seed 002).
struct IPlayerEpisodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "episode",
        abstract: "Show an episode's details, from the highlights of its category.")

    @Argument(help: ArgumentHelp("The category id whose highlights hold the episode.", valueName: "category"))
    var category: String

    @Argument(help: ArgumentHelp("The episode id (see `mediakit iplayer highlights`).", valueName: "episode"))
    var episode: String

    @OptionGroup var server: IPlayerServerOption
    @OptionGroup var image: ImageWidthOption
    @OptionGroup var output: JSONFlag
    @OptionGroup var network: NetworkOptions

    @Option(help: ArgumentHelp("The time the time left to watch is judged at (ISO 8601; default: now).",
                               valueName: "date-time"))
    var now: NowOption?

    func validate() throws {
        guard !category.isEmpty, !episode.isEmpty else { throw ValidationError("the category and episode ids must not be empty") }
    }

    func run() async throws {
        try await reportingFailures {
            let highlights = try await server.withClient(network: network) { try await $0.highlights(category: category) }
            let found: Episode
            switch highlights.lookup(id: episode) {
            case .episode(let value):
                found = value
            case .collection:
                throw CommandFailure("\(episode) is a collection in the highlights of \(category), not an episode")
            case .notFound:
                throw CommandFailure("no episode \(episode) in the highlights of \(category)")
            }
            let details = EpisodeDetails(found, now: now?.date ?? Date())
            output.printAnswer(json: IPlayerJSON.episode(details, imageWidth: image.imageWidth),
                               text: Self.text(details, image: details.imageURL(width: image.imageWidth)?.absoluteString))
        }
    }

    static func text(_ details: EpisodeDetails, image: String?) -> String {
        var lines = [details.title]
        if !details.subtitle.isEmpty { lines.append(details.subtitle) }
        lines.append("")
        var duration = details.durationText
        if let seconds = details.durationSeconds {
            duration += duration.isEmpty ? "\(JSONValue.format(seconds)) s" : " (\(JSONValue.format(seconds)) s)"
        }
        let fields: [(String, String)] = [
            ("Channel", details.channel), ("Duration", duration), ("First broadcast", details.firstBroadcast),
            ("Time left", details.remaining), ("Image", image ?? ""), ("ID", details.id),
        ]
        for (name, value) in fields where !value.isEmpty {
            lines.append((name + ":").padding(toLength: 17, withPad: " ", startingAt: 0) + value)
        }
        if !details.synopsis.isEmpty {
            lines.append("")
            lines.append(details.synopsis)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
