import ArgumentParser
import CommandLineSupport
import FeedCore
import FeedKit
import Foundation
import VimeoCore
import VimeoKit

/// `mediakit vimeo`: the Vimeo library (seed 001) on the command line, cached in a store under the seed's
/// rules (albums and album pages 2 h, the user 24 h, the store when offline).
///
/// ```
/// mediakit vimeo [--base-url URL] [--token-file FILE | --token T] [--store PATH] [--whitelist FILE] [--now ISO8601] [--offline] [--json]
///                me | albums | videos ALBUM_ID [--page N] | search QUERY [--page N] | refresh [--force]
/// ```
/// The options may come before or after the subcommand.
struct VimeoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vimeo",
        abstract: "Vimeo library: the user, whitelisted albums, album videos 25 a page, search; cached with a 2 h / 24 h policy.",
        discussion: """
            Requests, exactly as the seed gives them ({base} defaults to https://api.vimeo.com):
              GET {base}/me
              GET {base}/me/albums?page=N   (every page, following paging.next until null)
              GET {base}/me/albums/{id}/videos?page=N&per_page=25
              GET {base}/me/videos?query=Q&page=N&per_page=25

            Freshness (judged at --now): albums and album pages are used from the store while under 2 hours \
            old, the user (me) for 24 hours; older data is fetched again when online; offline, the stored copy \
            is used and marked stale. `refresh` fetches what is stale (everything with --force) and stores it \
            in one transaction: a refresh that fails halfway keeps the previous complete set.

            The token comes from --token-file FILE (the safe way: a file of mode 0600), --token or VIMEO_TOKEN, \
            and is never printed; --token is visible to other users in ps. The store defaults to \
            $XDG_CACHE_HOME/circleplayer/vimeo/HOST[_PORT].sqlite (~/.cache when XDG_CACHE_HOME is unset).

            Examples:
              mediakit vimeo --base-url http://127.0.0.1:8080 --token sample-token albums
              mediakit vimeo videos 1001 --page 2 --json
              mediakit vimeo --offline search night
              mediakit vimeo refresh --force
            """,
        subcommands: [VimeoMeCommand.self, VimeoAlbumsCommand.self, VimeoVideosCommand.self, VimeoSearchCommand.self,
                      VimeoRefreshCommand.self])

    @OptionGroup var options: VimeoOptions

    func run() async throws {
        throw ValidationError("choose me, albums, videos, search or refresh")
    }
}

/// The options every `mediakit vimeo` subcommand shares (given before or after the subcommand).
struct VimeoOptions: ParsableArguments {
    @Option(name: .customLong("base-url"), help: ArgumentHelp("The Vimeo API's base URL.", valueName: "url"))
    var baseURL = BaseURL(url: VimeoClient.defaultBaseURL)

    @OptionGroup var vimeoToken: VimeoTokenOptions

    @OptionGroup var storage: StoreOptions

    @Option(help: ArgumentHelp("albums.json: the albums to store and show, an array of ids or URIs or {\"albums\": [...]} (default: every album).",
                               valueName: "file"))
    var whitelist: String?

    @Option(help: ArgumentHelp("The time freshness is judged at (ISO 8601; default: now).", valueName: "date-time"))
    var now: NowOption?

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    @OptionGroup var network: NetworkOptions

    func validate() throws {
        if let whitelist, whitelist.isEmpty { throw ValidationError("--whitelist must name a file") }
    }

    /// The clock freshness is judged by.
    var date: Date { now?.date ?? Date() }

    /// The whitelist file's albums, or every album.
    func loadWhitelist() throws -> AlbumWhitelist {
        guard let whitelist else { return .everything }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: whitelist))
        } catch {
            throw CommandFailure("--whitelist \(whitelist): cannot read the file (\((error as NSError).localizedDescription))")
        }
        do {
            return try AlbumWhitelist.decode(data)
        } catch {
            throw CommandFailure("--whitelist \(whitelist): \(error.kind.summary)")
        }
    }

    /// Runs `body` with a library on these options (its HTTP connections closed afterwards).
    func withLibrary<T: Sendable>(_ body: (VimeoLibrary) async throws -> T) async throws -> T {
        let whitelist = try loadWhitelist()
        let token: String?
        do {
            token = try vimeoToken.resolved()
        } catch {
            throw CommandFailure(error.description)
        }
        let path = storage.store ?? VimeoStore.defaultPath(for: baseURL.url)
        let store = try VimeoStore(path: path)
        let connectivity: any ConnectivityCheck = storage.offline ? FixedConnectivity(.offline)
            : HostConnectivityCheck(url: baseURL.url, timeout: min(network.limits.timeout, .seconds(3)))
        return try await AsyncHTTPTransport.withTransport { transport in
            try await body(VimeoLibrary(baseURL: baseURL.url, token: token, transport: transport,
                                        limits: network.limits, store: store, whitelist: whitelist,
                                        connectivity: connectivity))
        }
    }

    /// Ends a command whose answer was printed: when a stored copy stood in for a failed fetch (a 5xx, a
    /// stalled or cut response), the fetch's failure is one line on stderr and the exit status is 1, as for
    /// any failed request (issue 20); the stored copy was printed marked stale, and the store is unchanged.
    func finish<T>(_ sourced: Sourced<T>) throws {
        if let note = sourced.note {
            TerminalOutput.error(note)
            throw ExitCode.failure
        }
    }

    /// Prints `sourced`'s answer (``AnswerFormat/printAnswer(json:text:)``), then ends as ``finish(_:)`` says.
    func answer<T>(_ sourced: Sourced<T>, json document: @autoclosure () -> JSONValue,
                   text: @autoclosure () -> String) throws {
        printAnswer(json: document(), text: text())
        try finish(sourced)
    }
}

/// `--page N`: a page of a video list (1-based).
struct PageOption: ParsableArguments {
    @Option(help: ArgumentHelp("The page, 25 videos each (1 is the first).", valueName: "n"))
    var page = 1

    func validate() throws {
        guard page >= 1, page <= 100_000 else { throw ValidationError("--page must be 1 or more") }
    }
}
