import CSDL2
import Foundation
import MediaCore
import PlayerCore
import ScreenKit
import Testing

@testable import SDLDemo

/// ``FrameLoop`` with a recording session and target: the one per-frame sequence, a script's steps and waits on
/// the virtual clock (``ScriptFrameSource``), and the live loop drawing only what changed (``LiveFrameSource``).
@Suite("Frame loop")
struct FrameLoopTests {
    /// A session that logs every call; its phase turns `playing` at `playingFrom` (seconds).
    final class RecordingSession: FrameSession {
        var log: [String] = []
        var playingFrom = Double.infinity
        /// What each frame shows besides the phase: the now-playing title and the buffer level, by time.
        var nowPlaying: (Double) -> String? = { _ in nil }
        var buffer: (Double) -> Double = { _ in 0 }
        /// How long after a frame the session needs the next tick (nil: none).
        var tickInterval: Double?
        /// Called on every tick (a test ends a live run from here).
        var onTick: (Double) -> Void = { _ in }

        static func stamp(_ t: Double) -> String { String(format: "%.3f", t) }

        func handle(_ event: ShellEvent) -> DemoSession.Outcome {
            let name: String = switch event {
            case .resized(let size, _): "resized \(Int(size.width))x\(Int(size.height))"
            case .key(let key, _): "key \(key)"
            case .pointerDown(let point, _): "pointerDown(x: \(point.x), y: \(point.y))"
            case .pointerMoved(let point, _): "pointerMoved(x: \(point.x), y: \(point.y))"
            case .pointerUp(let point, _): "pointerUp(x: \(point.x), y: \(point.y))"
            case .windowClosed: "quit"
            default: "\(event)"
            }
            log.append("handle \(name) @\(Self.stamp(event.time))")
            if case .windowClosed = event { return .quit }
            return .keepRunning
        }
        func tick(at t: Double) {
            log.append("tick \(Self.stamp(t))")
            onTick(t)
        }
        func frame(at t: Double) -> FrameSnapshot {
            log.append("frame \(Self.stamp(t))")
            var audio = MediaDisplay.visibleDefault
            audio.phase = t >= playingFrom ? .playing : .uninitialized
            audio.nowPlaying = nowPlaying(t)
            audio.bufferSeconds = buffer(t)
            return FrameSnapshot(time: t, windowWidth: 800, windowHeight: 600, x: 400, y: 300, radius: 60, docked: nil,
                                 phase: audio.phase, progress: 0, message: nil,
                                 appearance: CircleAppearance(icon: .play, fill: 0, failed: false), title: "CirclePlayer",
                                 screens: .empty, imageGeneration: 0, outputs: [], isAnimating: false, awaitsRealWork: false,
                                 audio: audio)
        }
        func markDrawn() { log.append("markDrawn") }
        var images: ImageStore? { nil }
        func nextTick(after frame: FrameSnapshot) -> Double? { tickInterval.map { frame.time + $0 } }
        func play(_ request: MediaRequest) { log.append("play") }
        func releaseAudio() { log.append("releaseAudio") }
        func seekVideo(to seconds: Double) { log.append("seek \(seconds)") }
    }

    /// A target that logs what is drawn; it writes to the same log as the session. Its window takes the size it is
    /// set to, as an offscreen canvas does (the script source compares it with what it handed the session).
    final class RecordingTarget: FrameTarget {
        let session: RecordingSession
        init(_ session: RecordingSession) { self.session = session }
        private(set) var windowSize: (width: Int, height: Int) = (800, 600)
        func draw(_ frame: FrameSnapshot, images: ImageStore?) throws {
            session.log.append("draw \(RecordingSession.stamp(frame.time))")
        }
        func present() { session.log.append("present") }
        func setSize(width: Int, height: Int) {
            windowSize = (width, height)
            session.log.append("setSize \(width)x\(height)")
        }
        func setTitle(_ title: String) {}
        func screenshot(to path: String) throws { session.log.append("screenshot \(path)") }
    }

    static func steps(_ text: String) throws -> [ScriptStep] {
        try ScriptParser(fileName: "test.txt", baseDirectory: "/shots").parse(text)
    }

    static func drawn(_ t: String) -> [String] { ["tick \(t)", "frame \(t)", "draw \(t)", "present", "markDrawn"] }

    @Test("a script: steps at their times, every frame of a wait drawn, the frame it holds on read again after the steps due then")
    func scriptSequence() throws {
        let session = RecordingSession()
        session.playingFrom = 0.3
        let steps = try Self.steps("""
            0 size 400 300
            100 key space
            100 wait-state playing 1000
            100 screenshot shot.png
            150 quit
            """)
        try RenderHarness.withCanvas { _, _ in
            var loop = FrameLoop(source: ScriptFrameSource(steps: steps, fileName: "test.txt", waker: Waker(), framesPerSecond: 10,
                                                           windowSize: (800, 600)),
                                 session: session, target: RecordingTarget(session), trace: nil)
            let stats = try loop.run()
            #expect(stats.frames == 5)
        }
        #expect(session.log == ["setSize 400x300", "handle resized 400x300 @0.000"] + Self.drawn("0.000")
            + ["handle key space @0.100"] + Self.drawn("0.100")
            + Self.drawn("0.200")
            // The wait holds at 0.3: not drawn; the screenshot 0 ms after the wait's line is due then; read again.
            + ["tick 0.300", "frame 0.300", "tick 0.300", "frame 0.300", "draw 0.300", "screenshot /shots/shot.png", "present",
               "markDrawn"]
            // quit, 50 ms after the wait's line: at 0.35, so in the frame at 0.4, which is drawn, and the run ends.
            + Self.drawn("0.400"))
    }

    @Test("a wait that times out names its line and what it saw; wait-real just runs its time")
    func waits() throws {
        let session = RecordingSession()
        let failing = try Self.steps("0 wait-real 250\n0 wait-state playing 200\n100 quit\n")
        var thrown: ScriptError?
        try RenderHarness.withCanvas { _, _ in
            var loop = FrameLoop(source: ScriptFrameSource(steps: failing, fileName: "test.txt", waker: Waker(), framesPerSecond: 10,
                                                           windowSize: (800, 600)),
                                 session: session, target: RecordingTarget(session), trace: nil)
            do {
                _ = try loop.run()
            } catch let error as ScriptError {
                thrown = error
            }
        }
        #expect(thrown?.line == 2)
        #expect(thrown?.message == "wait-state playing timed out after 200 ms (state: uninitialized)")
        // wait-real 250 at 10 fps: frames at 0, 0.1, 0.2 drawn, 0.3 ends it; then wait-state from 0.3 to 0.5.
        #expect(session.log.filter { $0.hasPrefix("draw") } == ["draw 0.000", "draw 0.100", "draw 0.200", "draw 0.300", "draw 0.400"])
    }

    @Test("live: a frame is drawn only when what it shows changes (not for a buffer level); quit ends the run")
    func liveDrawsOnlyChanges() throws {
        let session = RecordingSession()
        var ticks = 0
        session.buffer = { t in t }  // changes every frame, never drawn
        session.nowPlaying = { _ in ticks >= 6 ? "Second title" : "First title" }
        session.onTick = { _ in
            ticks += 1
            if ticks == 10 {
                var quit = SDL_Event()
                quit.type = SDL_QUIT.rawValue
                _ = SDL_PushEvent(&quit)
            }
        }
        try RenderHarness.withCanvas { _, _ in
            SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            var source = LiveFrameSource(waker: Waker(), maxFramesPerSecond: 60, wait: .waker)
            source.idleInterval = 0.001
            var loop = FrameLoop(source: source, session: session, target: RecordingTarget(session), trace: nil)
            let stats = try loop.run()
            // The first frame, and the one where the title changed.
            #expect(stats.frames == 2, "\(session.log)")
        }
        #expect(ticks == 10)
        #expect(session.log.last?.hasPrefix("handle quit @") == true, "\(session.log.suffix(3))")
    }

    @Test("live: nothing changes, the session asks for a tick every 50 ms: the loop wakes about that often, reckoned from the last frame read")
    func liveWakesWhenTheSessionAsks() throws {
        let session = RecordingSession()
        session.tickInterval = 0.05
        var ticks = 0
        session.onTick = { t in
            ticks += 1
            if t >= 0.5, ticks < 1_000 {
                var quit = SDL_Event()
                quit.type = SDL_QUIT.rawValue
                _ = SDL_PushEvent(&quit)
                ticks = 1_000 + ticks  // once
            }
        }
        try RenderHarness.withCanvas { _, _ in
            SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            var loop = FrameLoop(source: LiveFrameSource(waker: Waker(), maxFramesPerSecond: 60, wait: .waker),
                                 session: session, target: RecordingTarget(session), trace: nil)
            let stats = try loop.run()
            #expect(stats.frames == 1, "nothing changed after the first frame")
        }
        // 0.5 s at one tick per 50 ms: about 10 (a busy machine gives fewer, never many more); each tick reckoned
        // from the last frame drawn instead (0 s) would come every millisecond.
        let count = ticks - 1_000
        #expect(count >= 3 && count <= 16, "\(count) ticks in 0.5 s")
    }
}
