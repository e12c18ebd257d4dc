/// What a button on a details screen does, as a typed value the app switches over.
///
/// ```swift
/// DetailsScreen(title: "Mock the Week", actions: [.init(.play), .init(.custom("subscribe"), title: "Subscribe")])
/// ```
public enum ScreenAction: Hashable, Sendable {
    /// Play the item (its sound, in the circle player).
    case play
    /// Listen to a station or story.
    case listen
    /// Pause what plays (the Listen button while its item plays, a now-playing screen).
    case pause
    /// Watch a video (the app opens the video player: ``PlayerScreen``).
    case watch
    /// Open a link outside the app.
    case open
    /// Share the item: copy its link to the clipboard.
    case share
    /// Anything else, named by the app.
    case custom(String)

    /// The button's default title.
    public var defaultTitle: String {
        switch self {
        case .play: "Play"
        case .listen: "Listen"
        case .pause: "Pause"
        case .watch: "Watch"
        case .open: "Open"
        case .share: "Share"
        case .custom(let name): name
        }
    }

    /// The action's name as traces write it (`play`, `listen`, `pause`, `watch`, `open`, `share`, or the custom name).
    public var name: String {
        switch self {
        case .play: "play"
        case .listen: "listen"
        case .pause: "pause"
        case .watch: "watch"
        case .open: "open"
        case .share: "share"
        case .custom(let name): name
        }
    }
}

/// A button on a details screen: an action and its title.
public struct ActionButton: Hashable, Sendable {
    /// What a tap reports.
    public var action: ScreenAction
    /// What the button says.
    public var title: String

    /// A button for `action`, titled `title` (by default the action's own title).
    public init(_ action: ScreenAction, title: String? = nil) {
        self.action = action
        self.title = title ?? action.defaultTitle
    }
}
