import BuffKit
import BuffCore
import DragPhysics
import FeedKit
import Foundation
import Samples
import ScreenKit
import StreamServer

/// `--app buffs`: the circular player as always, with the SportBuff panel (seed 004) over the window.
///
/// The engine (``BuffCore/BuffEngine``) runs on the window's clock: its time is the session's `t`, exact
/// to the millisecond, so scripted runs on the virtual clock are reproducible. Commands go to the panel
/// model (``BuffCore/BuffPanel``, pure: layout, slide, hit testing); `fetch` commands become requests with
/// ``BuffClient`` in the background, answered on the main thread at the frame's time. With no
/// `--base-url`, the embedded sample (Resources/BuffsSample: ids 1–5 in every shape) is served by an
/// in-process StreamServer on 127.0.0.1.
///
/// Input: ``BuffCore/BuffPanelPointer`` decides (a press on the panel is the panel's until release, so the
/// player never sees it; a release on the same answer votes, on the ✕ closes; presses elsewhere go to the
/// shell as usual).
final class BuffsApp: HostedApp, AppOverlay {
    private let context: AppContext
    private let client: BuffClient
    private let transport: AsyncHTTPTransport
    private let server: StreamServer?
    private var engine: BuffEngine
    private(set) var panel = BuffPanel()
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var nextTask = 0
    /// Which pointer events are the panel's (pure, BuffCore).
    private var pointer = BuffPanelPointer()

    /// The app for `baseURL` (nil: the embedded sample) requesting every `interval`.
    init(baseURL: URL?, interval: Duration, context: AppContext) throws {
        self.context = context
        var base = baseURL
        if base == nil {
            let folder: URL
            do {
                folder = try SampleName.buffs.directory()
            } catch {
                throw WiringError(message: error.message)
            }
            let table = try RouteTable.load(contentsOf: folder.appendingPathComponent("routes.json"))
            let server = try Blocking.run { try await StreamServer.start(routes: table) }
            self.server = server
            base = server.baseURL
        } else {
            server = nil
        }
        let schedule = BuffSchedule(interval: interval)
        transport = AsyncHTTPTransport()
        client = BuffClient(baseURL: base ?? BuffClient.defaultBaseURL, transport: transport,
                            limits: RequestLimits(timeout: schedule.fetchDeadline))
        engine = BuffEngine(schedule: schedule)
    }

    /// The engine's time for the session's `t` (seconds), to the millisecond.
    static func engineTime(_ t: Double) -> Duration {
        BuffClock.duration(seconds: max(0, t))
    }

    // MARK: HostedApp

    func start(_ shell: inout Shell, at t: Double) {
        run(engine.send(.start(now: Self.engineTime(t))), at: t)
    }

    func handle(_ output: ShellOutput, _ shell: inout Shell, at t: Double) {}

    var isWorking: Bool { !tasks.isEmpty }
    var resources: (any ResourceFetching)? { StandardResourceFetcher() }
    var overlay: (any AppOverlay)? { self }

    func shutdown() {
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        let transport = transport
        _ = try? Blocking.run { try await transport.shutdown() }
        if let server {
            _ = try? Blocking.run { try await server.shutdown() }
        }
    }

    // MARK: AppOverlay

    func consumes(_ event: InputEvent, at t: Double, window: Size) -> Bool {
        let now = Self.engineTime(t)
        let outcome: BuffPanelPointer.Outcome
        switch event {
        case .pointerDown(let x, let y):
            tick(at: t)
            outcome = pointer.down(at: Point(x: x, y: y), panel: panel, now: now, window: window)
        case .pointerMoved:
            outcome = pointer.moved()
        case .pointerUp(let x, let y):
            tick(at: t)
            outcome = pointer.up(at: Point(x: x, y: y), panel: panel, now: now, window: window)
        case .wheel(_, _, let x, let y):
            outcome = pointer.wheel(at: Point(x: x, y: y), panel: panel, now: now, window: window)
        case .key, .text, .resized, .quit:
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
        panel.frame(at: Self.engineTime(t), window: window).map(OverlayFrame.buff)
    }

    // MARK: Commands

    private func run(_ commands: [BuffCommand], at t: Double) {
        guard !commands.isEmpty else { return }
        panel.apply(commands, at: Self.engineTime(t))
        for command in commands {
            switch command {
            case .fetch(let id): fetch(id)
            case .reportError(let id, let error):
                DemoLog.line("SDLDemo: buff \(id): \(error)")
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
