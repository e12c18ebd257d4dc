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
    /// The phase as the circle shows it (``MediaDisplay/phase``). For a video, which shows in its own screen, the
    /// circle is hidden (`uninitialized`), with or without a fallback.
    public var phase: PlayerPhase
    /// The audio's volume (what the now-playing screen's slider shows).
    public var volume: AudioVolume
    /// Whole seconds played of a stream that ends (a story), as the host's engine counts them; nil for live
    /// radio, a download and a video, and from the pure player (it has no clock of the audio).
    public var position: Double?
    /// The length of a stream that ends, when its source knew it (estimated from `Content-Length` and the
    /// first MP3 frame's bit rate: AudioPlayback's `HTTPAudioStreamSource`); nil otherwise.
    public var duration: Double?

    /// A status.
    public init(active: MediaPlayer.Active, phase: PlayerPhase, volume: AudioVolume = AudioVolume(),
                position: Double? = nil, duration: Double? = nil) {
        self.active = active
        self.phase = phase
        self.volume = volume
        self.position = position
        self.duration = duration
    }

    /// Nothing selected.
    public static let idle = PlaybackStatus(active: .nothing, phase: .uninitialized)

    /// Whether it plays or is on its way to (buffering, fetching): what a Pause button stops.
    public var isRunning: Bool { phase == .playing || phase == .fetching }

    /// Whether a stream that ends is loaded (a story, not live radio): what may show a position. The app's hint
    /// (``StreamRequest/isLive`` false) until the source reports; a known length (the source said it ends) after.
    public var isFiniteStream: Bool {
        guard case .stream(let request) = active else { return false }
        return request.isLive == false || duration != nil
    }

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
    /// What is selected, its phase, the audio's volume and a story's duration at session time `t` (pure; the
    /// position is the host's, see ``PlaybackStatus/position``).
    public func status(at t: Double) -> PlaybackStatus {
        PlaybackStatus(active: active, phase: display(at: t).phase, volume: audioVolume, duration: storyDuration)
    }

    /// The length of the story loaded (a stream whose source said it ends and knew its length); nil otherwise.
    /// The source's report decides, whatever the app's hint was (it replaces ``StreamRequest/isLive``).
    public var storyDuration: Double? {
        guard case .stream = active, stream.info?.isLive == false else { return nil }
        return stream.info?.duration
    }
}
