import DragPhysics

/// The video screen laid out in a window, in points: the picture, the controls over it and what they show.
/// The same rectangles serve drawing and hit testing (``control(at:)``), so what is drawn is what a click hits.
///
/// ```
/// ┌──────┬─────────────────────────────────────────────────────┐  topBar: y 0..<48, only with the controls
/// │  ‹   │ title                                               │  (close: the shell's back-button place)
/// ├──────┴─────────────────────────────────────────────────────┤
/// │                    picture (letterboxed)                    │
/// ├────┬─────────────────────────┬──────────────┬────┬───────┬────┤  bar: the last 48 pt, only with the controls
/// │ ▶‖ │ seekBar ▬▬▬▬▬▬░░░░───── │ 0:05 / 0:10  │ 🔈 │ ▬▬─── │ ⛶  │  playPause, seekBar, time, mute, volume, fullscreen
/// └────┴─────────────────────────┴──────────────┴────┴───────┴────┘
/// ```
///
/// The control rectangles are there whether or not the controls show (``controlsVisible`` says whether to
/// draw them; ``control(at:)`` hits nothing while they are hidden). In a window too narrow for every control
/// the seek bar shrinks to nothing first. Sizes are ours unless cited.
public struct VideoScreenLayout: Equatable, Sendable {
    /// The bar's height and the buttons' side: the shell's title-bar height (``ShellLayout/titleBarHeight``),
    /// which is also Material Design's minimum touch target of 48 × 48 dp.
    public static let barHeight = ShellLayout.titleBarHeight
    /// The width of the elapsed / total text: room for "1:02:03 / 1:02:03" in ``TextStyle/body`` (14 pt).
    public static let timeWidth = 136.0
    /// The width of the volume slider.
    public static let volumeWidth = 96.0
    /// The room between the seek bar's ends and its neighbours, so its knob at 0 or 1 is not under them.
    public static let seekBarInset = 12.0

    /// The window's size.
    public var window: Size
    /// The video letterboxed into the window (aspect kept, centred, whole points); nil before the first frame
    /// or in a window with no area. See ``letterbox(videoWidth:videoHeight:in:)``.
    public var picture: Rect?
    /// Whether the controls (both bars) and the cursor show.
    public var controlsVisible: Bool
    /// The top strip with the close button and the title.
    public var topBar: Rect
    /// The bottom control bar.
    public var bar: Rect
    /// The play/pause button at the bar's left end.
    public var playPause: Rect
    /// The seek bar: its hit area is the bar's full height; ``played`` and ``buffered`` are fractions of its width.
    public var seekBar: Rect
    /// Where ``timeText`` goes.
    public var time: Rect
    /// The mute button.
    public var mute: Rect
    /// The volume slider (``volumeLevel`` is the filled fraction of its width).
    public var volume: Rect
    /// The fullscreen button at the bar's right end.
    public var fullscreen: Rect
    /// The back/close button at the top left.
    public var close: Rect
    /// Where the title goes, right of the close button.
    public var title: Rect
    /// The title to show there, if the player has one.
    public var titleText: String?
    /// The fraction of the seek bar filled, 0...1: the position over the duration, or the drag's fraction while
    /// the seek bar is dragged; 0 when live or the duration is unknown.
    public var played: Double
    /// The fraction of the seek bar buffered, 0...1 (0 when live or unknown).
    public var buffered: Double
    /// "0:05 / 0:10" (the drag's time while dragging), "0:05" when the length is unknown, "LIVE" when live.
    public var timeText: String
    /// The play/pause button shows pause (the player is playing).
    public var showsPause: Bool
    /// A spinner shows over the picture (loading or buffering).
    public var showsSpinner: Bool
    /// The mute button shows muted.
    public var muted: Bool
    /// The volume to show on the slider, 0...1. (Named `volumeLevel` because ``volume`` is the slider's rectangle.)
    public var volumeLevel: Double
    /// The control drawn pressed: the one under a press that has not lifted, or the seek bar while dragged.
    public var pressed: VideoScreen.Control?
    /// Why playback failed (its sentence is drawn on ``failurePanel``), nil unless it failed. Then the bottom bar is
    /// neither drawn nor hit: the panel's Retry and Close and the top bar's ✕ are the controls.
    public var failure: VideoScreen.Failure?
    /// The card in the middle of the window holding the failure's sentence and its buttons (zero without one).
    public var failurePanel: Rect
    /// The failure's Retry button (zero without a failure).
    public var retry: Rect
    /// The failure's Close button (zero without a failure).
    public var dismiss: Rect

    /// The failure panel's size and its buttons': a card as wide as a notice (``NoticeLayout``'s 400 pt at most),
    /// two lines of text over a row of 40 pt buttons, 96 pt wide.
    public static let failureWidth = 400.0, failureHeight = 136.0, failureButtonWidth = 96.0, failureButtonHeight = 40.0

    /// The geometry for `window` with every value shown empty: no picture, controls hidden, nothing played.
    /// ``VideoScreen/layout(window:playback:at:)`` fills in the rest.
    public init(window: Size) {
        let width = max(0, window.width), height = max(0, window.height)
        let shell = ShellLayout(size: Size(width: width, height: height))
        let side = Self.barHeight
        self.window = window
        picture = nil
        controlsVisible = false
        topBar = shell.titleBar
        close = shell.backButton
        title = shell.titleText
        bar = Rect(x: 0, y: max(0, height - side), width: width, height: min(height, side))
        playPause = Rect(x: 0, y: bar.y, width: min(width, side), height: bar.height)
        fullscreen = Rect(x: max(0, width - side), y: bar.y, width: min(width, side), height: bar.height)
        volume = Rect(x: max(0, fullscreen.x - Self.volumeWidth), y: bar.y, width: min(fullscreen.x, Self.volumeWidth), height: bar.height)
        mute = Rect(x: max(0, volume.x - side), y: bar.y, width: min(volume.x, side), height: bar.height)
        time = Rect(x: max(0, mute.x - Self.timeWidth), y: bar.y, width: min(mute.x, Self.timeWidth), height: bar.height)
        let seekX = playPause.maxX + Self.seekBarInset
        seekBar = Rect(x: seekX, y: bar.y, width: max(0, time.x - Self.seekBarInset - seekX), height: bar.height)
        titleText = nil
        played = 0
        buffered = 0
        timeText = VideoScreen.clock(0)
        showsPause = false
        showsSpinner = false
        muted = false
        volumeLevel = 1
        pressed = nil
        failure = nil
        failurePanel = .zero
        retry = .zero
        dismiss = .zero
    }

    /// Lays out the panel for `failure`, centred in the window (narrower in a narrow window): the sentence at its
    /// top, Close and Retry at its bottom right, Retry rightmost (the first action, as ``NoticeLayout`` places it).
    public mutating func showFailure(_ failure: VideoScreen.Failure) {
        self.failure = failure
        let width = min(Self.failureWidth, max(0, window.width - 32)), height = min(Self.failureHeight, max(0, window.height))
        failurePanel = Rect(x: ((window.width - width) / 2).rounded(), y: ((window.height - height) / 2).rounded(),
                            width: width, height: height)
        let buttonY = failurePanel.maxY - 16 - Self.failureButtonHeight
        retry = Rect(x: failurePanel.maxX - 16 - Self.failureButtonWidth, y: buttonY,
                     width: Self.failureButtonWidth, height: Self.failureButtonHeight)
        dismiss = Rect(x: retry.x - 8 - Self.failureButtonWidth, y: buttonY,
                       width: Self.failureButtonWidth, height: Self.failureButtonHeight)
    }

    /// Where the failure's sentence goes: the panel less its margins and the buttons' row.
    public var failureText: Rect {
        Rect(x: failurePanel.x + 16, y: failurePanel.y + 16, width: max(0, failurePanel.width - 32),
             height: max(0, failurePanel.height - 48 - Self.failureButtonHeight))
    }

    /// The rectangle of `control`.
    public func frame(of control: VideoScreen.Control) -> Rect {
        switch control {
        case .playPause: playPause
        case .seekBar: seekBar
        case .mute: mute
        case .volume: volume
        case .fullscreen: fullscreen
        case .close: close
        case .retry: retry
        case .dismiss: dismiss
        }
    }

    /// The control under `point`, or nil (always nil while the controls are hidden). After a failure only the ✕,
    /// Retry and Close are controls.
    public func control(at point: Point) -> VideoScreen.Control? {
        guard controlsVisible else { return nil }
        let controls: [VideoScreen.Control] = failure == nil
            ? [.playPause, .seekBar, .mute, .volume, .fullscreen, .close] : [.close, .retry, .dismiss]
        return controls.first { frame(of: $0).contains(point) }
    }

    /// Whether `point` is on the visible controls' strips or the failure's panel (a click there is not a click on
    /// the picture, even between the buttons); false while they are hidden.
    public func isOnControls(_ point: Point) -> Bool {
        guard controlsVisible else { return false }
        if failure != nil { return topBar.contains(point) || failurePanel.contains(point) }
        return topBar.contains(point) || bar.contains(point)
    }

    /// The seek bar's fraction at window x `x`, clamped to 0...1 (so a drag past either end pins there).
    public func seekFraction(atX x: Double) -> Double { Self.fraction(of: x, across: seekBar) }

    /// The volume slider's fraction at window x `x`, clamped to 0...1.
    public func volumeFraction(atX x: Double) -> Double { Self.fraction(of: x, across: volume) }

    /// A `videoWidth` × `videoHeight` picture scaled to fit `window` with its aspect kept and centred (the
    /// bars left over are black): the picture takes the window's full height unless that makes it wider than
    /// the window, then the full width, as ffplay's `calculate_display_rect` (fftools/ffplay.c) does, with
    /// square pixels assumed as there. Unlike ffplay (which rounds sizes down to even numbers) the size is
    /// rounded to the nearest whole point and the origin centred and rounded down, so the edges fall on pixels
    /// and a picture of the window's own aspect fills it exactly. Nil when either size has no area.
    public static func letterbox(videoWidth: Int, videoHeight: Int, in window: Size) -> Rect? {
        guard videoWidth > 0, videoHeight > 0, window.width.isFinite, window.height.isFinite,
              window.width >= 1, window.height >= 1 else { return nil }
        let scale = min(window.width / Double(videoWidth), window.height / Double(videoHeight))
        let width = min(window.width, max(1, (Double(videoWidth) * scale).rounded()))
        let height = min(window.height, max(1, (Double(videoHeight) * scale).rounded()))
        return Rect(x: ((window.width - width) / 2).rounded(.down), y: ((window.height - height) / 2).rounded(.down),
                    width: width, height: height)
    }

    private static func fraction(of x: Double, across rect: Rect) -> Double {
        rect.fraction(atX: x)
    }
}
