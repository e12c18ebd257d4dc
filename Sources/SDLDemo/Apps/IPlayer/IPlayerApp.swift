import CommandLineSupport
import FeedCore
import FeedKit
import Foundation
import IPlayerCore
import IPlayerKit
import ScreenKit

/// `--app iplayer [--base-url URL]`: the Mini iPlayer (seed 002) under the circle — categories →
/// highlights (thumbnails, COLLECTION rows) → episode details with its image.
///
/// Every decision is IPlayerCore's ``IPlayerCore/IPlayerScreens`` (its transition table is in its doc
/// comment); ``ScreenAppHost`` runs its loads against ``IPlayerKit/IPlayerClient``. Images come through the
/// same FeedKit transport (``FeedKitResourceFetcher``). Without `--base-url` the embedded sample catalog is
/// served on 127.0.0.1.
enum IPlayerApp {
    /// The environment variable that sets the per-request deadline in seconds (default 15; tests make it short);
    /// `--timeout` wins over it.
    static let timeoutVariable = "SDLDEMO_FEED_TIMEOUT"

    /// Builds the app for `--base-url` (nil: the embedded sample catalog, started here) and `--timeout` (`network`).
    static func make(baseURL: String?, network: NetworkOptions, context: AppContext) throws -> ScreenAppHost<IPlayerScreens> {
        var limits = network.limits
        if !network.isGiven, let text = ProcessInfo.processInfo.environment[timeoutVariable] {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw WiringError(message: "\(timeoutVariable)=\(text): not a number of seconds from 0 to 3600")
            }
            limits.timeout = .milliseconds(Int64(seconds * 1000))
        }
        let base: URL
        var sample: AppSample?
        if let baseURL {
            guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", url.host != nil
            else { throw WiringError(message: "--base-url \(baseURL): not an http(s) URL") }
            base = url
        } else {
            let started = try AppSample.start(.iPlayer)
            base = started.baseURL
            sample = started
        }
        let client = IPlayerClient(baseURL: base, transport: SharedTransport.transport, limits: limits)
        return ScreenAppHost(
            model: IPlayerScreens(), name: "Mini iPlayer", context: context,
            resources: FeedKitResourceFetcher(service: "iBL images", limits: limits),
            perform: { load, _ in await outcome(of: load, client: client) },
            finished: { outcome in
                if case .failure(let failure) = outcome { DemoLog.line(failure.message) }
            },
            cleanup: { sample?.shutdown() })
    }

    /// Runs one load against iBL.
    static func outcome(of load: IPlayerLoad, client: IPlayerClient) async -> IPlayerScreens.Outcome {
        do {
            switch load.resource {
            case .categories:
                return .success(.categories(try await client.categories()))
            case .highlights(let id):
                return .success(.highlights(try await client.highlights(category: id)))
            case .collection(let id):
                return .success(.collection(try await client.collectionEpisodes(collection: id)))
            }
        } catch let error as FeedError {
            return .failure(LoadFailure(message: error.description, offline: error.kind == .offline))
        } catch {
            return .failure(LoadFailure(message: "iBL: \(error)"))
        }
    }
}
