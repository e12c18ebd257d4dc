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
    /// Where playback is, for `Position` (nil: not known, published as 0).
    public var position: PlaybackPosition?
    /// The volume, 0…1 (`Volume`).
    public var volume: Double
    /// Whether `Seek` and `SetPosition` do something (`CanSeek`): a video or file of known length.
    public var canSeek: Bool
    /// Counts the jumps in position (a seek); when it changes, the service sends the `Seeked` signal.
    public var seeks: Int

    /// Creates a state.
    public init(phase: PlayerPhase, nowPlaying: NowPlaying, hasTrack: Bool = true, position: PlaybackPosition? = nil,
                volume: Double = 1, canSeek: Bool = false, seeks: Int = 0) {
        self.phase = phase
        self.nowPlaying = nowPlaying
        self.hasTrack = hasTrack
        self.position = position
        self.volume = volume
        self.canSeek = canSeek
        self.seeks = seeks
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

/// Where playback is, as an anchor the controls extrapolate from: `seconds` at the monotonic instant `at`,
/// moving at `rate` (1 while playing, 0 otherwise). The MPRIS specification does not announce `Position` as it
/// moves ("clients should … assume it advances at Rate"), so the anchor changes only when playback jumps,
/// pauses or resumes.
public struct PlaybackPosition: Hashable, Sendable {
    /// Seconds into the item at ``at``.
    public var seconds: Double
    /// When.
    public var at: ContinuousClock.Instant
    /// How fast it moves: 1 while playing, 0 while paused or buffering.
    public var rate: Double

    /// Creates an anchor.
    public init(seconds: Double, at: ContinuousClock.Instant, rate: Double) {
        self.seconds = seconds
        self.at = at
        self.rate = rate
    }

    /// The position at `now`, never negative.
    public func seconds(at now: ContinuousClock.Instant) -> Double {
        let elapsed = now - at
        let delta = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return max(0, seconds + max(0, delta) * rate)
    }
}

/// What the user asked for through the media controls (a method call on the MPRIS interface).
public enum MediaControlCommand: Hashable, Sendable {
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
    /// `Seek(Offset)`: move by this many seconds (negative: back). Delivered only while `CanSeek`.
    case seek(by: Double)
    /// `SetPosition(TrackId, Position)` for the current track: go to this many seconds. Only while `CanSeek`.
    case setPosition(Double)
    /// A client set `Volume` (clamped to 0…1).
    case setVolume(Double)

    /// The stream player's event for this command, if it has one (`Raise` and `Quit` are the app's).
    public var streamEvent: StreamEvent? {
        switch self {
        case .play: .playRequested
        case .pause: .pauseRequested
        case .playPause: .tapped
        case .stop: .stopRequested
        case .next, .previous, .raise, .quit, .seek, .setPosition, .setVolume: nil
        }
    }
}
