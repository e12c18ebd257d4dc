import PlayerCore

/// How the player's state is shown: the circle's look, the state's name (traces, scripts) and the title.
enum PlayerPresentation {
    /// The circle's appearance for a state and fill level (``Player/fill``).
    static func appearance(of state: PlayerState, fill: Double) -> CircleAppearance {
        let icon: CircleAppearance.Icon = switch state.icon {
        case .play: .play
        case .pause: .pause
        case .spinner: .spinner
        case .retry: .retry
        }
        let failed = if case .failed = state { true } else { false }
        return CircleAppearance(icon: icon, fill: fill, failed: failed)
    }

    /// The state's name as scripts (`wait-state`) and traces use it.
    static func name(of state: PlayerState) -> String {
        switch state {
        case .uninitialized: "uninitialized"
        case .fetching: "fetching"
        case .playing: "playing"
        case .paused: "paused"
        case .completed: "completed"
        case .failed: "failed"
        }
    }

    /// The failure message, if the player failed.
    static func message(of state: PlayerState) -> String? {
        if case .failed(let message) = state { message } else { nil }
    }

    /// The window title: the app name, the state, the progress while fetching and the failure message.
    static func title(of state: PlayerState) -> String {
        switch state {
        case .fetching(let progress): "CirclePlayer — fetching \(Int((progress * 100).rounded(.down))) %"
        case .failed(let message): "CirclePlayer — failed: \(message) (tap to retry)"
        default: "CirclePlayer — \(name(of: state))"
        }
    }
}
