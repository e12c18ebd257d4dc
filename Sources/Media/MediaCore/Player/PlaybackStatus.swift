import PlayerCore

/// What the window's one player holds and whether it plays, as one comparable value: what an app's screens
/// follow (Interlochen's Listen turns into Pause while its item plays; the headphones mark shows while audio
/// is loaded). Read from ``MediaPlayer/status(at:)`` (MediaHost's `status()`), handed to a screen model when
/// it changes.
///
/// ```swift
/// let status = player.status(at: t)
/// status.active == .stream(station) && status.isRunning   // the station's Listen reads Pause
/// ```
public struct PlaybackStatus: Hashable, Sendable {
    /// What is selected: nothing, a download, a stream or a video.
    public var active: MediaPlayer.Active
    /// The phase as the circle shows it (`uninitialized` for a video, which shows in its own screen).
    public var phase: PlayerPhase
    /// The audio's volume (what the now-playing screen's slider shows).
    public var volume: AudioVolume

    /// A status.
    public init(active: MediaPlayer.Active, phase: PlayerPhase, volume: AudioVolume = AudioVolume()) {
        self.active = active
        self.phase = phase
        self.volume = volume
    }

    /// Nothing selected.
    public static let idle = PlaybackStatus(active: .nothing, phase: .uninitialized)

    /// Whether it plays or is on its way to (buffering, fetching): what a Pause button stops.
    public var isRunning: Bool { phase == .playing || phase == .fetching }

    /// The audio loaded, if any: a download or a stream (a video and nothing are not audio).
    public var audio: MediaRequest? {
        switch active {
        case .download(let request): .download(request)
        case .stream(let request): .stream(request)
        case .nothing, .video: nil
        }
    }
}

extension MediaPlayer {
    /// What is selected and its phase at session time `t` (pure).
    public func status(at t: Double) -> PlaybackStatus {
        PlaybackStatus(active: active, phase: display(at: t).phase, volume: audioVolume)
    }
}
