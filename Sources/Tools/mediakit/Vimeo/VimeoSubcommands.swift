import ArgumentParser
import FeedCore
import Foundation
import VimeoCore
import VimeoKit

/// `mediakit vimeo me`: the authenticated user (fetched every 24 h).
struct VimeoMeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "me", abstract: "Show the user: name, link, location, bio, pictures, websites, metadata.")

    @ParentCommand var parent: VimeoCommand

    func run() async throws {
        let options = parent.options
        try await reportingFailures {
            let user = try await options.withLibrary { try await $0.user(now: options.date) }
            try options.answer(user, json: VimeoJSON.document(user, VimeoJSON.user(user.value)),
                               text: VimeoPrinted.user(user.value) + VimeoPrinted.provenance(user))
        }
    }
}

/// `mediakit vimeo albums`: the whitelisted albums, every page.
struct VimeoAlbumsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "albums", abstract: "List the albums (those in --whitelist), every page.")

    @ParentCommand var parent: VimeoCommand

    func run() async throws {
        let options = parent.options
        try await reportingFailures {
            let albums = try await options.withLibrary { try await $0.albums(now: options.date) }
            try options.answer(albums, json: VimeoJSON.document(albums, [("albums", .array(albums.value.map(VimeoJSON.album)))]),
                               text: VimeoPrinted.albums(albums.value) + VimeoPrinted.provenance(albums))
        }
    }
}

/// `mediakit vimeo videos ALBUM_ID [--page N]`: a page of an album's videos.
struct VimeoVideosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "videos", abstract: "List a page of an album's videos (25 a page).")

    @ParentCommand var parent: VimeoCommand

    @Argument(help: ArgumentHelp("The album's id (the last path component of its uri).", valueName: "album-id"))
    var albumID: String

    @OptionGroup var paging: PageOption

    func validate() throws {
        guard VimeoID.isValid(albumID) else { throw ValidationError("the album id must be one path component, e.g. 1001") }
    }

    func run() async throws {
        let options = parent.options
        try await reportingFailures {
            let page = try await options.withLibrary { try await $0.videos(album: albumID, page: paging.page, now: options.date) }
            try options.answer(page, json: VimeoJSON.document(page, [("album", .string(albumID))] + VimeoJSON.page(page.value)),
                               text: "Album \(albumID): " + VimeoPrinted.page(page.value) + VimeoPrinted.provenance(page))
        }
    }
}

/// `mediakit vimeo search QUERY [--page N]`: a page of the search among the user's videos.
struct VimeoSearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search the user's videos by keyword (25 a page).")

    @ParentCommand var parent: VimeoCommand

    @Argument(help: ArgumentHelp("The keywords.", valueName: "query"))
    var query: String

    @OptionGroup var paging: PageOption

    func validate() throws {
        guard query.contains(where: { !$0.isWhitespace }) else { throw ValidationError("the query is empty") }
    }

    func run() async throws {
        let options = parent.options
        let query = self.query.trimmingCharacters(in: .whitespacesAndNewlines)
        try await reportingFailures {
            let page = try await options.withLibrary { try await $0.search(query, page: paging.page, now: options.date) }
            try options.answer(page, json: VimeoJSON.document(page, [("query", .string(query))] + VimeoJSON.page(page.value)),
                               text: "Search \"\(query)\": " + VimeoPrinted.page(page.value) + VimeoPrinted.provenance(page))
        }
    }
}

/// `mediakit vimeo refresh [--force]`: the seed's full cache refresh.
struct VimeoRefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch what is stale (the user, the albums, page 1 of each album) and store it in one transaction.")

    @ParentCommand var parent: VimeoCommand

    @Flag(help: "Fetch everything, fresh or not (pull to refresh).")
    var force = false

    func run() async throws {
        let options = parent.options
        try await reportingFailures {
            let report = try await options.withLibrary { try await $0.refresh(force: force, now: options.date) }
            if options.json {
                JSONOutput.print(.object([
                    ("source", .string(report.fetched.isEmpty ? DataSource.store.rawValue : DataSource.network.rawValue)),
                    ("fetchedAt", .string(ISO8601Timestamp.format(report.at))),
                    ("fetched", .array(report.fetched.map { .string($0.key.rawValue) })),
                    ("albums", .integer(report.albums)),
                ]))
            } else if report.fetched.isEmpty {
                TerminalOutput.print("Everything stored is fresh: nothing fetched (\(report.albums) albums).")
            } else {
                TerminalOutput.print("Fetched \(report.fetched.map(\.description).joined(separator: ", ")).")
                TerminalOutput.print("\(report.albums) albums stored, at \(ISO8601Timestamp.format(report.at)).")
            }
        }
    }
}
