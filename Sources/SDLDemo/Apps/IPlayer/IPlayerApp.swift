import FeedCore
import FeedKit
import Foundation
import IPlayerKit
import IPlayerCore
import ScreenKit

/// `--app iplayer [--base-url URL]`: the Mini iPlayer (seed 002) under the circle — categories →
/// highlights (thumbnails, COLLECTION rows) → episode details with its image.
///
/// Every decision is IPlayerCore's ``IPlayerCore/IPlayerScreens`` (its transition table is in its doc
/// comment); this class only runs the loads it returns against ``IPlayerKit/IPlayerClient`` in the
/// background, hands the results back on the main thread, and reads the clock for `now` (the time left to
/// watch). Images come through the same FeedKit transport (``FeedKitResourceFetcher``). Without
/// `--base-url` the embedded sample catalog (``IPlayerSampleServer``) is served on 127.0.0.1.
final class IPlayerApp: HostedApp {
    private var screens = IPlayerScreens()
    private let client: IPlayerClient
    private let context: AppContext
    private let images: FeedKitResourceFetcher
    private let sample: IPlayerSampleServer?
    private var tasks: [Int: Task<Void, Never>] = [:]

    /// The environment variable that sets the per-request deadline in seconds (default 15; tests make it short).
    static let timeoutVariable = "SDLDEMO_FEED_TIMEOUT"

    /// The app for `--base-url` (nil: the embedded sample catalog, started here).
    init(baseURL: String?, context: AppContext) throws {
        let base: URL
        if let baseURL {
            guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", url.host != nil
            else { throw WiringError(message: "--base-url \(baseURL): not an http(s) URL") }
            base = url
            sample = nil
        } else {
            let server = try IPlayerSampleServer.start()
            base = server.baseURL
            sample = server
        }
        var limits = RequestLimits()
        if let text = ProcessInfo.processInfo.environment[Self.timeoutVariable] {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw WiringError(message: "\(Self.timeoutVariable)=\(text): not a number of seconds from 0 to 3600")
            }
            limits.timeout = .milliseconds(Int64(seconds * 1000))
        }
        client = IPlayerClient(baseURL: base, transport: SharedTransport.transport, limits: limits)
        images = FeedKitResourceFetcher(service: "iBL images", limits: limits)
        self.context = context
        if let sample { DemoLog.line("SDLDemo: iPlayer sample catalog at \(sample.baseURL.absoluteString)") }
    }

    func start(_ shell: inout Shell, at t: Double) {
        run(screens.start(&shell, at: t))
    }

    func handle(_ output: ShellOutput, _ shell: inout Shell, at t: Double) {
        run(screens.handle(output, &shell, at: t, now: Date()))
    }

    var isWorking: Bool { !tasks.isEmpty }
    var resources: (any ResourceFetching)? { images }

    func shutdown() {
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        sample?.shutdown()
    }

    private func run(_ loads: [IPlayerLoad]) {
        for load in loads { start(load) }
    }

    private func start(_ load: IPlayerLoad) {
        let client = self.client
        let context = self.context
        let owner = UncheckedBox(WeakReference(self))
        tasks[load.serial] = Task.detached {
            let result: Result<IPlayerFeed, ResourceError>
            do {
                switch load.resource {
                case .categories:
                    result = .success(.categories(try await client.categories()))
                case .highlights(let id):
                    result = .success(.highlights(try await client.highlights(category: id)))
                }
            } catch is CancellationError {
                return   // the window is closing
            } catch let error as FeedError {
                result = .failure(ResourceError(message: error.description))
            } catch {
                result = .failure(ResourceError(message: "iBL: \(error)"))
            }
            context.update { shell, t in owner.value.object?.finish(load, result, &shell, at: t) }
        }
    }

    private func finish(_ load: IPlayerLoad, _ result: Result<IPlayerFeed, ResourceError>, _ shell: inout Shell, at t: Double) {
        tasks[load.serial] = nil
        switch result {
        case .success(let feed):
            screens.loaded(load, feed, &shell, at: t)
        case .failure(let error):
            DemoLog.line("SDLDemo: \(error.message)")
            screens.failed(load, message: error.message, &shell, at: t)
        }
    }
}
