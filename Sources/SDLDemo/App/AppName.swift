import ArgumentParser
import Foundation

/// The apps `--app` selects. `player` (the default) is the circular player alone, exactly as before
/// screens existed; `fixture` browses lists and details described by a JSON file (`--fixture`), to try,
/// test and benchmark the screens. Feed apps (iPlayer, Vimeo, Interlochen) add cases here.
enum AppName: String, CaseIterable, ExpressibleByArgument, Sendable {
    case player
    case fixture
    case iplayer

    /// Builds the app for the options; `context` is the app's way back to the main thread.
    func make(options: SDLDemoCommand, context: AppContext) throws -> any HostedApp {
        switch self {
        case .player:
            return PlayerApp()
        case .fixture:
            guard let path = options.fixture else { throw ValidationError("--app fixture needs --fixture FILE_OR_URL") }
            return FixtureApp(start: try FixtureApp.url(for: path), context: context)
        case .iplayer:
            return try IPlayerApp(baseURL: options.baseURL, context: context)
        }
    }
}
