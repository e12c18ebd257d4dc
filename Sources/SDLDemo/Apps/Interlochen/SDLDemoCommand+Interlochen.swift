import Foundation
import InterlochenKit
import VimeoKit

extension SDLDemoCommand {
    /// The Interlochen app's setup: with `--content-url`, the services the shared options name (secrets from
    /// their files or the environment), `--base-url` as Vimeo's API and `--token`; without, the embedded sample.
    var interlochenConfiguration: InterlochenApp.Configuration {
        get throws {
            var endpoints: InterlochenEndpoints?
            if let contentURL = interlochen.contentURL?.url {
                endpoints = InterlochenEndpoints(
                    contentURL: contentURL, credentials: try interlochen.credentials(),
                    nprBase: interlochen.nprBase?.url ?? NPRClient.defaultBaseURL, nprKey: try interlochen.resolvedNPRKey(),
                    liveStreamBase: interlochen.liveStreamBase?.url ?? LiveStreamClient.defaultBaseURL,
                    vimeoBase: baseURL.flatMap(URL.init(string:)) ?? VimeoClient.defaultBaseURL,
                    vimeoToken: try vimeoToken.resolved())
            }
            return InterlochenApp.Configuration(endpoints: endpoints, storePath: storage.store, offline: storage.offline,
                                                opener: LinkOpener(command: openWith), limits: network.limits)
        }
    }
}
