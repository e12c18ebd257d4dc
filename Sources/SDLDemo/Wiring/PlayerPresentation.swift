import PlayerCore

/// How the player's state is shown: the circle's look, the failure message and the window title.
/// (The state's name for scripts and traces is ``PlayerCore/PlayerPhase``'s raw value.)
enum PlayerPresentation {
    /// The circle's appearance for a state and fill level (``Player/fill``).
    static func appearance(of state: PlayerState, fill: Double) -> CircleAppearance {
        let icon: CircleAppearance.Icon = switch state.icon {
        case .play: .play
        case .pause: .pause
        case .spinner: .spinner
        case .retry: .retry
        }
        return CircleAppearance(icon: icon, fill: fill, failed: state.phase == .failed)
    }

    /// The circle's appearance for what the global audio player shows (either machine).
    static func appearance(of display: AudioDisplay) -> CircleAppearance {
        let icon: CircleAppearance.Icon = switch display.icon {
        case .play: .play
        case .pause: .pause
        case .spinner: .spinner
        case .retry: .retry
        }
        return CircleAppearance(icon: icon, fill: display.fill, failed: display.phase == .failed)
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
        default: "CirclePlayer — \(state.phase.rawValue)"
        }
    }
}

extension PlayerPresentation {
    /// The window title for a stream: the app name, the phase (with the buffer share while buffering), what
    /// plays, and the failure message.
    static func title(of player: StreamPlayer) -> String {
        let now = player.nowPlaying.title
        let playing = now.isEmpty ? "" : ": \(now)"
        switch player.state {
        case .buffering(let progress): return "CirclePlayer — buffering \(Int((progress * 100).rounded(.down))) %\(playing)"
        case .failed(let message): return "CirclePlayer — failed: \(message) (tap to retry)"
        default: return "CirclePlayer — \(player.phase.rawValue)\(player.isLive ? " (live)" : "")\(playing)"
        }
    }
}
