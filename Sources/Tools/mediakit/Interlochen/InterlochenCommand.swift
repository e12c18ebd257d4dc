import ArgumentParser
import CommandLineSupport
import FeedCore
import FeedKit
import Foundation
import InterlochenCore
import InterlochenKit
import VimeoKit

/// `mediakit interlochen`: the Interlochen app (seed 000) on the command line: content-meta.json (Basic auth,
/// 4 h), NPR, LiveStream and Vimeo, assembled into the app's sections.
///
/// ```
/// mediakit interlochen [--content-url URL] [--user U] [--password-file FILE | --password P] [--npr-base URL]
///                      [--npr-key-file FILE | --npr-key K] [--vimeo-base URL] [--token-file FILE | --token T]
///                      [--livestream-base URL] [--store PATH]
///                      [--now ISO8601] [--offline] [--refresh] [--json]
///                      sections | section NAME | radio [--page N] | search QUERY [--page N] | more
/// ```
struct InterlochenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interlochen",
        abstract: "Interlochen: the sections of content-meta.json with their Vimeo, NPR and LiveStream media, cached.",
        discussion: """
            content-meta.json is fetched from --content-url (or $INTERLOCHEN_CONTENT_URL) with Basic auth \
            (--user with --password-file FILE, --password or $INTERLOCHEN_PASSWORD; never printed) and used from the \
            store for 4 hours. --refresh fetches it first, then the lists asked for. When it changes, only media \
            it adds is fetched; media it drops disappears. A failed content-meta fetch with a stored copy uses \
            the copy and says so on stderr.

            Requests ({npr} defaults to https://api.npr.org, {livestream} to https://api.new.livestream.com, \
            Vimeo's base to https://api.vimeo.com):
              GET {content-url}                                   Authorization: Basic …
              GET {npr}/query?id=…&startNum=…&numResults=…&apiKey=…&output=JSON
              GET {livestream}/accounts/{account}/events/{event}
              GET {vimeo}/me/albums/{id}/videos?page=N&per_page=25, GET {vimeo}/me/videos?query=Q&page=N&per_page=25

            Secrets: --password-file, --token-file and --npr-key-file read each from a file (mode 0600), the \
            safe way; --password, --token and --npr-key are visible to other users in ps.

            NAME is a section: featured, radio, performances, extras, campus-view, more (any case; spaces or \
            hyphens alike). --json prints one document; every item has "type" (vimeo, npr, livestream, hdrelay, \
            station, link), "id", "title" and by type "duration", "image", "audioUrl", "hlsUrl", "live", "streamUrl", \
            "link", "description" (an hdrelay stream's, when the file has one).

            The store defaults to $XDG_CACHE_HOME/circleplayer/interlochen/HOST[_PORT].sqlite, Vimeo's next to it \
            (-vimeo.sqlite). Exit status: 0; 1 when a service fails (one line naming it on stderr; media that \
            failed with nothing stored is listed under "pending" in the document); 64 for usage errors.
            """,
        subcommands: [InterlochenSectionsCommand.self, InterlochenSectionCommand.self, InterlochenRadioCommand.self,
                      InterlochenSearchCommand.self, InterlochenMoreCommand.self])

    @OptionGroup var options: InterlochenOptions

    func run() async throws {
        throw ValidationError("choose sections, section NAME, radio, search QUERY or more")
    }
}

/// The options every `mediakit interlochen` subcommand shares (before or after the subcommand).
struct InterlochenOptions: ParsableArguments {
    @OptionGroup var services: InterlochenServiceOptions

    @Option(name: .customLong("vimeo-base"), help: ArgumentHelp("The Vimeo API's base URL.", valueName: "url"))
    var vimeoBase = BaseURL(url: VimeoClient.defaultBaseURL)

    @OptionGroup var vimeoToken: VimeoTokenOptions

    @OptionGroup var storage: StoreOptions

    @Option(help: ArgumentHelp("The time freshness is judged at (ISO 8601; default: now).", valueName: "date-time"))
    var now: NowOption?

    @Flag(help: "Fetch content-meta.json first, then every list asked for, whatever their age.")
    var refresh = false

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    @OptionGroup var network: NetworkOptions

    var date: Date { now?.date ?? Date() }

    var connectivity: Connectivity { storage.offline ? .offline : .online }

    /// content-meta.json's URL (``requireContentURL()`` has made sure there is one).
    var resolvedContentURL: URL { services.resolvedContentURL ?? URL(fileURLWithPath: "/") }

    /// The store's path (Vimeo's goes next to it).
    var storePath: String { storage.store ?? Self.defaultStorePath(for: resolvedContentURL) }

    static func defaultStorePath(for url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        FeedStore.defaultPath(app: "interlochen", for: url, environment: environment)
    }

    /// A usage error (exit 64) when no content-meta URL is given. Checked when a subcommand runs, not in
    /// `validate()`: a failing parent validation would answer `interlochen radio --help` with the parent's help.
    func requireContentURL() throws {
        if services.resolvedContentURL == nil {
            throw ValidationError("--content-url is required (or set INTERLOCHEN_CONTENT_URL): the URL of content-meta.json")
        }
    }

    /// Runs `body` with the library and Vimeo's on these options (InterlochenKit's one setup).
    func withLibrary<T: Sendable>(_ body: (InterlochenLibrary, VimeoLibrary) async throws -> T) async throws -> T {
        let endpoints: InterlochenEndpoints
        do {
            endpoints = InterlochenEndpoints(
                contentURL: resolvedContentURL, credentials: try services.credentials(),
                nprBase: services.nprBase?.url ?? NPRClient.defaultBaseURL, nprKey: try services.resolvedNPRKey(),
                liveStreamBase: services.liveStreamBase?.url ?? LiveStreamClient.defaultBaseURL,
                vimeoBase: vimeoBase.url, vimeoToken: try vimeoToken.resolved())
        } catch {
            throw CommandFailure(error.description)
        }
        let path = storePath
        let limits = network.limits
        let connectivity = self.connectivity
        return try await AsyncHTTPTransport.withTransport { transport in
            let opened = try endpoints.open(storePath: path, transport: transport, limits: limits, connectivity: connectivity)
            return try await body(opened.library, opened.vimeo)
        }
    }

    /// Prints warnings (skipped entries of content-meta.json, stored copies standing in) on stderr.
    func warn(meta: ContentMeta, notices: [String]) {
        for line in meta.warnings.map(\.description) + notices {
            TerminalOutput.warning(line)
        }
    }

    /// Media that failed with nothing stored: one line each on stderr, and exit status 1 after the output.
    func fail(_ failures: [InterlochenLibrary.MediaFailure]) throws {
        guard !failures.isEmpty else { return }
        for failure in failures {
            TerminalOutput.error(failure.message)
        }
        throw ExitCode.failure
    }
}

/// `--page N` for NPR stories and Vimeo search.
struct InterlochenPageOption: ParsableArguments {
    @Option(help: ArgumentHelp("The page (1 is the first).", valueName: "n"))
    var page = 1

    func validate() throws {
        guard page >= 1, page <= 10_000 else { throw ValidationError("--page must be 1 or more") }
    }
}
