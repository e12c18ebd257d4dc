import AudioPlayback
import Foundation
import MediaCore
import MediaControls
import PlayerCore
import VideoCore
import VideoPlayback

/// The host's video: VideoPlayback's ``VideoPlayback/VideoEngine`` run on the host's loop (the one thread that
/// touches it and the shared device), with the newest frame and status kept for the window, which reads them
/// from its own thread.
///
/// The engine is made on the first video and kept (its downloader is the host's), so a second video reuses
/// it; ``VideoAction/close`` ends its session and hides the status.
final class VideoRunner: @unchecked Sendable {
    /// How often the loop pumps the engine while a video is open and moving: 120 Hz, twice a 60 Hz display's
    /// refresh, so a frame is handed over within half a refresh of its time (the engine's `FramePacer` leads by
    /// half the pump interval).
    static let pumpInterval = 1.0 / 120
    /// How often while paused, ended or failed: a seek while paused still shows its frame soon.
    static let idlePumpInterval = 1.0 / 30

    // The loop's.
    private var engine: VideoEngine?
    private let makeEngine: () -> VideoEngine
    private var isOpen = false
    private var seeks = 0
    /// A seek was asked for and its first frame has not shown yet.
    private var seekUnderWay = false
    private var appliedDisplaySize: VideoDisplaySize?

    // Shared with the window.
    private let lock = NSLock()
    private var status: VideoStatus?
    private var frame: VideoFrame?
    private var frameSerial = 0
    private var takenSerial = 0
    /// Frames the engine handed over that a newer one replaced before the window took them: shown by the
    /// engine's count, never on screen, so the status counts them as dropped.
    private var replacedUnseen = 0
    private var displaySize: VideoDisplaySize?

    init(makeEngine: @escaping () -> VideoEngine) {
        self.makeEngine = makeEngine
    }

    // MARK: - The window's side (any thread)

    /// The open video's status (nil: none open).
    var currentStatus: VideoStatus? { lock.withLock { status } }

    /// The newest frame not yet taken (nil: keep the one on screen).
    func takeFrame() -> VideoFrame? {
        lock.withLock {
            guard frameSerial != takenSerial else { return nil }
            takenSerial = frameSerial
            return frame
        }
    }

    /// The picture's size on screen in pixels (the ABR caps the variant by it); applied at the next pump.
    func setDisplaySize(_ size: VideoDisplaySize?) {
        lock.withLock { displaySize = size }
    }

    // MARK: - The loop's side

    /// Runs a ``MediaCommand/video(_:)`` action.
    func run(_ action: VideoAction) {
        switch action {
        case .open(let request):
            let engine = self.engine ?? makeEngine()
            self.engine = engine
            appliedDisplaySize = nil
            seeks = 0
            seekUnderWay = false
            lock.withLock { replacedUnseen = 0 }
            engine.open(request)
            isOpen = true
        case .control(let control):
            guard isOpen, let engine else { return }
            switch control {
            case .play: engine.play()
            case .pause: engine.pause()
            case .togglePause: engine.togglePause()
            case .seek(let to):
                seekUnderWay = true
                engine.seek(to: to)
            case .skip(let delta):
                seekUnderWay = true
                engine.seek(by: delta)
            case .setVolume(let volume): engine.setVolume(volume)
            case .setMuted(let muted): engine.setMuted(muted)
            }
        case .close:
            engine?.close()
            isOpen = false
            lock.withLock {
                status = nil
                frame = nil
                frameSerial += 1
                takenSerial = frameSerial
            }
        }
    }

    /// Pumps the engine at `now`; returns whether the window should draw again (a new frame or a new status).
    func pump(now: Double) -> Bool {
        guard isOpen, let engine else { return false }
        let size = lock.withLock { displaySize }
        if size != appliedDisplaySize {
            appliedDisplaySize = size
            engine.setDisplaySize(width: size?.width, height: size?.height)
        }
        let pumped = engine.pump(now: now)
        // A seek counts (MPRIS's Seeked, a new position anchor) when it lands: its first frame is on screen.
        if seekUnderWay, pumped.frame != nil {
            seekUnderWay = false
            seeks += 1
        }
        return lock.withLock {
            if pumped.frame != nil, frameSerial != takenSerial { replacedUnseen += 1 }
            var reported = pumped.status
            reported.framesShown = max(0, reported.framesShown - replacedUnseen)
            reported.framesDropped += replacedUnseen
            let changed = pumped.frame != nil || !reported.drawsLike(status)
            status = reported
            if let new = pumped.frame {
                frame = new
                frameSerial += 1
            }
            return changed
        }
    }

    /// When the loop must pump again (nil: no video open).
    func nextPump(after now: Double) -> Double? {
        guard isOpen, let state = currentStatus?.state else { return nil }
        switch state {
        case .loading, .playing, .buffering: return now + Self.pumpInterval
        case .idle, .paused, .ended, .failed: return now + Self.idlePumpInterval
        }
    }

    /// What the desktop's media controls show for the open video (nil: none open).
    func controlsState(title: String?) -> MediaControlsState? {
        guard isOpen, let status = currentStatus else { return nil }
        let phase: PlayerPhase = switch status.state {
        case .idle: .uninitialized
        case .loading, .buffering: .fetching
        case .playing: .playing
        case .paused: .paused
        case .ended: .completed
        case .failed: .failed
        }
        let nowPlaying = NowPlaying(title: status.title ?? title ?? MediaDisplay.appName, artist: nil,
                                    artworkURL: nil, duration: status.duration)
        // The position is an anchor the bus extrapolates at its rate, so it is re-sent only with a change of
        // state, volume or a seek (not every frame).
        return MediaControlsState(
            phase: phase, nowPlaying: nowPlaying,
            position: PlaybackPosition(seconds: status.position, at: .now, rate: status.state == .playing ? 1 : 0),
            volume: status.muted ? 0 : status.volume, canSeek: !status.isLive && status.duration != nil, seeks: seeks)
    }
}

extension VideoStatus {
    /// Whether the player screen would look the same with `other`: everything it draws but the position and the
    /// buffer, which change on every pump and are drawn with the next frame (while a video plays, frames come
    /// 24–60 times a second; the window need not wake 120 times).
    func drawsLike(_ other: VideoStatus?) -> Bool {
        guard let other else { return false }
        return state == other.state && error == other.error && volume == other.volume && muted == other.muted
            && title == other.title && width == other.width && height == other.height && duration == other.duration
            && isLive == other.isLive && (state == .playing || position == other.position)
    }
}

/// The picture's size on screen, in pixels.
public struct VideoDisplaySize: Hashable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
