import DragPhysics

/// The player screen as a pure model: pointer and key events in (with what the player reports), commands for
/// the player and the window out, and a layout to draw at any time. No I/O and no clock: every event carries
/// its time, and ``layout(window:playback:at:)`` and ``controlsVisible(at:)`` take the time to answer for.
///
/// Behaviour (mpv's keys, from its default `etc/input.conf`, where the issue did not choose otherwise):
///
/// | input | command |
/// |---|---|
/// | Space, K | ``Command/togglePause`` (mpv: `SPACE cycle pause`; K is the issue's) |
/// | ← / → | ``Command/skip(by:)`` −5 / +5 s (mpv: `LEFT seek -5`, `RIGHT seek 5`) |
/// | ↑ / ↓ | ``Command/setVolume(_:)`` ±0.1, clamped to 0...1 (the issue's; mpv seeks ±60 s there) |
/// | M | ``Command/setMuted(_:)`` toggled (mpv: `m cycle mute`) |
/// | F, double-click on the picture | ``Command/setFullscreen(_:)`` toggled (mpv: `f` and `MBTN_LEFT_DBL cycle fullscreen`) |
/// | Escape | leaves fullscreen (mpv: `ESC set fullscreen no`), else ``Command/close`` (the issue's) |
/// | a single click on the picture, the wheel, text | nothing (mpv: `MBTN_LEFT ignore`) |
///
/// The controls (both bars and the cursor) show when the screen opens and on any pointer or key event, and
/// while the video plays hide ``hideDelay`` seconds after the last one, except while the seek bar is dragged;
/// paused, ended, failed, loading or buffering they stay (mpv's OSC and the web's players: a still picture always
/// has its ▶ and ✕). At the end the time reads the length ("0:10 / 0:10") and ▶ plays from the start. A failure
/// shows ``Failure``'s sentence with **Retry** (``Command/retry``; Space, K or Enter too) and **Close**
/// (``Command/close``) instead of the bottom bar. A click on a control
/// acts only if the controls were showing when it went down; a click while they are hidden just shows them.
/// The seek bar: pressing it starts a drag (``VideoScreenLayout/played`` follows the pointer), lifting seeks to
/// fraction × duration; live streams and unknown durations cannot be dragged or seeked. The volume slider: a
/// click sets the volume to the x fraction. A button fires when the pointer lifts on the control it went down
/// on (lifting elsewhere cancels it).
///
/// ```swift
/// var screen = VideoScreen(openedAt: 0)
/// screen.handle(.key(.space, time: 1), playback: playback, window: size)   // [.togglePause]
/// screen.controlsVisible(at: 3.9)                                         // true: the key showed them at 1
/// screen.controlsVisible(at: 4.0)                                         // false
/// ```
public struct VideoScreen: Equatable, Sendable {
    /// Seconds without pointer or key input after which the controls hide: the 3 s (mpv's OSC hides
    /// after 0.5 s, its `hidetimeout=500`, DOCS/man/osc.rst; 3 s is nearer to what web players do and gives a
    /// new user time to find the controls).
    public static let hideDelay = 3.0
    /// Seconds ← and → seek by: mpv's `LEFT seek -5` / `RIGHT seek 5` (etc/input.conf).
    public static let seekStep = 5.0
    /// Volume ↑ and ↓ change by, on 0...1: the 10 % (mpv's keys `9`/`0` step by 2 of 100).
    public static let volumeStep = 0.1

    /// Whether the window is fullscreen. The screen owns this: F, a double-click, the fullscreen button and
    /// Escape change it and send ``Command/setFullscreen(_:)`` so the window follows.
    public private(set) var fullscreen: Bool

    /// When the controls hide; nil once they are hidden (seen by an event at or after this time).
    private var hideAt: Double?
    /// The seek bar's fraction while it is being dragged.
    private var dragFraction: Double?
    /// The control a press went down on (not the seek bar, which drags), until the pointer lifts.
    private var pressedControl: Control?
    /// A press went down on the picture (not on a visible control): its lift may make a double-click.
    private var pressedPicture = false
    private var doubleClick = DoubleClick()

    /// A screen whose play begins at `t`: the controls show and hide ``hideDelay`` seconds later if nothing
    /// moves. `fullscreen` is the window's state when it opens.
    public init(openedAt t: Double, fullscreen: Bool = false) {
        self.fullscreen = fullscreen
        hideAt = t + Self.hideDelay
    }

    /// Whether the controls would show at `t` while the video plays: until ``hideDelay`` seconds after the last
    /// input, and always while the seek bar is dragged. (``controlsVisible(at:playback:)`` also keeps them while it
    /// does not play.)
    public func controlsVisible(at t: Double) -> Bool {
        if dragFraction != nil { return true }
        guard let hideAt else { return false }
        return t < hideAt
    }

    /// Whether the controls show at `t` with the player reporting `playback` (the trace's `controlsVisible`): always
    /// unless it plays (``Playback/letsControlsHide``), and while it plays as ``controlsVisible(at:)`` says.
    public func controlsVisible(at t: Double, playback: Playback) -> Bool {
        !playback.letsControlsHide || controlsVisible(at: t)
    }

    /// When the controls will hide, so an idle loop can wake for it; nil while they are hidden or held by a
    /// drag. Once the time has passed, any event at or after it (a ``ShellEvent/tick(time:)``) makes it nil, so
    /// a loop that waits for it does not spin.
    public var nextDeadline: Double? { dragFraction == nil ? hideAt : nil }

    /// Whether the seek bar is being dragged.
    public var isDraggingSeekBar: Bool { dragFraction != nil }

    /// Shows the controls at `t` and restarts the hide timer, as pointer motion does (for the host, e.g. when
    /// play begins after a long load, or when a command came from elsewhere such as MPRIS).
    public mutating func showControls(at t: Double) {
        hideAt = t + Self.hideDelay
    }

    /// Handles `event` in a `window` of that size, with the player's state `playback`; returns what the player
    /// and the window must do, in order.
    @discardableResult
    public mutating func handle(_ event: ShellEvent, playback: Playback, window: Size) -> [Command] {
        let t = event.time
        if let hideAt, t >= hideAt, dragFraction == nil { self.hideAt = nil }
        switch event {
        case .key(let key, _):
            showControls(at: t)
            return self.key(key, playback: playback)
        case .pointerDown(let point, _):
            return pointerDown(at: point, t, playback: playback, window: window)
        case .pointerMoved(let point, _):
            showControls(at: t)
            if dragFraction != nil { dragFraction = geometry(window, playback: playback).seekFraction(atX: point.x) }
            return []
        case .pointerUp(let point, _):
            return pointerUp(at: point, t, playback: playback, window: window)
        case .pointerCancelled:
            dragFraction = nil
            pressedControl = nil
            pressedPicture = false
            return []
        case .fullscreenChanged(let on, _):
            // The window manager already did it: the screen follows, and asks the window for nothing.
            fullscreen = on
            return []
        case .wheel, .text, .resized, .tick, .windowClosed:
            // The wheel does nothing (the issue binds none); text is the letter a key already sent as `.key`;
            // a resize only changes the layout, which is computed on demand; closing the window is the shell's.
            return []
        }
    }

    /// The screen laid out in `window` at time `t`, showing `playback`.
    public func layout(window: Size, playback: Playback, at t: Double) -> VideoScreenLayout {
        var layout = geometry(window, playback: playback)
        layout.picture = VideoScreenLayout.letterbox(videoWidth: playback.videoWidth, videoHeight: playback.videoHeight, in: window)
        layout.controlsVisible = controlsVisible(at: t, playback: playback)
        layout.titleText = playback.title
        let duration = playback.seekableDuration
        let shownPosition: Double
        if let dragFraction, let duration {
            layout.played = dragFraction
            shownPosition = dragFraction * duration
        } else if playback.isEnded, let duration {
            // The last frame's time is a frame short of the length: the end reads "0:10 / 0:10", the bar full.
            layout.played = 1
            shownPosition = duration
        } else {
            layout.played = duration.map { Self.unit(playback.safePosition / $0) } ?? 0
            shownPosition = playback.safePosition
        }
        if let duration, let end = playback.bufferedEnd, end.isFinite {
            layout.buffered = Self.unit(end / duration)
        }
        layout.timeText = Self.timeText(position: shownPosition, playback: playback)
        layout.showsPause = playback.isPlaying && playback.failure == nil
        layout.showsSpinner = playback.isBusy && playback.failure == nil
        layout.muted = playback.muted
        layout.volumeLevel = playback.safeVolume
        layout.pressed = dragFraction != nil ? .seekBar : pressedControl
        return layout
    }

    // MARK: Input

    private mutating func key(_ key: ShellKey, playback: Playback) -> [Command] {
        switch key {
        case .space, .k: return playback.failure != nil ? [.retry] : [.togglePause]
        case .left: return [.skip(by: -Self.seekStep)]
        case .right: return [.skip(by: Self.seekStep)]
        case .up: return [.setVolume(Self.stepped(playback.safeVolume + Self.volumeStep))]
        case .down: return [.setVolume(Self.stepped(playback.safeVolume - Self.volumeStep))]
        case .m: return [.setMuted(!playback.muted)]
        case .f: return toggleFullscreen()
        case .escape:
            guard fullscreen else { return [.close] }
            fullscreen = false
            return [.setFullscreen(false)]
        case .enter: return playback.failure != nil ? [.retry] : []
        case .backspace: return []
        }
    }

    private mutating func pointerDown(at point: Point, _ t: Double, playback: Playback, window: Size) -> [Command] {
        var layout = geometry(window, playback: playback)
        layout.controlsVisible = controlsVisible(at: t, playback: playback)
        showControls(at: t)
        dragFraction = nil
        pressedControl = nil
        pressedPicture = false
        guard let control = layout.control(at: point) else {
            // Between the visible buttons is no control and no picture; anywhere else (or anywhere while the
            // controls are hidden) is the picture.
            pressedPicture = !layout.isOnControls(point)
            if !pressedPicture { doubleClick.reset() }
            return []
        }
        doubleClick.reset()
        if control == .seekBar {
            if playback.seekableDuration != nil { dragFraction = layout.seekFraction(atX: point.x) }
        } else {
            pressedControl = control
        }
        return []
    }

    private mutating func pointerUp(at point: Point, _ t: Double, playback: Playback, window: Size) -> [Command] {
        showControls(at: t)
        let layout = geometry(window, playback: playback)
        if dragFraction != nil {
            let fraction = layout.seekFraction(atX: point.x)
            dragFraction = nil
            guard let duration = playback.seekableDuration else { return [] }
            return [.seek(to: fraction * duration)]
        }
        if let control = pressedControl {
            pressedControl = nil
            guard layout.frame(of: control).contains(point) else { return [] }
            return fire(control, at: point, playback: playback, layout: layout)
        }
        if pressedPicture {
            pressedPicture = false
            if doubleClick.up(at: point, time: t) { return toggleFullscreen() }
        }
        return []
    }

    private mutating func fire(_ control: Control, at point: Point, playback: Playback, layout: VideoScreenLayout) -> [Command] {
        switch control {
        case .playPause: return [.togglePause]
        case .mute: return [.setMuted(!playback.muted)]
        case .volume: return [.setVolume(layout.volumeFraction(atX: point.x))]
        case .fullscreen: return toggleFullscreen()
        case .close, .dismiss: return [.close]
        case .retry: return [.retry]
        case .seekBar: return []  // the seek bar drags instead (see pointerDown)
        }
    }

    private mutating func toggleFullscreen() -> [Command] {
        fullscreen.toggle()
        return [.setFullscreen(fullscreen)]
    }

    /// The control rectangles for `window` (what is shown is filled in by ``layout(window:playback:at:)``), with
    /// the failure's panel when `playback` failed.
    private func geometry(_ window: Size, playback: Playback = Playback()) -> VideoScreenLayout {
        var layout = VideoScreenLayout(window: window)
        if let failure = playback.failure { layout.showFailure(Failure(failure)) }
        return layout
    }

    // MARK: Numbers

    /// `value` clamped to 0...1; NaN reads as 0.
    static func unit(_ value: Double) -> Double {
        guard !value.isNaN else { return 0 }
        return min(1, max(0, value))
    }

    /// A volume after a key step: rounded to hundredths (so ten steps from 0 land on exactly 1.0, not
    /// 0.9999999999999999) and clamped to 0...1.
    static func stepped(_ value: Double) -> Double { unit((value * 100).rounded() / 100) }
}
