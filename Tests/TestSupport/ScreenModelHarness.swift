import DragPhysics
import Foundation
import ScreenKit
import Testing

/// An app's screens model (a ScreenKit `ScreenModel`: `VimeoScreens`, `InterlochenScreens`, `IPlayerScreens`)
/// running headless against a shell value, as SDLDemo's `ScreenAppHost` runs it against the window: each call
/// advances the frame time by ``step`` and hands the model one event; the shell is asserted after it.
///
/// ```swift
/// var app = ScreenModelHarness(VimeoScreens())
/// let start = app.start()                                    // [.load(albums)]
/// _ = app.finish(start.first, .albums(sourced))              // the albums' rows show
/// let open = app.handle(.rowSelected("albums", "1001"))      // [.load(page 1 of album 1001)]
/// #expect(app.top?.id == "videos" && app.top?.load == .loading)
/// ```
///
/// Each test target adds its app's own helpers in an extension (`where Model == VimeoScreens`).
public struct ScreenModelHarness<Model: ScreenModel> {
    /// What the model asks its host to run.
    public typealias Command = ScreenModelCommand<Model.Request, Model.Effect>

    /// How far each call moves the frame time, in seconds.
    public static var step: Double { 0.1 }
    /// The wall-clock time handed to the model when a test gives none: 2023-11-14T22:13:20Z, fixed, so freshness
    /// and "time left" are the same on every run.
    public static var defaultNow: Date { Date(timeIntervalSince1970: 1_700_000_000) }

    /// The model under test.
    public var screens: Model
    /// The shell it changes (the window's screens and the circle, as a value).
    public var shell: Shell
    /// The frame time of the last event, in seconds.
    public var t: Double
    /// The wall-clock time handed to the model.
    public var now: Date
    /// What the model asked for when it started (``start()``'s commands).
    public private(set) var started: [Command] = []

    /// `model` over a shell of `size` (800 × 600 by default, the window's default) with the window's 60 pt circle,
    /// at time 0; nothing sent yet.
    public init(_ model: Model, size: Size = Size(width: 800, height: 600), circleRadius: Double = 60,
                now: Date = Self.defaultNow) {
        screens = model
        shell = Shell(size: size, circleRadius: circleRadius)
        t = 0
        self.now = now
    }

    /// The app starts (at the current time, without a step): its first screens and loads.
    public mutating func start() -> [Command] {
        started = screens.send(.started, &shell, at: t, now: now)
        return started
    }

    /// The shell reported `output` (at the next step), with the wall-clock time `now` (default: ``now``).
    public mutating func handle(_ output: ShellOutput, now: Date? = nil) -> [Command] {
        t += Self.step
        return screens.send(.output(output), &shell, at: t, now: now ?? self.now)
    }

    /// The load `request` finished with `outcome` (at the next step).
    public mutating func finish(_ request: Model.Request, _ outcome: Model.Outcome) -> [Command] {
        t += Self.step
        return screens.send(.finished(request, outcome), &shell, at: t, now: now)
    }

    /// The load `command` finished with `outcome`; records an issue (and sends nothing) when `command` is not a load.
    public mutating func finish(_ command: Command?, _ outcome: Model.Outcome,
                                sourceLocation: SourceLocation = #_sourceLocation) -> [Command] {
        guard let request = Self.request(command) else {
            Issue.record("not a load: \(String(describing: command))", sourceLocation: sourceLocation)
            return []
        }
        return finish(request, outcome)
    }

    /// A frame (at the next step): the shell's tick, and every output it reports handed to the model.
    public mutating func tick() -> [Command] {
        t += Self.step
        var commands: [Command] = []
        for output in shell.send(.tick(time: t)) { commands += screens.send(.output(output), &shell, at: t, now: now) }
        return commands
    }

    /// What plays changed to `playback` (at the next step).
    public mutating func playing(_ playback: Model.Playback) -> [Command] {
        t += Self.step
        return screens.playbackChanged(playback, &shell, at: t)
    }

    /// The host reports what came of an effect, in the frame that ran it (no step).
    public mutating func effectFinished(_ result: Model.EffectResult) -> [Command] {
        screens.effectFinished(result, &shell, at: t)
    }

    /// The top screen.
    public var top: Screen? { shell.top }
    /// The top screen's rows (none without a list).
    public var rows: [ListRow] { top?.list?.rows ?? [] }
    /// The screens' ids, bottom to top.
    public var stack: [String] { shell.screens.map(\.id.rawValue) }

    /// The request `command` asks to load, or nil for an effect.
    public static func request(_ command: Command?) -> Model.Request? {
        if case .load(let request)? = command { return request }
        return nil
    }

    /// The loads among `commands`, in order.
    public static func requests(_ commands: [Command]) -> [Model.Request] { commands.compactMap { request($0) } }

    /// The effects among `commands`, in order.
    public static func effects(_ commands: [Command]) -> [Model.Effect] {
        commands.compactMap { command in
            if case .effect(let effect) = command { return effect }
            return nil
        }
    }
}
