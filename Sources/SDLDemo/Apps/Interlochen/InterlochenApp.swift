import FeedCore
import FeedKit
import Foundation
import InterlochenCore
import InterlochenKit
import PlayerCore
import ScreenKit
import VimeoKit

/// `--app interlochen`: the Interlochen app (seed 000): five tabs of content-meta.json's sections, an item's
/// details with Listen and Watch, More's links. The decisions are ``InterlochenCore/InterlochenScreens``
/// (pure); this class only runs its loads against ``InterlochenKit/InterlochenLibrary`` in the background
/// (the time read once per load, online unless `--offline`), hands the results back to the main thread, passes
/// Listen and Watch to the circle (``AppContext/audio``) and opens links with the configured opener.
///
/// With no `--content-url` the app serves its embedded sample (``InterlochenSampleServer``) on 127.0.0.1.
/// The store is `--store` (Vimeo's next to it, `…-vimeo.sqlite`), else files in a temporary directory removed
/// when the window closes.
final class InterlochenApp: HostedApp {
    private var screens = InterlochenScreens()
    private let library: InterlochenLibrary
    private let vimeo: VimeoLibrary
    private let transport: AsyncHTTPTransport
    private let sample: InterlochenSampleServer?
    private let temporaryStore: URL?
    private let context: AppContext
    private let fetcher: any ResourceFetching
    private let connectivity: Connectivity
    private let opener: LinkOpener
    private var tasks: [Int: Task<Void, Never>] = [:]

    /// The app's setup from the command line.
    struct Configuration {
        /// content-meta.json's URL (nil: the embedded sample, and every other URL is the sample's).
        var contentURL: URL?
        /// content-meta.json's Basic user (nil: `INTERLOCHEN_USER`).
        var user: String?
        /// Its password (nil: `INTERLOCHEN_PASSWORD`).
        var password: String?
        /// The NPR Story API's base URL (nil: NPR's).
        var nprBase: URL?
        /// The NPR API key (nil: `NPR_API_KEY`).
        var nprKey: String?
        /// The LiveStream API's base URL (nil: LiveStream's).
        var liveStreamBase: URL?
        /// The Vimeo API's base URL (`--base-url`; nil: Vimeo's).
        var vimeoBase: URL?
        /// The Vimeo token (nil: `VIMEO_TOKEN`).
        var token: String?
        /// The store's path (nil: a temporary directory).
        var storePath: String?
        /// Use the stored copies only.
        var offline = false
        /// The program that opens More's links (`xdg-open`).
        var opener = LinkOpener(command: "xdg-open")
    }

    init(_ configuration: Configuration, context: AppContext, fetcher: any ResourceFetching = StandardResourceFetcher()) throws {
        let sample = configuration.contentURL == nil ? try InterlochenSampleServer.start() : nil
        var temporaryStore: URL?
        let path: String
        if let storePath = configuration.storePath {
            path = storePath
        } else {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("SDLDemo-interlochen-\(UUID().uuidString)")
            temporaryStore = directory
            path = directory.appendingPathComponent("interlochen.sqlite").path
        }
        let stem = path.hasSuffix(".sqlite") ? String(path.dropLast(".sqlite".count)) : path
        let store: InterlochenStore
        let vimeoStore: VimeoStore
        do {
            try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            store = try InterlochenStore(path: path)
            vimeoStore = try VimeoStore(path: stem + "-vimeo.sqlite")
        } catch {
            sample?.shutdown()
            throw WiringError(message: "interlochen store \(path): \(error)")
        }
        let environment = ProcessInfo.processInfo.environment
        func env(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let transport = AsyncHTTPTransport()
        let limits = RequestLimits(timeout: .seconds(15))
        let connectivity: Connectivity = configuration.offline ? .offline : .online
        let credentials: Credentials?
        if sample != nil {
            credentials = .basic(user: InterlochenSampleServer.user, password: InterlochenSampleServer.password)
        } else if let user = configuration.user ?? env("INTERLOCHEN_USER") {
            credentials = .basic(user: user, password: configuration.password ?? env("INTERLOCHEN_PASSWORD") ?? "")
        } else {
            credentials = nil
        }
        let vimeo = VimeoLibrary(baseURL: sample?.vimeoBase ?? configuration.vimeoBase ?? VimeoClient.defaultBaseURL,
                                 token: sample != nil ? InterlochenSampleServer.token : configuration.token ?? env("VIMEO_TOKEN"),
                                 transport: transport, limits: limits, store: vimeoStore,
                                 connectivity: FixedConnectivity(connectivity))
        let services = InterlochenLibrary.Services(
            contentMeta: ContentMetaClient(url: sample?.contentURL ?? configuration.contentURL ?? URL(fileURLWithPath: "/"),
                                           credentials: credentials, transport: transport, limits: limits),
            npr: NPRClient(baseURL: sample?.nprBase ?? configuration.nprBase ?? NPRClient.defaultBaseURL,
                           apiKey: sample != nil ? "sample-key" : configuration.nprKey ?? env("NPR_API_KEY"),
                           transport: transport, limits: limits),
            liveStream: LiveStreamClient(baseURL: sample?.liveStreamBase ?? configuration.liveStreamBase ?? LiveStreamClient.defaultBaseURL,
                                         transport: transport, limits: limits),
            albums: VimeoAlbumVideos(library: vimeo))
        self.library = InterlochenLibrary(store: store, services: services)
        self.vimeo = vimeo
        self.transport = transport
        self.sample = sample
        self.temporaryStore = temporaryStore
        self.context = context
        self.fetcher = fetcher
        self.connectivity = connectivity
        self.opener = configuration.opener
    }

    func start(_ shell: inout Shell, at t: Double) {
        run(screens.start(&shell, at: t))
    }

    func handle(_ output: ShellOutput, _ shell: inout Shell, at t: Double) {
        run(screens.handle(output, &shell, at: t))
    }

    var isWorking: Bool { !tasks.isEmpty }
    var resources: (any ResourceFetching)? { fetcher }

    func shutdown() {
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        let transport = self.transport
        _ = try? Blocking.run { try await transport.shutdown() }
        sample?.shutdown()
        if let temporaryStore { try? FileManager.default.removeItem(at: temporaryStore) }
    }

    private func run(_ commands: [InterlochenScreens.Command]) {
        for command in commands {
            switch command {
            case .load(let request):
                load(request)
            case .listen(let playback):
                context.audio?.play(Self.request(for: playback))
            case .watch(let playback):
                context.audio?.releaseAudio()
                context.audio?.play(Self.request(for: playback))
            case .open(let url):
                opener.open(url)
            }
        }
    }

    /// What the circle plays for `playback`: a video's HLS downloaded (the file flow), else a stream.
    static func request(for playback: InterlochenScreens.Playback) -> PlayRequest {
        let artwork = playback.artworkURL?.absoluteString
        switch playback.kind {
        case .videoHLS:
            return .download(playlist: playback.url, title: playback.title, artist: playback.artist, artworkURL: artwork)
        case .httpStream:
            return .stream(StreamRequest(source: .http(url: playback.url.absoluteString), title: playback.title,
                                         artist: playback.artist, artworkURL: artwork, isLive: playback.isLive))
        case .liveHLS:
            return .stream(StreamRequest(source: .liveHLS(playlist: playback.url.absoluteString), title: playback.title,
                                         artist: playback.artist, artworkURL: artwork, isLive: playback.isLive))
        }
    }

    private func load(_ request: InterlochenScreens.Request) {
        let library = self.library
        let vimeo = self.vimeo
        let context = self.context
        let connectivity = self.connectivity
        let owner = UncheckedBox(WeakReference(self))
        tasks[request.serial] = Task.detached {
            let outcome = await InterlochenLoads.outcome(of: request.load, library: library, vimeo: vimeo, now: Date(),
                                                           connectivity: connectivity)
            context.update { shell, t in owner.value.object?.finish(request, outcome, shell: &shell, at: t) }
        }
    }

    private func finish(_ request: InterlochenScreens.Request, _ outcome: InterlochenScreens.Outcome, shell: inout Shell, at t: Double) {
        tasks[request.serial] = nil
        switch outcome {
        case .failed(let failure):
            DemoLog.line("SDLDemo: interlochen: \(failure.message)")
        case .sections(let loaded):
            for line in loaded.notices + loaded.failures {
                DemoLog.line("SDLDemo: interlochen: \(line)")
            }
        case .moreStories, .searchResults:
            break
        }
        run(screens.finished(request, outcome, &shell, at: t))
    }
}

/// The loads ``InterlochenScreens`` asks for, run against the library.
enum InterlochenLoads {
    /// Runs one load (`now` read once by the caller, the time freshness is judged by).
    static func outcome(of load: InterlochenScreens.Load, library: InterlochenLibrary, vimeo: VimeoLibrary, now: Date,
                        connectivity: Connectivity) async -> InterlochenScreens.Outcome {
        do {
            switch load {
            case .sections(let tab, let refresh):
                let loaded = try await library.sections(tab.sections, now: now, connectivity: connectivity, refresh: refresh)
                return .sections(InterlochenScreens.LoadedSections(sections: loaded.sections, notices: loaded.notices,
                                                                   failures: loaded.failures.map(\.description)))
            case .moreStories:
                let loaded = try await library.loadMoreStories(now: now, connectivity: connectivity)
                return .moreStories(loaded?.section)
            case .search(let query, let page):
                do {
                    let found = try await vimeo.search(query, page: page, now: now)
                    return .searchResults(InterlochenScreens.SearchPage(
                        page: found.value.page, videos: found.value.videos.map { VimeoAlbumVideos.video($0) }, hasMore: found.value.hasMore))
                } catch {
                    return .failed(InterlochenScreens.LoadFailure(message: error.message, offline: error.reason == .offline))
                }
            }
        } catch let error as FeedError {
            return .failed(InterlochenScreens.LoadFailure(message: error.description, offline: error.kind == .offline))
        } catch {
            return .failed(InterlochenScreens.LoadFailure(message: "\(error)"))
        }
    }
}
