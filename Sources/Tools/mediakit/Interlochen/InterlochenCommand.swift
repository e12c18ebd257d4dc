import ArgumentParser
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
            hyphens alike). --json prints one document; every item has "type" (vimeo, npr, livestream, station, \
            link), "id", "title" and by type "duration", "image", "audioUrl", "hlsUrl", "live", "streamUrl", "link".

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
    @Option(name: .customLong("content-url"), help: ArgumentHelp("content-meta.json's URL (default: $INTERLOCHEN_CONTENT_URL).", valueName: "url"))
    var contentURL: BaseURL?

    @Option(help: ArgumentHelp("The Basic auth user for content-meta.json (default: $INTERLOCHEN_USER).", valueName: "user"))
    var user: String?

    @Option(help: ArgumentHelp("The Basic auth password (default: $INTERLOCHEN_PASSWORD); never printed. Visible to other users in ps: prefer --password-file.", valueName: "password"))
    var password: String?

    @Option(name: .customLong("password-file"), help: ArgumentHelp("A file holding the Basic auth password (mode 0600): the safe way to give it.", valueName: "file"))
    var passwordFile: String?

    @Option(name: .customLong("npr-base"), help: ArgumentHelp("The NPR Story API's base URL.", valueName: "url"))
    var nprBase = BaseURL(url: NPRClient.defaultBaseURL)

    @Option(name: .customLong("npr-key"), help: ArgumentHelp("The NPR API key (default: $NPR_API_KEY); never printed. Visible to other users in ps: prefer --npr-key-file.", valueName: "key"))
    var nprKey: String?

    @Option(name: .customLong("npr-key-file"), help: ArgumentHelp("A file holding the NPR API key (mode 0600).", valueName: "file"))
    var nprKeyFile: String?

    @Option(name: .customLong("vimeo-base"), help: ArgumentHelp("The Vimeo API's base URL.", valueName: "url"))
    var vimeoBase = BaseURL(url: VimeoClient.defaultBaseURL)

    @Option(help: ArgumentHelp("The Vimeo access token (default: $VIMEO_TOKEN); never printed. Visible to other users in ps: prefer --token-file.", valueName: "token"))
    var token: String?

    @Option(name: .customLong("token-file"), help: ArgumentHelp("A file holding the Vimeo access token (mode 0600): the safe way to give it.", valueName: "file"))
    var tokenFile: String?

    @Option(name: .customLong("livestream-base"), help: ArgumentHelp("The LiveStream API's base URL.", valueName: "url"))
    var liveStreamBase = BaseURL(url: LiveStreamClient.defaultBaseURL)

    @Option(help: ArgumentHelp("The SQLite store (default: $XDG_CACHE_HOME/circleplayer/interlochen/HOST[_PORT].sqlite).",
                               valueName: "path"))
    var store: String?

    @Option(help: ArgumentHelp("The time freshness is judged at (ISO 8601; default: now).", valueName: "date-time"))
    var now: NowOption?

    @Flag(help: "Answer from the store only, as without a network.")
    var offline = false

    @Flag(help: "Fetch content-meta.json first, then every list asked for, whatever their age.")
    var refresh = false

    @Flag(help: "Print one JSON document instead of text.")
    var json = false

    @OptionGroup var network: NetworkOptions

    func validate() throws {
        if let store, store.isEmpty { throw ValidationError("--store must name a file") }
        if let user, user.contains(":") { throw ValidationError("--user must not contain ':' (RFC 7617)") }
        try Secrets.validate(password, "--password", file: passwordFile, "--password-file")
        try Secrets.validate(token, "--token", file: tokenFile, "--token-file")
        try Secrets.validate(nprKey, "--npr-key", file: nprKeyFile, "--npr-key-file")
    }

    static func environment(_ name: String) -> String? {
        let value = ProcessInfo.processInfo.environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines)
        return value?.isEmpty == false ? value : nil
    }

    var date: Date { now?.date ?? Date() }

    var connectivity: Connectivity { offline ? .offline : .online }

    var resolvedContentURL: URL {
        contentURL?.url ?? Self.environment("INTERLOCHEN_CONTENT_URL").flatMap(BaseURL.init(argument:))?.url
            ?? URL(fileURLWithPath: "/")
    }

    func credentials() throws -> Credentials? {
        guard let user = user ?? Self.environment("INTERLOCHEN_USER") else { return nil }
        let password = try Secrets.resolve(password, file: passwordFile, fileOption: "--password-file",
                                           variable: "INTERLOCHEN_PASSWORD")
        return .basic(user: user, password: password ?? "")
    }

    /// The store's path, and Vimeo's next to it.
    var storePaths: (interlochen: String, vimeo: String) {
        let path = store ?? Self.defaultStorePath(for: resolvedContentURL)
        let stem = path.hasSuffix(".sqlite") ? String(path.dropLast(".sqlite".count)) : path
        return (path, stem + "-vimeo.sqlite")
    }

    static func defaultStorePath(for url: URL, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        FeedStore.defaultPath(app: "interlochen", for: url, environment: environment)
    }

    /// A usage error (exit 64) when no content-meta URL is given. Checked when a subcommand runs, not in
    /// `validate()`: a failing parent validation would answer `interlochen radio --help` with the parent's help.
    func requireContentURL() throws {
        if contentURL == nil, Self.environment("INTERLOCHEN_CONTENT_URL").flatMap(BaseURL.init(argument:)) == nil {
            throw ValidationError("--content-url is required (or set INTERLOCHEN_CONTENT_URL): the URL of content-meta.json")
        }
    }

    /// Runs `body` with the library and Vimeo's on these options.
    func withLibrary<T: Sendable>(_ body: (InterlochenLibrary, VimeoLibrary) async throws -> T) async throws -> T {
        let paths = storePaths
        for path in [paths.interlochen, paths.vimeo] {
            try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
        }
        let credentials = try credentials()
        let token = try Secrets.resolve(token, file: tokenFile, fileOption: "--token-file", variable: "VIMEO_TOKEN")
        let nprKey = try Secrets.resolve(nprKey, file: nprKeyFile, fileOption: "--npr-key-file", variable: "NPR_API_KEY")
        let store = try InterlochenStore(path: paths.interlochen)
        let vimeoStore = try VimeoStore(path: paths.vimeo)
        return try await AsyncHTTPTransport.withTransport { transport in
            let vimeo = VimeoLibrary(baseURL: vimeoBase.url, token: token,
                                     transport: transport, limits: network.limits, store: vimeoStore,
                                     connectivity: FixedConnectivity(connectivity))
            let services = InterlochenLibrary.Services(
                contentMeta: ContentMetaClient(url: resolvedContentURL, credentials: credentials, transport: transport,
                                               limits: network.limits),
                npr: NPRClient(baseURL: nprBase.url, apiKey: nprKey, transport: transport,
                               limits: network.limits),
                liveStream: LiveStreamClient(baseURL: liveStreamBase.url, transport: transport, limits: network.limits),
                albums: VimeoAlbumVideos(library: vimeo))
            return try await body(InterlochenLibrary(store: store, services: services), vimeo)
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
