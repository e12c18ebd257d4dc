import MediaCore
import PlayerCore
import ScreenKit

/// One action of a script, to be applied at a point of virtual time.
enum ScriptCommand: Equatable, Sendable {
    /// Resize the window to width × height points.
    case size(width: Int, height: Int)
    /// Press the mouse at (x, y) window points.
    case down(x: Double, y: Double)
    /// Move the pressed mouse to (x, y).
    case move(x: Double, y: Double)
    /// Release the mouse at (x, y).
    case up(x: Double, y: Double)
    /// Press and release at (x, y) at the same time (a click that cannot drag).
    case tap(x: Double, y: Double)
    /// Turn the mouse wheel by (dx, dy) notches as SDL reports them (dy > 0 scrolls towards the start), with
    /// the pointer at (x, y), or where the last pointer event left it when nil.
    case wheel(dx: Double, dy: Double, x: Double?, y: Double?)
    /// Press a key.
    case key(ShellKey)
    /// Type text (what SDL text input delivers; a search field takes it).
    case type(String)
    /// Save the frame rendered at this time to an image (absolute path; PNG for `.png`, else BMP).
    case screenshot(path: String)
    /// Ask the player to play (what an app's Play or Listen does): `play-download URL` (a VOD playlist, the
    /// file flow) or `play-stream URL` (an MP3 over HTTP, or a live HLS playlist: MediaCore's one rule).
    case play(MediaRequest)
    /// `release-audio`: what an app does when a video starts: playback stops and the circle hides.
    case releaseAudio
    /// `seek SECONDS`: the open video jumps to SECONDS on the playlist's time line (as the seek bar does).
    case seek(seconds: Double)
    /// Let time run until `condition` holds; fail after `timeoutMilliseconds` of virtual time.
    case wait(ScriptCondition, timeoutMilliseconds: Int)
    /// Let `milliseconds` of time pass in step with real time (so real work such as a download can
    /// progress); like the other waits, the timeline pauses meanwhile.
    case waitReal(milliseconds: Int)
    /// End the run successfully.
    case quit
}

/// What a `wait-…` command waits for, judged on each frame's ``FrameSnapshot``.
enum ScriptCondition: Equatable, Sendable {
    /// `wait-state STATE`: the player shows this phase.
    case state(PlayerPhase)
    /// `wait-progress P`: the circle's progress (download fill, 0…1) is at least P.
    case progress(Double)
    /// `wait-screen NAME`: the top screen has this name.
    case screen(ScreenID)
    /// `wait-load STATE`: the top screen's content is loading, loaded, failed or refreshing.
    case load(LoadStateName)
    /// `wait-rows N`: the top screen's list holds at least N rows (loaded, not only visible).
    case rows(Int)
    /// `wait-row ID`: the row with this id is on screen.
    case row(RowID)
    /// `wait-notice`: a notice shows.
    case notice
    /// `wait-title TEXT`: the now-playing title (a stream's) contains TEXT.
    case title(String)
    /// `wait-still`: nothing moves or turns and nothing waits on real work (downloads, pages, images).
    case still
    /// `wait-buff ID`: the Buff panel shows buff ID fully slid in.
    case buff(Int)
    /// `wait-no-buff`: no Buff panel is drawn (none shown, or the last one has slid out).
    case noBuff
    /// `wait-video STATE`: a video is open and its state is STATE (`loading`, `playing`, `paused`, `buffering`,
    /// `ended`, `failed`).
    case video(String)
    /// `wait-position SECONDS`: the open video's position (the frame on screen) is at least SECONDS.
    case position(Double)
    /// `wait-frames N`: the open video has shown at least N frames (a live video, whose position starts anywhere).
    case frames(Int)
    /// `wait-slider NAME LOW HIGH`: the details screen on top shows slider NAME (the trace's `sliders`) at a
    /// value from LOW to HIGH (the now-playing screen's `position` after a −15 s or +15 s, say).
    case slider(String, ClosedRange<Double>)

    /// Whether `frame` satisfies the condition.
    func holds(in frame: FrameSnapshot) -> Bool {
        switch self {
        case .state(let phase): return frame.phase == phase
        case .progress(let minimum): return frame.progress >= minimum
        case .screen(let id): return frame.screens.screen?.id == id
        case .load(let name): return frame.screens.screen?.load.name == name
        case .rows(let count): return (frame.screens.screen?.list?.rowCount ?? 0) >= count
        case .row(let id): return frame.screens.screen?.list?.rows.contains { $0.row.id == id } ?? false
        case .notice: return frame.screens.notice != nil
        case .still: return !frame.isAnimating && !frame.awaitsRealWork
        case .title(let text): return frame.audio.nowPlaying?.contains(text) ?? false
        case .buff(let id):
            if case .buff(let panel)? = frame.overlay { return panel.buff.id == id && panel.slide == 1 && !panel.isLeaving }
            return false
        case .noBuff: return frame.overlay == nil
        case .video(let state): return frame.video?.status.state.name == state
        case .position(let seconds): return (frame.video?.status.position ?? -.infinity) >= seconds
        case .frames(let count): return (frame.video?.status.framesShown ?? 0) >= count
        case .slider(let name, let range): return Self.slider(name, in: frame).map(range.contains) ?? false
        }
    }

    /// The value of slider `name` of the details screen `frame` shows on top, if it shows one.
    static func slider(_ name: String, in frame: FrameSnapshot) -> Double? {
        guard let screen = frame.screens.screen, screen.load.showsContent, case .details(let details) = screen.body else {
            return nil
        }
        return details.sliders.first { $0.name == name }?.value
    }

    /// The command as written, for messages.
    var description: String {
        switch self {
        case .state(let phase): "wait-state \(phase.rawValue)"
        case .progress(let minimum): "wait-progress \(minimum)"
        case .screen(let id): "wait-screen \(id)"
        case .load(let name): "wait-load \(name.rawValue)"
        case .rows(let count): "wait-rows \(count)"
        case .row(let id): "wait-row \(id)"
        case .notice: "wait-notice"
        case .still: "wait-still"
        case .title(let text): "wait-title \(text)"
        case .buff(let id): "wait-buff \(id)"
        case .noBuff: "wait-no-buff"
        case .video(let state): "wait-video \(state)"
        case .position(let seconds): "wait-position \(seconds)"
        case .frames(let count): "wait-frames \(count)"
        case .slider(let name, let range): "wait-slider \(name) \(range.lowerBound) \(range.upperBound)"
        }
    }

    /// What the frame shows instead, for a timed-out wait's message.
    func observed(in frame: FrameSnapshot) -> String {
        switch self {
        case .state: return "state: \(frame.phase.rawValue)"
        case .progress: return "progress: \(frame.progress)"
        case .screen: return "screen: \(frame.screens.screen?.id.rawValue ?? "none")"
        case .load: return "load: \(frame.screens.screen?.load.name.rawValue ?? "no screen")"
        case .rows: return "rows: \(frame.screens.screen?.list?.rowCount ?? 0)"
        case .row: return "visible: \(frame.screens.screen?.list?.rows.map(\.row.id.rawValue).joined(separator: " ") ?? "no list")"
        case .notice: return "no notice"
        case .still: return frame.isAnimating ? "still animating" : "waiting on real work"
        case .title: return "title: \(frame.audio.nowPlaying ?? "none")"
        case .buff, .noBuff:
            if case .buff(let panel)? = frame.overlay { return "buff: \(panel.buff.id), slide \(panel.slide)" }
            return "no buff panel"
        case .slider(let name, _):
            return Self.slider(name, in: frame).map { "slider \(name): \($0)" } ?? "no slider \(name) on screen"
        case .video, .position, .frames:
            guard let video = frame.video?.status else { return "no video open" }
            return "video: \(video.state.name) at \(video.position) s, \(video.framesShown) frames shown"
                + (video.error.map { " (\($0))" } ?? "")
        }
    }
}

/// A parsed script line: when, what, and where it came from (for error messages).
struct ScriptStep: Equatable, Sendable {
    /// Virtual time of the step in milliseconds from the start.
    var time: Int
    var command: ScriptCommand
    /// 1-based line number in the script file.
    var line: Int
}
