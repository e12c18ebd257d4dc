import BuffKit
import BuffCore
import DragPhysics
import FeedKit
import Foundation
import MediaCore
import ScreenKit
import VideoCore

/// `--app buffs`: the SportBuff panel (seed 004) over a playing video, as the seed's host app shows it (issue 19):
/// the embedded sample video (looped) or `--video URL` plays at the bottom through the window's media host, and the
/// panel is drawn over it. The circular player hides while the video is open (the video's own controls are the one
/// player the user sees, issue 30); with `--stream` (no video) it shows under the panel.
///
/// **Layers, bottom to top:** the video (``VideoOverlay`` as the app's ``HostedApp/backdrop``, drawn under the
/// screens), the circle, the panel. Input goes top-down: the panel first where it is drawn
/// (``BuffCore/BuffPanelPointer``), then ScreenKit's ``ScreenKit/BackdropRouter`` decides between the circle (a
/// press on it, when it shows) and the video (keys — Space pauses it, arrows seek and change the volume, Escape
/// closes it and the window — and every other press: its controls).
///
/// **One clock:** the buff schedule, the panel's countdown and the video all run on the session's `t`; the
/// schedule does not look at the video, so pausing, seeking or ending the video never moves a buff (the seed
/// requests one every 30 s regardless).
///
/// The engine (``BuffCore/BuffEngine``) runs on the window's clock: its time is the session's `t`, exact
/// to the millisecond, so scripted runs on the virtual clock are reproducible. Commands go to the panel
/// model (``BuffCore/BuffPanel``, pure: layout, slide, hit testing); `fetch` commands become requests with
/// ``BuffClient`` in the background, answered on the main thread at the frame's time. With no
/// `--base-url`, the embedded sample (Sources/Samples/BuffsSample: ids 1–5 in every shape) is served on
/// 127.0.0.1 (Samples' ``Samples/SampleServer``).
///
/// Input: ``BuffCore/BuffPanelPointer`` decides (a press on the panel is the panel's until release, so the
/// player never sees it; a release on the same answer votes, on the ✕ closes; presses elsewhere go to the
/// shell as usual).
final class BuffsApp: HostedApp, AppOverlay {
    private let context: AppContext
    private let client: BuffClient
    private let sample: AppSample?
    private var engine: BuffEngine
    private(set) var panel = BuffPanel()
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextTask = 0
    /// Which pointer events are the panel's (pure, BuffCore).
    private var pointer = BuffPanelPointer()
    /// The video under the panel (nil: none, with `--stream`), and the sample video's server when it plays that.
    private let video: VideoRequest?
    private let videoSample: AppSample?
    private var player: VideoOverlay?

    /// The app for `baseURL` (nil: the embedded sample) requesting every `interval`, over the video `video` names
    /// (nil: no video — `--stream` asked for a stream in the circle instead, and the panel shows over that).
    init(baseURL: URL?, interval: Duration, video: VideoOptions?, context: AppContext) throws {
        self.context = context
        (self.video, videoSample) = try video.map { try $0.served() } ?? (nil, nil)
        sample = baseURL == nil ? try AppSample.start(.buffs) : nil
        let schedule = BuffSchedule(interval: interval)
        client = BuffClient(baseURL: baseURL ?? sample?.baseURL ?? BuffClient.defaultBaseURL, transport: SharedTransport.transport,
                            limits: RequestLimits(timeout: schedule.fetchDeadline))
        engine = BuffEngine(schedule: schedule)
    }

    /// The engine's time for the session's `t` (seconds), to the millisecond.
    static func engineTime(_ t: Double) -> Duration {
        BuffClock.duration(seconds: max(0, t))
    }

    // MARK: HostedApp

    func start(_ shell: inout Shell, at t: Double) {
        if let media = context.media, let video {
            // The video is the window's content: its ✕ (or Escape) closes the window, as `--video`'s does, so no
            // click leaves the buffs over an empty window; the embedded sample loops under the schedule.
            player = VideoOverlay(media: media, openedAt: t, quitsOnClose: true, loops: videoSample != nil)
            media.send(.playRequested(.video(video)))
        }
        run(engine.send(.start(now: Self.engineTime(t))), at: t)
    }

    func handle(_ output: ShellOutput, _ shell: inout Shell, at t: Double) {}

    var isWorking: Bool { !tasks.isEmpty }
    var resources: (any ResourceFetching)? { StandardResourceFetcher() }
    /// The seed's name: the window reads "Video title — SportBuff" while the video shows.
    var name: String? { "SportBuff" }
    var overlay: (any AppOverlay)? { self }
    var backdrop: (any AppOverlay)? { player }

    func shutdown() {
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        sample?.shutdown()
        videoSample?.shutdown()
    }

    // MARK: AppOverlay

    func consumes(_ event: ShellEvent, window: Size) -> Bool {
        let t = event.time
        let now = Self.engineTime(t)
        let outcome: BuffPanelPointer.Outcome
        switch event {
        case .pointerDown(let point, _):
            tick(at: t)
            outcome = pointer.down(at: point, panel: panel, now: now, window: panelArea(window))
        case .pointerMoved:
            outcome = pointer.moved()
        case .pointerUp(let point, _):
            tick(at: t)
            outcome = pointer.up(at: point, panel: panel, now: now, window: panelArea(window))
        case .wheel(_, _, let point, _):
            outcome = pointer.wheel(at: point, panel: panel, now: now, window: panelArea(window))
        case .pointerCancelled, .key, .text, .resized, .tick, .windowClosed, .fullscreenChanged:
            outcome = .passThrough
        }
        switch outcome {
        case .passThrough: return false
        case .consumed: return true
        case .vote(let answer): run(engine.send(.vote(answer: answer, now: now)), at: t)
        case .close: run(engine.send(.close(now: now)), at: t)
        }
        return true
    }

    func tick(at t: Double) {
        run(engine.send(.tick(now: Self.engineTime(t))), at: t)
    }

    var nextDeadline: Double? {
        engine.nextDeadline.map { Double(BuffClock.milliseconds($0)) / 1000 }
    }

    func frame(at t: Double, window: Size) -> OverlayFrame? {
        panel.frame(at: Self.engineTime(t), window: panelArea(window)).map(OverlayFrame.buff)
    }

    /// Where the panel sits: the window above the video player's control bar when the app plays a video under it,
    /// so the panel never covers the play button and the seek bar (the same area for drawing and for hit
    /// testing). Kept after the video closes, so the card does not jump under a finger about to tap it.
    private func panelArea(_ window: Size) -> Size {
        Size(width: window.width, height: max(0, window.height - (video == nil ? 0 : VideoScreenLayout.barHeight)))
    }

    // MARK: Commands

    private func run(_ commands: [BuffCommand], at t: Double) {
        guard !commands.isEmpty else { return }
        panel.apply(commands, at: Self.engineTime(t))
        for command in commands {
            switch command {
            case .fetch(let id): fetch(id)
            case .reportError(let id, let error):
                DemoLog.line("buff \(id): \(error)")
            default: break
            }
        }
    }

    private func fetch(_ id: Int) {
        let client = self.client
        let context = self.context
        let owner = UncheckedBox(WeakReference(self))
        let serial = nextTask
        nextTask += 1
        tasks[serial] = Task.detached {
            let result = await client.fetch(id: id)
            context.update { _, t in owner.value.object?.fetched(serial: serial, id: id, result: result, at: t) }
        }
    }

    private func fetched(serial: Int, id: Int, result: Result<Buff, BuffError>, at t: Double) {
        tasks[serial] = nil
        run(engine.send(.fetched(id: id, result: result, now: Self.engineTime(t))), at: t)
    }
}
