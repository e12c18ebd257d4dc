import DragPhysics
import MediaCore
import MediaHost
import PlayerCore
import ScreenKit

/// The running demo without its window: the media host (MediaHost: a download or a stream in the circle),
/// the shell (the circle over the app's screens, ScreenKit's ``ScreenKit/Shell``), the app, and what must be
/// pumped once per frame. Input comes in as ScreenKit's timed ``ScreenKit/ShellEvent``s; each frame is read once as a
/// ``FrameSnapshot``. The interactive loop and the script runner both drive it, with real or virtual time.
final class DemoSession {
    /// Circle radius in window points.
    static let radius = 60.0

    /// The window's one player (scripts play and release through it, as apps do).
    let media: MediaHost
    /// Whether each tick moves the media host's clock (scripts' virtual time; the interactive window's host
    /// runs on its own thread).
    private let pumpsMedia: Bool
    private(set) var shell: Shell
    private let app: any HostedApp
    private let tickers: [any FrameTicker]
    /// The window's images (nil in sessions without a window, e.g. unit tests).
    var images: ImageStore?
    private var pendingOutputs: [ShellOutput] = []
    /// The newest video frame taken from the host and not yet drawn.
    private var pendingPicture: VideoPicture?
    /// Who hears input between the shell and the app's backdrop (ScreenKit's, pure).
    private var backdropRouter = BackdropRouter()
    /// What the player held when the app last heard of it (nil: not yet told).
    private var playback: PlaybackStatus?

    /// Creates a session in a window of `width` × `height` points, its circle where the app wants it
    /// (``HostedApp/circleHome``: centred for the player alone, docked at the bottom right over a feed's screens).
    init(media: MediaHost, pumpsMedia: Bool, width: Double, height: Double, app: any HostedApp = PlayerApp(),
         tickers: [any FrameTicker] = []) {
        self.media = media
        self.pumpsMedia = pumpsMedia
        self.shell = Shell(size: Size(width: width, height: height), circleRadius: Self.radius, circleHome: app.circleHome)
        self.app = app
        self.tickers = tickers
    }

    /// Shows the app's first screens at `t`.
    func start(at t: Double) {
        app.start(&shell, at: t)
    }

    /// What to do after an input event.
    enum Outcome: Equatable {
        case keepRunning
        case quit
    }

    /// Applies one input event (timed in session seconds): the app's overlay sees it first, then the app's
    /// backdrop if the router gives it the event and it takes it, then the shell.
    func handle(_ event: ShellEvent) -> Outcome {
        // The window's size is the shell's to know whatever covers it: the overlays read it from the shell. (The
        // video player took every event, so a window resized or made fullscreen under it kept the old layout.)
        if case .resized = event { return dispatch(shell.send(event), at: event.time) }
        if let overlay = app.overlay, overlay.consumes(event, window: shell.layout.size) {
            return overlay.wantsQuit ? .quit : .keepRunning
        }
        if let backdrop = app.backdrop, backdropRouter.route(event, shell: shell) == .backdrop,
           backdrop.consumes(event, window: shell.layout.size) {
            return backdrop.wantsQuit ? .quit : .keepRunning
        }
        return dispatch(shell.send(event), at: event.time)
    }

    private func dispatch(_ outputs: [ShellOutput], at t: Double) -> Outcome {
        var outcome = Outcome.keepRunning
        for output in outputs {
            pendingOutputs.append(output)
            switch output {
            case .circleTapped:
                media.send(.circleTapped)
            case .quit:
                outcome = .quit
            default:
                app.handle(output, &shell, at: t)
            }
        }
        return outcome
    }

    /// Runs the per-frame work for time `t`: results handed to the main thread (downloads, playback, the
    /// app's pages, images), the shell's tick (finished motions settle, a list near its end asks for
    /// more), and the image fetches the screens now need.
    func tick(at t: Double) {
        for ticker in tickers { ticker.tick(at: t) }
        if pumpsMedia { media.pump(now: t) }
        if let frame = media.takeVideoFrame() { pendingPicture = VideoPicture(frame) }
        shell.isCircleHidden = !media.display().isVisible
        app.backdrop?.tick(at: t)
        let status = media.status()
        if status != playback {
            playback = status
            app.playbackChanged(status, &shell, at: t)
        }
        app.overlay?.tick(at: t)
        _ = dispatch(shell.send(.tick(time: t)), at: t)
        images?.show(shell.frame(at: t).imageURLs + (app.overlay?.frame(at: t, window: shell.layout.size)?.imageURLs ?? []), at: t)
    }

    /// Selects the app's tab `id` at `t` as a tap on it would (the tab a person left the app on, restored at
    /// start from the settings); the app hears ``ScreenKit/ShellOutput/tabSelected(_:_:)`` as usual.
    func selectTab(_ id: TabID, at t: Double) {
        _ = dispatch(shell.selectTab(id, at: t), at: t)
    }

    /// The tab selected on the topmost screen that has tabs (a details screen over a tab keeps its tab); nil when
    /// the app has none.
    var selectedTab: TabID? {
        shell.screens.last { $0.tabs != nil }?.tabs?.selected
    }

    /// Changes the shell from outside an event (an app's background result), at `t`.
    func update(at t: Double, _ change: (inout Shell, Double) -> Void) {
        change(&shell, t)
    }

    /// What the frame at time `t` shows, read once per frame. Pure: reading changes nothing; the outputs it
    /// lists stay until ``markDrawn()``.
    func frame(at t: Double) -> FrameSnapshot {
        let display = media.display()
        let circle = shell.circle
        let center = circle.center(at: t)
        let appearance = CircleAppearance(display)
        let outputs = pendingOutputs
        let overlay = app.overlay?.frame(at: t, window: shell.layout.size)
        let backdrop = app.backdrop?.frame(at: t, window: shell.layout.size)?.video
        let video = overlay?.video ?? backdrop
        let wakeAt = [app.overlay?.nextDeadline, app.backdrop?.nextDeadline].compactMap { $0 }.min()
        let screens = shell.frame(at: t)
        let title = WindowTitle.text(app: app.name, screen: screens.screen?.title,
                                     video: video.map { $0.status.title ?? "" }, player: display.title)
        return FrameSnapshot(
            time: t, windowWidth: shell.layout.size.width, windowHeight: shell.layout.size.height,
            x: center.x, y: center.y, radius: circle.radius,
            docked: circle.dockedEdge(at: t),
            phase: display.phase,
            progress: display.fill,
            message: display.message,
            appearance: appearance,
            title: title,
            screens: screens,
            imageGeneration: images?.generation ?? 0,
            outputs: outputs,
            isAnimating: (display.isVisible && appearance.isAnimated) || shell.isAnimating(at: t) || overlay?.isAnimating == true
                || backdrop.map { OverlayFrame.video($0).isAnimating } == true,
            awaitsRealWork: display.awaitsRealWork || app.isWorking || images?.isFetching == true
                || video?.awaitsRealWork == true,
            // A command from the media controls comes in real time too: a paused stream awaits nothing real, yet a
            // script's `wait-state playing` then waits for `playerctl play-pause` on the bus.
            listensForMediaControls: media.takesMediaControlCommands,
            overlay: overlay,
            backdrop: backdrop,
            picture: pendingPicture,
            holdsTime: video?.holdsTime == true,
            wakeAt: wakeAt,
            audio: display)
    }

    /// The frame was drawn (and traced): the outputs it listed are done.
    func markDrawn() {
        pendingOutputs.removeAll()
        pendingPicture = nil
    }

    /// Stops the app's background work.
    func shutdown() {
        app.shutdown()
        images?.shutdown()
    }
}

/// Something that needs a call every frame with the frame's time (e.g. the main-thread queue).
protocol FrameTicker: AnyObject {
    /// Does the work due by time `t` (seconds, the session's clock).
    func tick(at t: Double)
}
