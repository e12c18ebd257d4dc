import Foundation

extension SDLDemoCommand {
    /// The Vimeo app's setup from `--base-url`, `--token`, `--store` and `--offline`.
    var vimeoConfiguration: VimeoApp.Configuration {
        VimeoApp.Configuration(baseURL: baseURL.flatMap(URL.init(string:)), token: token, storePath: store, offline: offline)
    }
}
