import DragPhysics
import MediaCore
import PlayerCore
import ScreenKit

/// What one frame shows, read once per frame from the session (``DemoSession/frame(at:)``): drawn by
/// ``FrameRenderer``, written to the trace by ``TraceWriter``, waited on by scripts, and compared by the
/// interactive loop to skip frames that would not change. Typed throughout: the player's phase is
/// PlayerCore's ``PlayerCore/PlayerPhase``, the docked edge DragPhysics' ``DragPhysics/Edge``, the screens
/// ScreenKit's ``ScreenKit/ShellFrame``.
struct FrameSnapshot: Equatable, Sendable {
    /// Time of the frame in seconds (virtual time in scripts).
    var time: Double
    /// The window's size in points.
    var windowWidth: Double
    var windowHeight: Double
    /// The circle's centre and radius in window points.
    var x: Double
    var y: Double
    var radius: Double
    /// The edge the circle sticks to, if any.
    var docked: Edge?
    /// The player's phase as shown (the completion hold included).
    var phase: PlayerPhase
    /// The download level shown, 0...1.
    var progress: Double
    /// The failure message, if failed (drawn under the circle).
    var message: String?
    /// The circle's look.
    var appearance: CircleAppearance
    /// The window title (ScreenKit's ``ScreenKit/WindowTitle``: the app and its screen, a video's title, or the
    /// player's state).
    var title: String
    /// What the screens show.
    var screens: ShellFrame
    /// Changes when an image arrives or fails (so a frame showing it is drawn again).
    var imageGeneration: Int
    /// What the screens reported since the previous frame (traces list them).
    var outputs: [ShellOutput]
    /// Whether the picture changes on its own (the circle or a list moves, a spinner turns): frames must
    /// keep coming at the display rate.
    var isAnimating: Bool
    /// Whether the frame waits on work that happens in real time (a download, a page, an image), so a
    /// scripted run must not let virtual time run ahead of real time.
    var awaitsRealWork: Bool
    /// Whether the desktop's media controls can send a command at any moment (MPRIS is published): a scripted
    /// run paces its waits to real time then too, but this is no work in flight, so the window can still be
    /// idle (`wait-still`).
    var listensForMediaControls = false
    /// What the app draws over everything (the Buff panel, the video player), if anything.
    var overlay: OverlayFrame? = nil
    /// The video the app draws under the screens and the circle (`--app buffs`), if any.
    var backdrop: VideoOverlayFrame? = nil
    /// A new video frame to upload before drawing (nil: the picture on screen stays).
    var picture: VideoPicture? = nil
    /// Whether a scripted run should not move its virtual clock past this frame yet (``VideoOverlayFrame/holdsTime``).
    var holdsTime = false
    /// The session time at which something is next due (an overlay's timer), so an idle loop wakes for it.
    var wakeAt: Double? = nil
    /// The player as shown: visibility, the LIVE mark, now playing, buffer level, headphones.
    /// (`phase`, `progress`, `message` and `appearance` above are read from it; `title` too for the player alone.)
    var audio: MediaDisplay = .visibleDefault

    /// Whether the top screen hides the circle although something is selected (a now-playing screen,
    /// `Screen.hidesCircle`): not drawn, and traced as `"circle":"covered"`.
    var circleCovered: Bool { audio.isVisible && screens.screen?.hidesCircle == true }
}

extension MediaDisplay {
    /// A visible file player with nothing special to show (for snapshots built by hand, e.g. in tests).
    static let visibleDefault = MediaDisplay(isVisible: true, phase: .uninitialized, icon: .play, fill: 0,
                                             title: MediaDisplay.appName)
}

extension FrameSnapshot {
    /// The video player screen, when a video is open (over everything, or under the Buff panel).
    var video: VideoOverlayFrame? { overlay?.video ?? backdrop }
}
