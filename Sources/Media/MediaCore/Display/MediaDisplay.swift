import PlayerCore

/// What the window's one player shows in one frame, whichever machine drives it: the circle's icon, fill,
/// phase and message, the window title, and for a stream the LIVE mark, the now-playing lines and the buffer.
/// Built by ``MediaPlayer/display(at:)`` from the active machine's ``PlayerCore/CircleDisplay``.
public struct MediaDisplay: Equatable, Sendable {
    /// Whether the circle is shown (something is selected).
    public var isVisible: Bool
    /// The phase as shown (a finished download's completion hold included).
    public var phase: PlayerPhase
    /// The icon in the circle.
    public var icon: PlayerIcon
    /// The circle's fill, 0...1 (the downloaded share, or a stream's buffer toward its start).
    public var fill: Double
    /// The failure message, if failed.
    public var message: String?
    /// The window title.
    public var title: String
    /// Whether a stream is selected (false for a download).
    public var isStream: Bool
    /// Whether the stream is live (the LIVE mark).
    public var isLive: Bool
    /// The title under the circle: a stream's (ICY title, the app's title, the station), or a download's when the
    /// app gave one (Vimeo's Listen: the video's name).
    public var nowPlaying: String?
    /// The second line (artist or station).
    public var artist: String?
    /// Seconds of decoded audio buffered ahead (streams only; reported in 0.05 s steps).
    public var bufferSeconds: Double?
    /// Whether work happens in real time (a download or a stream's network): a scripted run keeps pace with
    /// real time while it does.
    public var awaitsRealWork: Bool

    /// Creates a display.
    public init(isVisible: Bool, phase: PlayerPhase, icon: PlayerIcon, fill: Double, message: String? = nil,
                title: String, isStream: Bool = false, isLive: Bool = false, nowPlaying: String? = nil,
                artist: String? = nil, bufferSeconds: Double? = nil, awaitsRealWork: Bool = false) {
        self.isVisible = isVisible
        self.phase = phase
        self.icon = icon
        self.fill = fill
        self.message = message
        self.title = title
        self.isStream = isStream
        self.isLive = isLive
        self.nowPlaying = nowPlaying
        self.artist = artist
        self.bufferSeconds = bufferSeconds
        self.awaitsRealWork = awaitsRealWork
    }

    /// Whether audio is audible (the headphones mark): the player is playing.
    public var isAudible: Bool { isVisible && phase == .playing }

    /// Nothing selected: the circle is hidden.
    public static let hidden = MediaDisplay(isVisible: false, phase: .uninitialized, icon: .play, fill: 0,
                                            title: MediaDisplay.appName)

    /// The application's name, first in every window title.
    public static let appName = "CirclePlayer"
}

extension MediaPlayer {
    /// What the circle shows at session time `t` (pure: reading changes nothing).
    public func display(at t: Double) -> MediaDisplay {
        switch active {
        case .nothing:
            return .hidden
        case .video:
            // A video shows in the player screen (the host's `video` status), not in the circle. With a fallback
            // (`SDLDemo --app buffs`) the circle hides too, while the video is open: one player the user can see,
            // the video's own controls (a ▶ circle over the picture looked like the video's play button, and a tap
            // on it closed the video for good). The fallback's fresh flow waits, ready, for the video to close.
            return .hidden
        case .download(let request):
            // The app's title and second line under the circle (Vimeo's Listen: the video's name, the album); the
            // default player's download has none.
            var display: MediaDisplay
            if isHoldingCompletion(at: t) {
                display = MediaDisplay(isVisible: true, phase: .completed, icon: PlayerState.completed.icon, fill: 1,
                                       title: Self.title(of: .completed), awaitsRealWork: true)
            } else if isHoldingFill(at: t) {
                display = MediaDisplay(isVisible: true, phase: .fetching, icon: PlayerState.fetching(progress: 1).icon, fill: 1,
                                       title: Self.title(of: .fetching(progress: 1)), awaitsRealWork: true)
            } else {
                let state = download.state
                display = MediaDisplay(isVisible: true, phase: download.phase, icon: download.icon, fill: download.fill,
                                       message: download.message, title: Self.title(of: state),
                                       awaitsRealWork: state.phase == .fetching || state.phase == .completed)
            }
            display.nowPlaying = request.title.flatMap { $0.isEmpty ? nil : $0 }
            display.artist = display.nowPlaying == nil ? nil : request.artist
            return display
        case .stream:
            guard stream.isControlVisible else { return .hidden }
            let now = stream.nowPlaying
            let realWork: Bool = switch stream.state {
            case .buffering, .playing: true
            default: stream.reconnect != nil
            }
            return MediaDisplay(
                isVisible: true, phase: stream.phase, icon: stream.icon, fill: stream.fill, message: stream.message,
                title: Self.title(of: stream), isStream: true, isLive: stream.isLive,
                nowPlaying: now.title.isEmpty ? nil : now.title, artist: now.artist,
                bufferSeconds: stream.bufferedSeconds, awaitsRealWork: realWork)
        }
    }

    /// What the desktop's media controls show: the active item's now-playing, or nil when nothing is selected.
    public var nowPlaying: NowPlaying? {
        switch active {
        case .nothing: nil
        case .download(let request):
            NowPlaying(title: request.title ?? MediaDisplay.appName, artist: request.artist,
                       artworkURL: request.artworkURL)
        case .stream: stream.isControlVisible ? stream.nowPlaying : nil
        case .video(let request): NowPlaying(title: request.title ?? MediaDisplay.appName, artist: nil, artworkURL: nil)
        }
    }

    /// Whether a finished download is shown as completed at `t` (see the type's notes on the completion hold).
    public func isHoldingCompletion(at t: Double) -> Bool {
        guard case .download = active, download.state == .uninitialized, let finishedAt else { return false }
        return t >= finishedAt && t < finishedAt + completionHold
    }

    /// Whether a download whose fetch just finished is shown full, still fetching, at `t` (see the type's notes on
    /// the fill hold).
    public func isHoldingFill(at t: Double) -> Bool {
        guard case .download = active, download.state == .playing, let filledAt else { return false }
        return t >= filledAt && t < filledAt + fillHold
    }

    /// The window title for a download: the app name, the state, the progress while fetching and the failure.
    /// Ready to fetch (`uninitialized`, the play icon) it is the app name alone: a state machine's word is not
    /// for the task bar.
    static func title(of state: PlayerState) -> String {
        switch state {
        case .uninitialized: MediaDisplay.appName
        case .fetching(let progress): "\(MediaDisplay.appName) — fetching \(Int((progress * 100).rounded(.down))) %"
        case .failed(let message): "\(MediaDisplay.appName) — failed: \(message) (tap to retry)"
        default: "\(MediaDisplay.appName) — \(state.phase.rawValue)"
        }
    }

    /// The window title for a stream: the app name, the phase (with the buffer share while buffering), what
    /// plays, and the failure message.
    static func title(of player: StreamPlayer) -> String {
        let now = player.nowPlaying.title
        let playing = now.isEmpty ? "" : ": \(now)"
        switch player.state {
        case .buffering(let progress):
            return "\(MediaDisplay.appName) — buffering \(Int((progress * 100).rounded(.down))) %\(playing)"
        case .failed(let message):
            return "\(MediaDisplay.appName) — failed: \(message) (tap to retry)"
        default:
            return "\(MediaDisplay.appName) — \(player.phase.rawValue)\(player.isLive ? " (live)" : "")\(playing)"
        }
    }
}
