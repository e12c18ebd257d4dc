import ArgumentParser
import Foundation

/// The apps `--app` selects. `player` (the default) is the circular player alone, exactly as before
/// screens existed; `vimeo` the Vimeo library (issue 12; its embedded sample library without `--base-url`).
/// Feed apps (iPlayer, Interlochen) add cases here.
enum AppName: String, CaseIterable, ExpressibleByArgument, Sendable {
    case player
    case vimeo
    case buffs
    case iplayer
    case interlochen

    /// Builds the app for the options; `context` is the app's way back to the main thread.
    func make(options: SDLDemoCommand, context: AppContext) throws -> any HostedApp {
        switch self {
        case .player:
            return PlayerApp()
        case .vimeo:
            return try VimeoApp.make(options.vimeoConfiguration, context: context)
        case .buffs:
            return try BuffsApp(baseURL: options.baseURL.flatMap(URL.init(string:)),
                                interval: .milliseconds(Int64((options.buffInterval * 1000).rounded())),
                                video: options.player.stream == nil ? options.video : nil, context: context)
        case .iplayer:
            return try IPlayerApp.make(baseURL: options.baseURL, network: options.network, context: context)
        case .interlochen:
            return try InterlochenApp.make(options.interlochenConfiguration, context: context)
        }
    }
}
