import Foundation
import MediaCore
import MediaHost
import ScreenKit
import VideoCore

/// Hosts any app whose screens are a ScreenKit ``ScreenKit/ScreenModel`` (the Mini iPlayer, Vimeo,
/// Interlochen): passes the shell's outputs to the model, runs the loads it asks for in the background (one
/// task per request, keyed by its serial), hands each outcome back on the main thread at the frame's time,
/// runs its other effects, and stops everything at shutdown. An app is then a model (its core), a kit (its
/// I/O) and a short factory that says how to run a load and an effect:
///
/// ```swift
/// let app = ScreenAppHost(model: VimeoScreens(), context: context, resources: StandardResourceFetcher(),
///                         perform: { request, now in await VimeoLoads.outcome(of: request.load, library: library, now: now) },
///                         effect: { effect in
///                             if case .listen(let request) = effect { context.media?.send(.playRequested(.download(request))) }
///                             return nil   // nothing to report (an effect whose result the model needs returns it)
///                         },
///                         player: { effect in if case .watch(let request) = effect { request } else { nil } })
/// ```
///
/// **The player.** An effect that `player` maps to a ``VideoCore/VideoRequest`` opens the video player: the
/// model pushed ScreenKit's ``ScreenKit/PlayerScreen`` with it; the host releases the global audio, shows a
/// ``VideoOverlay`` (which takes every input while it is open) and asks the media host to play the video. When the
/// player closes (its ✕, Escape out of windowed mode) the video is released and the host closes the player
/// screen (``ScreenKit/Shell/close(_:at:)``), handing the model the `back(from: "player")` it returns; a back
/// from the player screen that reaches the shell (before the video reports) releases the video likewise.
///
/// **What an effect came to.** `effect` returns what the model should hear of the effect it ran (Interlochen's
/// Share: the link copied or not), and the host hands it to ``ScreenKit/ScreenModel/effectFinished(_:_:at:)`` at
/// once, in the same frame; nil: nothing to report. An effect whose outcome comes later (a link's opener that
/// exits with a failure) reports it through the ``EffectReply`` it is given (`effectReplying:`), from any thread;
/// the model hears it at the next frame.
final class ScreenAppHost<Model: ScreenModel>: HostedApp {
    /// Reports what an effect came to once it is known, from any thread: the model hears it at the next frame.
    struct EffectReply: Sendable {
        fileprivate let send: @Sendable (Model.EffectResult) -> Void
        /// Hands `result` to the model at the next frame.
        func callAsFunction(_ result: Model.EffectResult) { send(result) }
    }

    private var model: Model
    private let context: AppContext
    private let perform: @Sendable (Model.Request, Date) async -> Model.Outcome
    private let effect: (Model.Effect, EffectReply) -> Model.EffectResult?
    private let player: (Model.Effect) -> VideoRequest?
    /// The video player, while one is open.
    private var video: VideoOverlay?
    private let finished: (Model.Outcome) -> Void
    private let cleanup: () -> Void
    private var tasks: [Int: Task<Void, Never>] = [:]
    let resources: (any ResourceFetching)?
    /// The app's name in the window title ("Interlochen — Radio").
    let name: String?

    /// - Parameters:
    ///   - model: the app's screens.
    ///   - name: the app's name in the window title (nil: the player's title).
    ///   - context: the way back to the main thread (and to the media host).
    ///   - resources: fetches the screens' images.
    ///   - perform: runs one load (off the main thread); `now` is the wall clock when it started.
    ///   - effect: runs one of the model's other effects (main thread) and returns what the model should hear of
    ///     it (``ScreenKit/ScreenModel/effectFinished(_:_:at:)``), nil for nothing.
    ///   - player: the video an effect opens the player on (nil: not a player effect; it goes to `effect`).
    ///   - finished: sees every outcome before the model does (e.g. to log a failure on stderr).
    ///   - cleanup: stops what the app started (a sample server, a temporary store), after the loads.
    convenience init(model: Model, name: String? = nil, context: AppContext, resources: (any ResourceFetching)?,
         perform: @escaping @Sendable (Model.Request, Date) async -> Model.Outcome,
         effect: @escaping (Model.Effect) -> Model.EffectResult? = { _ in nil },
         player: @escaping (Model.Effect) -> VideoRequest? = { _ in nil },
         finished: @escaping (Model.Outcome) -> Void = { _ in },
         cleanup: @escaping () -> Void = {}) {
        self.init(model: model, name: name, context: context, resources: resources, perform: perform,
                  effectReplying: { value, _ in effect(value) }, player: player, finished: finished, cleanup: cleanup)
    }

    /// As the other initialiser, with `effectReplying`, which may also report what an effect came to later through
    /// the ``EffectReply`` it is given.
    init(model: Model, name: String? = nil, context: AppContext, resources: (any ResourceFetching)?,
         perform: @escaping @Sendable (Model.Request, Date) async -> Model.Outcome,
         effectReplying: @escaping (Model.Effect, EffectReply) -> Model.EffectResult?,
         player: @escaping (Model.Effect) -> VideoRequest? = { _ in nil },
         finished: @escaping (Model.Outcome) -> Void = { _ in },
         cleanup: @escaping () -> Void = {}) {
        self.model = model
        self.name = name
        self.context = context
        self.resources = resources
        self.perform = perform
        self.effect = effectReplying
        self.player = player
        self.finished = finished
        self.cleanup = cleanup
    }

    func start(_ shell: inout Shell, at t: Double) {
        run(model.send(.started, &shell, at: t, now: Date()), &shell, at: t)
    }

    func handle(_ output: ShellOutput, _ shell: inout Shell, at t: Double) {
        if case .back(from: PlayerScreen.id) = output, video != nil {
            // The shell popped the player screen itself (the overlay had no video to take the key yet).
            video = nil
            context.media?.send(.audioReleased)
        }
        run(model.send(.output(output), &shell, at: t, now: Date()), &shell, at: t)
    }

    /// Hands the new status to a model that follows the player (its `Playback` is MediaCore's
    /// ``MediaCore/PlaybackStatus``); a model whose `Playback` is `Never` never hears of it.
    func playbackChanged(_ status: PlaybackStatus, _ shell: inout Shell, at t: Double) {
        guard let playback = status as? Model.Playback else { return }
        run(model.playbackChanged(playback, &shell, at: t), &shell, at: t)
    }

    var isWorking: Bool { !tasks.isEmpty }

    var overlay: (any AppOverlay)? { video }

    /// Over a feed's lists and details the circle rests at the bottom right, above the tab bar (issue 30).
    var circleHome: Shell.CircleHome { .bottomTrailing }

    func shutdown() {
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        if video != nil {
            video = nil
            context.media?.send(.audioReleased)
        }
        cleanup()
    }

    /// Runs the model's commands in order; what an effect reports goes back to the model at once.
    private func run(_ commands: [ScreenModelCommand<Model.Request, Model.Effect>], _ shell: inout Shell, at t: Double) {
        for command in commands {
            switch command {
            case .load(let request): load(request)
            case .effect(let effect):
                if let request = player(effect) {
                    openPlayer(request, at: t)
                } else if let result = self.effect(effect, reply) {
                    run(model.effectFinished(result, &shell, at: t), &shell, at: t)
                }
            }
        }
    }

    /// Releases the global audio (the circle and the headphones mark go), opens the player and plays `request`.
    private func openPlayer(_ request: VideoRequest, at t: Double) {
        guard let media = context.media else { return }
        media.send(.audioReleased)
        let context = self.context
        let owner = UncheckedBox(WeakReference(self))
        video = VideoOverlay(media: media, openedAt: t, quitsOnClose: false, onClose: { [weak self] in
            // The overlay released the video; the player screen closes at the next frame, on the shell.
            self?.video = nil
            context.update { shell, t in owner.value.object?.closePlayerScreen(&shell, at: t) }
        })
        media.send(.playRequested(.video(request)))
    }

    /// What an effect's later outcome goes through: the main thread at the next frame, then the model.
    private var reply: EffectReply {
        let context = self.context
        let owner = UncheckedBox(WeakReference(self))
        return EffectReply { result in
            let result = UncheckedBox(result)
            context.update { shell, t in owner.value.object?.effectReplied(result.value, &shell, at: t) }
        }
    }

    private func effectReplied(_ result: Model.EffectResult, _ shell: inout Shell, at t: Double) {
        run(model.effectFinished(result, &shell, at: t), &shell, at: t)
    }

    private func closePlayerScreen(_ shell: inout Shell, at t: Double) {
        for output in shell.close(PlayerScreen.id, at: t) { handle(output, &shell, at: t) }
    }

    private func load(_ request: Model.Request) {
        let perform = self.perform
        let context = self.context
        let owner = UncheckedBox(WeakReference(self))
        tasks[request.serial] = Task.detached {
            let outcome = await perform(request, Date())
            guard !Task.isCancelled else { return }   // the window is closing
            context.update { shell, t in owner.value.object?.finish(request, outcome, &shell, at: t) }
        }
    }

    private func finish(_ request: Model.Request, _ outcome: Model.Outcome, _ shell: inout Shell, at t: Double) {
        guard tasks.removeValue(forKey: request.serial) != nil else { return }
        finished(outcome)
        run(model.send(.finished(request, outcome), &shell, at: t, now: Date()), &shell, at: t)
    }
}
