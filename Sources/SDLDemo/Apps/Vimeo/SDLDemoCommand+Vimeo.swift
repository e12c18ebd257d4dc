import Foundation

extension SDLDemoCommand {
    /// The Vimeo app's setup from `--base-url`, `--token`/`--token-file`, `--store` and `--offline`.
    var vimeoConfiguration: VimeoApp.Configuration {
        get throws {
            VimeoApp.Configuration(baseURL: baseURL.flatMap(URL.init(string:)), token: try vimeoToken.resolved(),
                                   storePath: storage.store, offline: storage.offline, limits: network.limits)
        }
    }
}
