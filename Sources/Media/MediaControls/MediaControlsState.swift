import PlayerCore

/// What the desktop's media controls show: the player's phase and what is playing. Built from a player and
/// handed to ``MPRISService/update(_:)`` after every change.
///
/// ```swift
/// for await player in driver.updates { mpris.update(MediaControlsState(player)) }
/// ```
public struct MediaControlsState: Hashable, Sendable {
    /// The player's phase (playing, paused, …).
    public var phase: PlayerPhase
    /// What is playing.
    public var nowPlaying: NowPlaying
    /// Whether there is something to control (false before anything was selected and after the audio focus was
    /// lost): then the controls show no track and cannot play.
    public var hasTrack: Bool

    /// Creates a state.
    public init(phase: PlayerPhase, nowPlaying: NowPlaying, hasTrack: Bool = true) {
        self.phase = phase
        self.nowPlaying = nowPlaying
        self.hasTrack = hasTrack
    }

    /// The state of a stream player.
    public init(_ player: StreamPlayer) {
        self.init(phase: player.phase, nowPlaying: player.nowPlaying, hasTrack: player.isControlVisible)
    }

    /// The state of the file player, with what the app knows is playing.
    public init(_ player: Player, nowPlaying: NowPlaying) {
        self.init(phase: player.state.phase, nowPlaying: nowPlaying, hasTrack: true)
    }

    /// Nothing to control.
    public static let empty = MediaControlsState(phase: .uninitialized, nowPlaying: NowPlaying(), hasTrack: false)
}

/// What the user asked for through the media controls (a method call on the MPRIS interface).
public enum MediaControlCommand: Hashable, Sendable, CaseIterable {
    /// `Play`
    case play
    /// `Pause`
    case pause
    /// `PlayPause`
    case playPause
    /// `Stop`
    case stop
    /// `Next` (only delivered if the player said it can go next; the stream player cannot)
    case next
    /// `Previous` (likewise)
    case previous
    /// `Raise`: bring the window to the front.
    case raise
    /// `Quit`: the app should quit.
    case quit

    /// The stream player's event for this command, if it has one (`Raise` and `Quit` are the app's).
    public var streamEvent: StreamEvent? {
        switch self {
        case .play: .playRequested
        case .pause: .pauseRequested
        case .playPause: .tapped
        case .stop: .stopRequested
        case .next, .previous, .raise, .quit: nil
        }
    }
}
