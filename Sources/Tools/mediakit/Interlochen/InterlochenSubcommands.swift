import ArgumentParser
import FeedCore
import Foundation
import InterlochenCore
import InterlochenKit
import VimeoCore
import VimeoKit

/// `mediakit interlochen sections`: every section with its items.
struct InterlochenSectionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sections", abstract: "List every section (Featured, Radio, Performances, Extras, Campus View, More) with its items.")

    @ParentCommand var parent: InterlochenCommand

    func run() async throws {
        let options = parent.options
        try options.requireContentURL()
        try await reportingFailures {
            let all = try await options.withLibrary { library, _ in
                try await library.sections(SectionName.allCases, now: options.date, connectivity: options.connectivity,
                                           refresh: options.refresh)
            }
            options.warn(meta: all.meta, notices: all.notices)
            options.printAnswer(
                json: .object([
                    ("contentMetaSource", .string(all.contentMetaSource.rawValue)),
                    ("sections", .array(all.sections.map(InterlochenJSON.section))),
                ]),
                text: all.sections.map(InterlochenPrinted.section).joined(separator: "\n"))
            try options.fail(all.failures)
        }
    }
}

/// `mediakit interlochen section NAME`: one section.
struct InterlochenSectionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "section", abstract: "Show one section: featured, radio, performances, extras, campus-view or more.")

    @ParentCommand var parent: InterlochenCommand

    @Argument(help: ArgumentHelp("The section (any case; spaces or hyphens alike).", valueName: "name"))
    var name: String

    func validate() throws {
        guard SectionName(userInput: name) != nil else {
            throw ValidationError("unknown section '\(name)' (known: \(SectionName.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
    }

    func run() async throws {
        try await InterlochenPrinted.show(SectionName(userInput: name) ?? .featured, options: parent.options)
    }
}

/// `mediakit interlochen more`: the More section's links.
struct InterlochenMoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "more", abstract: "List the More section's links.")

    @ParentCommand var parent: InterlochenCommand

    func run() async throws {
        try await InterlochenPrinted.show(.more, options: parent.options)
    }
}

/// `mediakit interlochen radio [--page N]`: the stations, and page N of the NPR stories under them.
struct InterlochenRadioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "radio", abstract: "List the radio stations and a page of the NPR stories under them.")

    @ParentCommand var parent: InterlochenCommand
    @OptionGroup var paging: InterlochenPageOption

    func run() async throws {
        let options = parent.options
        try options.requireContentURL()
        try await reportingFailures {
            let (loaded, stories) = try await options.withLibrary { library, _ in
                try await library.radioStories(page: paging.page, now: options.date, connectivity: options.connectivity,
                                               refresh: options.refresh)
            }
            options.warn(meta: loaded.meta, notices: loaded.notices)
            let stations = loaded.meta.radio.stations.map(SectionItem.station)
            let items = stories.map(SectionItem.story)
            options.printAnswer(
                json: .object([
                    ("contentMetaSource", .string(loaded.contentMetaSource.rawValue)),
                    ("stations", .array(stations.map(InterlochenJSON.item))),
                    ("page", .integer(paging.page)),
                    ("stories", .array(items.map(InterlochenJSON.item))),
                    ("pending", .array(loaded.section.pending.map { .string($0.description) })),
                ]),
                text: InterlochenPrinted.group("Stations", stations) + "\n"
                    + InterlochenPrinted.group("Stories, page \(paging.page)", items))
            try options.fail(loaded.failures)
        }
    }
}

/// `mediakit interlochen search QUERY [--page N]`: Vimeo search, 25 a page.
struct InterlochenSearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search Interlochen's Vimeo videos (25 a page).")

    @ParentCommand var parent: InterlochenCommand

    @Argument(help: ArgumentHelp("What to search for.", valueName: "query"))
    var query: String

    @OptionGroup var paging: InterlochenPageOption

    func validate() throws {
        guard query.contains(where: { !$0.isWhitespace }) else { throw ValidationError("the query must not be empty") }
    }

    func run() async throws {
        let options = parent.options
        try options.requireContentURL()
        try await reportingFailures {
            let page = try await options.withLibrary { _, vimeo in
                try await vimeo.search(query, page: paging.page, now: options.date, force: options.refresh)
            }
            if let note = page.note { TerminalOutput.warning(note) }
            let items = page.value.videos.map { SectionItem.video(VimeoAlbumVideos.video($0)) }
            options.printAnswer(
                json: .object([
                    ("query", .string(query)), ("page", .integer(paging.page)), ("hasMore", .bool(page.value.hasMore)),
                    ("source", .string(page.source == .network ? "network" : "store")),
                    ("items", .array(items.map(InterlochenJSON.item))),
                ]),
                text: InterlochenPrinted.group("Search \"\(query)\", page \(paging.page)\(page.value.hasMore ? ", more follow" : "")", items))
        }
    }
}

/// The `--json` shapes of `mediakit interlochen` (keys as issue 14 lists them).
enum InterlochenJSON {
    /// `{"type", "id", "title", …by type}`.
    static func item(_ item: SectionItem) -> JSONValue {
        var members: [(String, JSONValue)] = [("type", .string(item.type.rawValue)), ("id", .string(item.id)),
                                              ("title", .string(item.title))]
        switch item {
        case .video(let video):
            members += [("duration", video.duration.map(JSONValue.integer) ?? .null), ("image", .string(video.imageURL)),
                        ("hlsUrl", .string(video.hlsURL))]
        case .story(let story):
            members += [("duration", story.duration.map(JSONValue.integer) ?? .null), ("image", .string(story.imageURL))]
            if let audio = story.audioURL { members.append(("audioUrl", .string(audio))) }
        case .cast(let event):
            members += [("image", .string(event.imageURL)), ("hlsUrl", .string(event.hlsURL)), ("live", .bool(event.isLive))]
        case .relay(let stream):
            members += [("image", .string(stream.imageURL)), ("hlsUrl", .string(stream.hlsURL)), ("live", .bool(stream.isLive))]
            if let description = stream.description { members.append(("description", .string(description))) }
        case .station(let station):
            members += [("image", .string(station.imageURL)), ("streamUrl", .string(station.streamURL))]
            if let tagline = station.tagline { members.append(("tagline", .string(tagline))) }
        case .link(let link):
            members += [("link", .string(link.link))]
        }
        return .object(members)
    }

    /// `{"name", "title", "items", "groups": [{"title", "items"}], "pending"}`.
    static func section(_ section: Section) -> JSONValue {
        .object([
            ("name", .string(section.name.rawValue)), ("title", .string(section.name.title)),
            ("items", .array(section.items.map(item))),
            ("groups", .array(section.groups.map { group in
                .object([("title", .string(group.title)), ("items", .array(group.items.map(item)))])
            })),
            ("pending", .array(section.pending.map { .string($0.description) })),
        ])
    }
}

/// Text output of `mediakit interlochen` (for people; not a contract).
enum InterlochenPrinted {
    /// Loads `section` and prints it (`section NAME`, `more`).
    static func show(_ section: SectionName, options: InterlochenOptions) async throws {
        try options.requireContentURL()
        try await reportingFailures {
            let loaded = try await options.withLibrary { library, _ in
                try await library.section(section, now: options.date, connectivity: options.connectivity, refresh: options.refresh)
            }
            try emit(loaded, options: options)
        }
    }

    /// Prints a loaded section, its warnings on stderr, and fails (exit 1) for media that failed with nothing stored.
    private static func emit(_ loaded: InterlochenLibrary.Loaded, options: InterlochenOptions) throws {
        options.warn(meta: loaded.meta, notices: loaded.notices)
        options.printAnswer(
            json: .object([
                ("contentMetaSource", .string(loaded.contentMetaSource.rawValue)),
                ("section", InterlochenJSON.section(loaded.section)),
            ]),
            text: section(loaded.section))
        try options.fail(loaded.failures)
    }

    static func section(_ section: Section) -> String {
        var text = "\(section.name.title)\n"
        for group in section.groups {
            text += "\n" + self.group(group.title ?? section.name.title, group.items)
        }
        if !section.pending.isEmpty {
            text += "\nnot loaded: " + section.pending.map(\.description).joined(separator: ", ") + "\n"
        }
        return text
    }

    static func group(_ title: String, _ items: [SectionItem]) -> String {
        let table = TextTable(header: ["TYPE", "ID", "LENGTH", "TITLE", "PLAYS"], rows: items.map { item in
            let length: Int? = switch item {
            case .video(let video): video.duration
            case .story(let story): story.duration
            default: nil
            }
            let plays: String = switch item {
            case .cast(let event): event.isLive ? "LIVE " + (event.hlsURL ?? "") : "not live"
            case .relay(let stream): (stream.isLive ? "LIVE " : "") + stream.hlsURL
            case .link(let link): link.link
            default: item.listenURL ?? item.watchURL ?? "–"
            }
            return [item.type.rawValue, item.id, length.map { String(format: "%d:%02d", $0 / 60, $0 % 60) } ?? "–", item.title, plays]
        })
        return "\(title) (\(items.count))\n" + (items.isEmpty ? "" : table.rendered)
    }
}
