import CommandLineSupport
import FeedCore
import FeedKit
import Foundation
import Samples
import ScreenKit
import VimeoCore
import VimeoKit

/// `--app vimeo`: the Vimeo library's screens (albums → an album's videos, 25 a page → details with Watch and
/// Listen, and Search). The decisions are ``VimeoCore/VimeoScreens`` (pure); ``ScreenAppHost`` runs its loads
/// against ``VimeoKit/VimeoLibrary``, its Watch in the video player and its Listen on the media host.
///
/// With no `--base-url` the app serves its embedded sample library (Samples' ``Samples/SampleServer``) on
/// 127.0.0.1. The store is `--store`, else a file in a temporary directory removed when the window closes.
enum VimeoApp {
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
        /// Each request's limits (`--timeout`; 15 s by default).
        var limits = NetworkOptions().limits
    }

    /// Builds the app: the sample (if no base URL), the store, the library over the window's transport.
    static func make(_ configuration: Configuration, context: AppContext,
                     resources: any ResourceFetching = StandardResourceFetcher()) throws -> ScreenAppHost<VimeoScreens> {
        let (store, sample) = try AppStore.opened(path: configuration.storePath, app: "vimeo",
                                                  sample: configuration.baseURL == nil ? .vimeo : nil)
        let baseURL = configuration.baseURL ?? sample?.baseURL ?? VimeoClient.defaultBaseURL
        let whitelist: AlbumWhitelist
        do {
            whitelist = sample == nil ? .everything
                : try AlbumWhitelist.decode(Data(contentsOf: SampleName.vimeo.directory().appendingPathComponent("albums.json")))
        } catch {
            sample?.shutdown()
            store.remove()
            throw WiringError(message: "vimeo: \(error)")
        }
        let vimeoStore: VimeoStore
        do {
            vimeoStore = try VimeoStore(path: store.path)
        } catch {
            sample?.shutdown()
            store.remove()
            throw WiringError(message: "vimeo store \(store.path): \(error)")
        }
        let token = configuration.token ?? (sample != nil ? SampleCredentials.vimeoToken : AppEnvironment.value("VIMEO_TOKEN"))
        let connectivity: any ConnectivityCheck = configuration.offline ? FixedConnectivity(.offline)
            : HostConnectivityCheck(url: baseURL, timeout: min(configuration.limits.timeout, .seconds(3)))
        let library = VimeoLibrary(baseURL: baseURL, token: token, transport: SharedTransport.transport,
                                   limits: configuration.limits, store: vimeoStore,
                                   whitelist: whitelist, connectivity: connectivity)
        return ScreenAppHost(
            model: VimeoScreens(), name: "Vimeo", context: context, resources: resources,
            perform: { request, now in await VimeoLoads.outcome(of: request.load, library: library, now: now) },
            effect: { effect in
                switch effect {
                case .listen(let request): context.media?.send(.playRequested(.download(request)))
                case .control(let key): context.media?.send(.mediaKeyPressed(key))
                case .watch: break   // the player (below)
                }
                return nil
            },
            player: { effect in if case .watch(let request) = effect { request } else { nil } },
            finished: { outcome in
                if case .failed(let failure) = outcome { DemoLog.line("vimeo: \(failure.message)") }
            },
            cleanup: {
                sample?.shutdown()
                store.remove()
            })
    }
}

/// The loads ``VimeoCore/VimeoScreens`` asks for, run against the library.
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
            return .failed(LoadFailure(message: error.message, offline: error.reason == .offline))
        }
    }
}
