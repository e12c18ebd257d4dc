import Foundation
import ScreenKit

/// Hosts any app whose screens are a ScreenKit ``ScreenKit/ScreenModel`` (the Mini iPlayer, Vimeo,
/// Interlochen): passes the shell's outputs to the model, runs the loads it asks for in the background (one
/// task per request, keyed by its serial), hands each outcome back on the main thread at the frame's time,
/// runs its other effects, and stops everything at shutdown. An app is then a model (its core), a kit (its
/// I/O) and a short factory that says how to run a load and an effect:
///
/// ```swift
/// let app = ScreenAppHost(model: VimeoScreens(), context: context, resources: StandardResourceFetcher(),
///                         perform: { request, now in await VimeoLoads.outcome(of: request.load, library: library, now: now) },
///                         effect: { effect in if case .play(let request) = effect { context.media?.send(.playRequested(.download(request))) } })
/// ```
final class ScreenAppHost<Model: ScreenModel>: HostedApp {
    private var model: Model
    private let context: AppContext
    private let perform: @Sendable (Model.Request, Date) async -> Model.Outcome
    private let effect: (Model.Effect) -> Void
    private let finished: (Model.Outcome) -> Void
    private let cleanup: () -> Void
    private var tasks: [Int: Task<Void, Never>] = [:]
    let resources: (any ResourceFetching)?

    /// - Parameters:
    ///   - model: the app's screens.
    ///   - context: the way back to the main thread (and to the media host).
    ///   - resources: fetches the screens' images.
    ///   - perform: runs one load (off the main thread); `now` is the wall clock when it started.
    ///   - effect: runs one of the model's other effects (main thread).
    ///   - finished: sees every outcome before the model does (e.g. to log a failure on stderr).
    ///   - cleanup: stops what the app started (a sample server, a temporary store), after the loads.
    init(model: Model, context: AppContext, resources: (any ResourceFetching)?,
         perform: @escaping @Sendable (Model.Request, Date) async -> Model.Outcome,
         effect: @escaping (Model.Effect) -> Void = { _ in },
         finished: @escaping (Model.Outcome) -> Void = { _ in },
         cleanup: @escaping () -> Void = {}) {
        self.model = model
        self.context = context
        self.resources = resources
        self.perform = perform
        self.effect = effect
        self.finished = finished
        self.cleanup = cleanup
    }

    func start(_ shell: inout Shell, at t: Double) {
        run(model.send(.started, &shell, at: t, now: Date()))
    }

    func handle(_ output: ShellOutput, _ shell: inout Shell, at t: Double) {
        run(model.send(.output(output), &shell, at: t, now: Date()))
    }

    var isWorking: Bool { !tasks.isEmpty }

    func shutdown() {
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        cleanup()
    }

    private func run(_ commands: [ScreenModelCommand<Model.Request, Model.Effect>]) {
        for command in commands {
            switch command {
            case .load(let request): load(request)
            case .effect(let effect): self.effect(effect)
            }
        }
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
        run(model.send(.finished(request, outcome), &shell, at: t, now: Date()))
    }
}
