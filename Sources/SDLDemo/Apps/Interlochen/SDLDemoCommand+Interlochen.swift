import Foundation

extension SDLDemoCommand {
    /// The Interlochen app's setup from `--content-url`, `--user`, `--password`, `--npr-base`, `--npr-key`,
    /// `--livestream-base`, `--open-with`, and the shared `--base-url` (Vimeo's API), `--token`, `--store`
    /// and `--offline`.
    var interlochenConfiguration: InterlochenApp.Configuration {
        InterlochenApp.Configuration(
            contentURL: contentURL.flatMap(URL.init(string:)), user: user, password: password,
            nprBase: nprBase.flatMap(URL.init(string:)), nprKey: nprKey,
            liveStreamBase: livestreamBase.flatMap(URL.init(string:)),
            vimeoBase: baseURL.flatMap(URL.init(string:)), token: token, storePath: store, offline: offline,
            opener: LinkOpener(command: openWith))
    }
}
