import Foundation

/// An app's screens as a pure value: the one shape every app core adopts (Vimeo's, Interlochen's, the Mini
/// iPlayer's). Events in — the app started, the shell reported something, a load finished — with the frame's
/// time `t` and the wall-clock `now`; the shell (a value too) changed in place; commands out: typed loads
/// for the host to run, and the app's other effects (play, open a link).
///
/// A host (SDLDemo's `ScreenAppHost`) runs the loads in the background, keeps the table of those in flight,
/// and feeds each outcome back as ``ScreenModelEvent/finished(_:_:)``; an effect whose result the model needs
/// (Interlochen's Share: did the link reach the clipboard?) it reports back through ``effectFinished(_:_:at:)``:
///
/// ```swift
/// var model = VimeoScreens()
/// var commands = model.send(.started, &shell, at: 0, now: Date())      // [.load(albums request)]
/// commands = model.send(.finished(request, .albums(sourced)), &shell, at: 0.3, now: Date())
/// commands = model.send(.output(.rowSelected("albums", "1001")), &shell, at: 1, now: Date())
/// ```
public protocol ScreenModel: Sendable {
    /// One load the model asks for, tied to what asked (its ``ScreenLoadRequest/serial`` is unique).
    associatedtype Request: ScreenLoadRequest
    /// What a load produced (a failure included).
    associatedtype Outcome: Sendable
    /// What else the host runs for the model (e.g. play a request, open a link).
    associatedtype Effect: Sendable
    /// What the host's player is doing, as the model follows it (MediaCore's `PlaybackStatus` for Interlochen);
    /// `Never` (the default) for a model that does not follow the player.
    associatedtype Playback: Sendable = Never
    /// What the host reports of an effect it ran (Interlochen's: Share's link copied or not), so the model alone
    /// decides what the screens say of it; `Never` (the default) for a model whose effects report nothing.
    associatedtype EffectResult: Sendable = Never

    /// Applies `event` at frame time `t` and wall-clock `now`; changes `shell`; returns what to run, in order.
    mutating func send(_ event: ScreenModelEvent<Request, Outcome>, _ shell: inout Shell, at t: Double, now: Date)
        -> [ScreenModelCommand<Request, Effect>]

    /// What plays changed to `playback` at frame time `t` (the host calls it only when it changed): the model
    /// may change `shell` (a Listen button reads Pause) and return commands. The default does nothing.
    mutating func playbackChanged(_ playback: Playback, _ shell: inout Shell, at t: Double)
        -> [ScreenModelCommand<Request, Effect>]

    /// The host ran one of the model's effects and reports what came of it, at frame time `t` (the frame that ran
    /// it): the model may change `shell` (a notice saying so) and return commands. The default does nothing.
    mutating func effectFinished(_ result: EffectResult, _ shell: inout Shell, at t: Double)
        -> [ScreenModelCommand<Request, Effect>]
}

extension ScreenModel {
    /// Does nothing: a model that does not follow the player.
    public mutating func playbackChanged(_ playback: Playback, _ shell: inout Shell, at t: Double)
        -> [ScreenModelCommand<Request, Effect>] { [] }

    /// Does nothing: a model whose effects report nothing.
    public mutating func effectFinished(_ result: EffectResult, _ shell: inout Shell, at t: Double)
        -> [ScreenModelCommand<Request, Effect>] { [] }
}

/// A load request: the host keys its table of loads in flight by ``serial``.
public protocol ScreenLoadRequest: Hashable, Sendable {
    /// Unique among the model's requests.
    var serial: Int { get }
}

/// Something that happened to a ``ScreenModel``.
public enum ScreenModelEvent<Request: ScreenLoadRequest, Outcome: Sendable>: Sendable {
    /// The app starts: show the first screens.
    case started
    /// The shell reported this (a row selected, a list near its end, a refresh, Retry, an action…).
    case output(ShellOutput)
    /// A load the model asked for finished with this outcome.
    case finished(Request, Outcome)
}

/// What a ``ScreenModel`` asks its host to run.
public enum ScreenModelCommand<Request: ScreenLoadRequest, Effect: Sendable>: Sendable {
    /// Run this load and report ``ScreenModelEvent/finished(_:_:)``.
    case load(Request)
    /// Run this effect of the app's own.
    case effect(Effect)
}

extension ScreenModelCommand: Equatable where Effect: Equatable {}
extension ScreenModelCommand: Hashable where Effect: Hashable {}

/// Nothing: the effect type of a model that only loads (the Mini iPlayer).
public enum NoEffect: Hashable, Sendable {}

/// Why a load failed, as the screens show it: one line saying what failed, and whether it was for want of a
/// connection with nothing stored (the screens then show the offline notice).
public struct LoadFailure: Hashable, Sendable, Error {
    /// One line saying what failed.
    public var message: String
    /// Offline with nothing stored.
    public var offline: Bool

    /// A failure.
    public init(message: String, offline: Bool = false) {
        self.message = message
        self.offline = offline
    }
}
