import FeedCore
import FeedKit
import Foundation
import ScreenKit
import VimeoCore
import VimeoKit

/// `--app vimeo`: the Vimeo library's screens (albums → an album's videos, 25 a page → details with Play,
/// and Search). The decisions are ``VimeoCore/VimeoScreens`` (pure); this class only runs its commands
/// against ``VimeoKit/VimeoLibrary`` in the background and hands the results back to the main thread,
/// and passes Play to the circle (``AppContext/audio``).
///
/// With no `--base-url` the app serves its embedded sample library (``VimeoSampleServer``) on 127.0.0.1.
/// The store is `--store`, else a file in a temporary directory removed when the window closes.
final class VimeoApp: HostedApp {
    private var screens = VimeoScreens()
    private let library: VimeoLibrary
    private let transport: AsyncHTTPTransport
    private let sample: VimeoSampleServer?
    private let temporaryStore: URL?
    private let context: AppContext
    private let fetcher: any ResourceFetching
    private var tasks: [Int: Task<Void, Never>] = [:]

    /// The app's setup from the command line.
    struct Configuration {
        /// The API's base URL (nil: the embedded sample library).
        var baseURL: URL?
        /// The access token (nil: `VIMEO_TOKEN`; the sample's own token for the sample).
        var token: String?
        /// The store's path (nil: a temporary directory).
        var storePath: String?
        /// Act as if the connectivity check failed.
        var offline = false
    }

    init(_ configuration: Configuration, context: AppContext, fetcher: any ResourceFetching = StandardResourceFetcher()) throws {
        let sample = configuration.baseURL == nil ? try VimeoSampleServer.start() : nil
        let baseURL = configuration.baseURL ?? sample?.baseURL ?? VimeoClient.defaultBaseURL
        var temporaryStore: URL?
        let path: String
        if let storePath = configuration.storePath {
            path = storePath
        } else {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("SDLDemo-vimeo-\(UUID().uuidString)")
            temporaryStore = directory
            path = directory.appendingPathComponent("vimeo.sqlite").path
        }
        let store: VimeoStore
        do {
            store = try VimeoStore(path: path)
        } catch {
            sample?.shutdown()
            throw WiringError(message: "vimeo store \(path): \(error)")
        }
        let environmentToken = ProcessInfo.processInfo.environment["VIMEO_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        let token = configuration.token ?? (sample != nil ? VimeoSampleServer.token : environmentToken)
        let connectivity: any ConnectivityCheck = configuration.offline ? FixedConnectivity(.offline)
            : HostConnectivityCheck(url: baseURL, timeout: .seconds(3))
        let transport = AsyncHTTPTransport()
        self.transport = transport
        self.sample = sample
        self.temporaryStore = temporaryStore
        self.context = context
        self.fetcher = fetcher
        self.library = VimeoLibrary(baseURL: baseURL, token: token, transport: transport, limits: RequestLimits(timeout: .seconds(15)),
                                    store: store, whitelist: sample?.whitelist ?? .everything, connectivity: connectivity)
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

    private func run(_ commands: [VimeoScreens.Command]) {
        for command in commands {
            switch command {
            case .load(let request):
                load(request)
            case .play(let item):
                context.audio?.play(.download(playlist: item.playlist, title: item.title, artist: item.artist,
                                              artworkURL: item.artworkURL?.absoluteString))
            }
        }
    }

    private func load(_ request: VimeoScreens.Request) {
        let library = self.library
        let context = self.context
        let owner = UncheckedBox(WeakReference(self))
        tasks[request.serial] = Task.detached {
            let outcome = await VimeoLoads.outcome(of: request.load, library: library, now: Date())
            context.update { shell, t in owner.value.object?.finish(request, outcome, shell: &shell, at: t) }
        }
    }

    private func finish(_ request: VimeoScreens.Request, _ outcome: VimeoScreens.Outcome, shell: inout Shell, at t: Double) {
        tasks[request.serial] = nil
        if case .failed(let failure) = outcome {
            DemoLog.line("SDLDemo: vimeo: \(failure.message)")
        }
        run(screens.finished(request, outcome, &shell, at: t))
    }
}

/// The loads ``VimeoScreens`` asks for, run against the library.
enum VimeoLoads {
    /// Runs one load against the library (the real time is the clock freshness is judged by).
    static func outcome(of load: VimeoScreens.Load, library: VimeoLibrary, now: Date) async -> VimeoScreens.Outcome {
        do {
            switch load {
            case .albums(let force):
                return .albums(try await library.albums(now: now, force: force))
            case .videos(let list, let page, let force):
                return .videos(try await library.videos(list, page: page, now: now, force: force))
            case .connectivity:
                return .connectivity(await library.connectivity())
            }
        } catch {
            return .failed(VimeoScreens.LoadFailure(message: error.message, offline: error.reason == .offline))
        }
    }
}
