import DragPhysics
import MediaCore
import MediaHost
import ScreenKit
import VideoPlayback

/// The player screen over the window while a video is open: ScreenKit's ``ScreenKit/VideoScreen`` (the pure
/// model of the controls, keys, seek bar and fullscreen) fed the media host's video status, its commands sent
/// to the host as ``MediaCore/PlaybackControl``s. It takes every input while a video is open (so the circle and
/// the screens below never see it) and draws over everything (``VideoRenderer``).
final class VideoOverlay: AppOverlay {
    private let media: MediaHost
    private var screen: VideoScreen
    /// Whether closing the player closes the window (`SDLDemo --video`, like mpv) rather than going back to an app.
    private let quitsOnClose: Bool
    /// Whether the video starts again from the beginning when it ends (the Buff panel's sample video, so every buff
    /// floats over a moving picture).
    private let loops: Bool
    /// A loop's restart was asked for and the video has not left `ended` yet.
    private var restarting = false
    /// Told once the player closed and released the video (an app's host goes back to the screen below).
    private let onClose: () -> Void
    private(set) var wantsQuit = false
    /// The window's size as last seen (for the ticks, which come without one).
    private var window = Size(width: 0, height: 0)

    /// The player screen for `media`'s video, opened at session time `t`; `onClose` hears the player close.
    init(media: MediaHost, openedAt t: Double, quitsOnClose: Bool, loops: Bool = false, onClose: @escaping () -> Void = {}) {
        self.media = media
        self.screen = VideoScreen(openedAt: t)
        self.quitsOnClose = quitsOnClose
        self.loops = loops
        self.onClose = onClose
    }

    func consumes(_ event: ShellEvent, window: Size) -> Bool {
        self.window = window
        if case .windowClosed = event { return false }
        guard let status = media.video else { return false }
        for command in screen.handle(event, playback: VideoScreen.Playback(status), window: window) {
            run(command)
        }
        return true
    }

    private func run(_ command: VideoScreen.Command) {
        switch command {
        case .togglePause: media.send(.controlRequested(.togglePause))
        case .seek(let to): media.send(.controlRequested(.seek(to: to)))
        case .skip(let delta): media.send(.controlRequested(.skip(by: delta)))
        case .setVolume(let volume): media.send(.controlRequested(.setVolume(volume)))
        case .setMuted(let muted): media.send(.controlRequested(.setMuted(muted)))
        case .setFullscreen: break   // the model holds it; the window follows the frame's flag
        case .retry: media.send(.controlRequested(.play))   // a failed video plays again: the engine loads it anew
        case .close:
            media.send(.audioReleased)
            if quitsOnClose { wantsQuit = true }
            onClose()
        }
    }

    /// The screen's deadline (hiding the controls) passed: it hears the tick, so its next deadline clears and an
    /// idle window does not wake for a past one. (The engine itself reports each failure once: `SDLDemo: video: …`.)
    func tick(at t: Double) {
        guard let status = media.video else { return }
        if loops {
            // The end of a looping video: play again, which the engine starts from the beginning (VideoPlayer's
            // `ended | play`), once per end.
            if status.state == .ended, !restarting {
                restarting = true
                media.send(.controlRequested(.play))
            } else if status.state != .ended {
                restarting = false
            }
        }
        guard let deadline = screen.nextDeadline, t >= deadline else { return }
        _ = screen.handle(.tick(time: t), playback: VideoScreen.Playback(status), window: window)
    }

    func frame(at t: Double, window: Size) -> OverlayFrame? {
        guard let status = media.video else { return nil }
        self.window = window
        let layout = screen.layout(window: window, playback: VideoScreen.Playback(status), at: t)
        // The ABR never fetches a picture larger than it is shown (points: 1:1 with pixels offscreen and on
        // a standard display; idempotent, so reading a frame twice changes nothing).
        if let picture = layout.picture {
            media.setVideoDisplaySize(VideoDisplaySize(width: Int(picture.width.rounded()), height: Int(picture.height.rounded())))
        }
        return .video(VideoOverlayFrame(status: status, layout: layout, fullscreen: screen.fullscreen))
    }

    var nextDeadline: Double? { screen.nextDeadline }
}

/// One frame of the player screen: the video's status, where everything goes, and whether it fills the screen.
struct VideoOverlayFrame: Equatable, Sendable {
    /// The engine's status (the trace's `video` object, with the three fields below).
    var status: VideoStatus
    /// The picture's rectangle and the controls (ScreenKit's layout).
    var layout: VideoScreenLayout
    /// Whether the window is fullscreen.
    var fullscreen: Bool

    /// Whether a scripted run should hold its virtual clock: the video plays and has the media downloaded, but the
    /// decoders (real threads, on a machine that may be busy) have not caught up with the clock. A script judges the
    /// player and the network, not how fast this machine decodes; a network stall (nothing downloaded ahead) still
    /// lets time run, so it shows as one.
    var holdsTime: Bool {
        status.state == .playing && !status.decodedToEnd && status.decodedAhead < Self.decodedAheadToRun
            && (status.buffered >= 1 || status.inputEnded)
    }

    /// How much decoded media lets a scripted clock run on: a few frames' worth.
    static let decodedAheadToRun = 0.1

    /// Whether the video waits on the network or plays in real time: a scripted run keeps its virtual clock with
    /// the real one meanwhile (the audio device and the downloads run in real time).
    var awaitsRealWork: Bool {
        switch status.state {
        case .loading, .playing, .buffering: true
        case .idle, .paused, .ended, .failed: false
        }
    }
}

extension VideoScreen.Playback {
    /// What the player screen needs of the engine's status.
    init(_ status: VideoStatus) {
        let busy: Bool = switch status.state {
        case .loading, .buffering: true
        default: false
        }
        let failure: String? = if case .failed(let message) = status.state { message } else { nil }
        self.init(position: status.position, duration: status.duration, isLive: status.isLive,
                  isPlaying: status.state == .playing, isBusy: busy, bufferedEnd: status.bufferedRange?.upperBound,
                  volume: status.volume, muted: status.muted, videoWidth: status.width, videoHeight: status.height,
                  title: status.title, isEnded: status.state == .ended, failure: failure)
    }
}
