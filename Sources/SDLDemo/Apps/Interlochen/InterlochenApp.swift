import CommandLineSupport
import FeedCore
import FeedKit
import Foundation
import InterlochenCore
import InterlochenKit
import Samples
import ScreenKit
import VimeoKit

/// `--app interlochen`: the Interlochen app (seed 000): five tabs of content-meta.json's sections, an item's
/// details with Listen and Watch and Share (its link to the clipboard, ``Clipboard``), More's links. The decisions are ``InterlochenCore/InterlochenScreens``
/// (pure); ``ScreenAppHost`` runs its loads against ``InterlochenKit/InterlochenLibrary`` (the time read once
/// per load, online unless `--offline`), its Listen on the media host, its Watch in the video player (the global
/// audio released first), and its links with the configured opener.
///
/// With no `--content-url` the app serves its embedded sample on 127.0.0.1. The store is `--store` (Vimeo's
/// next to it, `…-vimeo.sqlite`), else files in a temporary directory removed when the window closes.
enum InterlochenApp {
    /// The app's setup from the command line.
    struct Configuration {
        /// The services (nil: the embedded sample, which serves them all).
        var endpoints: InterlochenEndpoints?
        /// The store's path (nil: a temporary directory).
        var storePath: String?
        /// Use the stored copies only.
        var offline = false
        /// The program that opens More's links (`xdg-open`).
        var opener = LinkOpener(command: "xdg-open")
        /// Each request's limits (`--timeout`; 15 s by default).
        var limits = NetworkOptions().limits
    }

    /// The embedded sample's services: everything on its one local server.
    static func endpoints(of sample: AppSample) -> InterlochenEndpoints {
        InterlochenEndpoints(
            contentURL: sample.url(for: "/data/content-meta.json"),
            credentials: .basic(user: SampleCredentials.interlochenUser, password: SampleCredentials.interlochenPassword),
            nprBase: sample.url(for: "/npr"), nprKey: SampleCredentials.nprKey,
            liveStreamBase: sample.url(for: "/livestream"), vimeoBase: sample.baseURL,
            vimeoToken: SampleCredentials.vimeoToken)
    }

    /// Builds the app: the sample (if no content URL), the stores, the clients over the window's transport.
    static func make(_ configuration: Configuration, context: AppContext,
                     resources: any ResourceFetching = StandardResourceFetcher()) throws -> ScreenAppHost<InterlochenScreens> {
        let (store, sample) = try AppStore.opened(path: configuration.storePath, app: "interlochen",
                                                  sample: configuration.endpoints == nil ? .interlochen : nil)
        guard let endpoints = configuration.endpoints ?? sample.map(endpoints(of:)) else {
            store.remove()
            throw WiringError(message: "interlochen: no services")
        }
        let library: InterlochenLibrary
        let vimeo: VimeoLibrary
        let connectivity: Connectivity = configuration.offline ? .offline : .online
        do {
            (library, vimeo) = try endpoints.open(storePath: store.path, transport: SharedTransport.transport,
                                                  limits: configuration.limits, connectivity: connectivity)
        } catch {
            sample?.shutdown()
            throw WiringError(message: "interlochen store: \(error)")
        }
        let opener = configuration.opener
        return ScreenAppHost(
            model: InterlochenScreens(), name: "Interlochen", context: context, resources: resources,
            perform: { request, now in
                await InterlochenLoads.outcome(of: request.load, library: library, vimeo: vimeo, now: now,
                                               connectivity: connectivity)
            },
            effectReplying: { effect, reply in
                switch effect {
                case .listen(let request):
                    context.media?.send(.playRequested(request))
                case .watch:
                    break   // the player (below)
                case .control(let key):
                    context.media?.send(.mediaKeyPressed(key))
                case .adjust(let control):
                    context.media?.send(.controlRequested(control))
                case .open(let url):
                    // A link that could not be opened says so, with the link (now, or when the opener exits).
                    if let reason = opener.open(url, failed: { reason in reply(.linkNotOpened(url, reason: reason)) }) {
                        return .linkNotOpened(url, reason: reason)
                    }
                case .copyLink(let url):
                    // Share: the clipboard, read back; the model hears which and picks the notice.
                    if let failure = Clipboard.copy(url.absoluteString) {
                        DemoLog.line("interlochen: link not copied: \(failure)")
                        return .linkNotCopied(url, reason: failure)
                    }
                    DemoLog.line("interlochen: link copied to the clipboard: \(URLRedaction.redact(url.absoluteString))")
                    return .linkCopied(url)
                }
                return nil
            },
            player: { effect in if case .watch(let request) = effect { request } else { nil } },
            finished: { outcome in
                switch outcome {
                case .failed(let failure):
                    DemoLog.line("interlochen: \(failure.message)")
                case .sections(let loaded):
                    for line in loaded.notices + loaded.failures { DemoLog.line("interlochen: \(line)") }
                case .moreStories, .searchResults:
                    break
                }
            },
            cleanup: {
                sample?.shutdown()
                store.remove()
            })
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
                    return .failed(LoadFailure(message: error.message, offline: error.reason == .offline))
                }
            }
        } catch let error as FeedError {
            return .failed(LoadFailure(message: error.description, offline: error.kind == .offline))
        } catch {
            return .failed(LoadFailure(message: "\(error)"))
        }
    }
}
