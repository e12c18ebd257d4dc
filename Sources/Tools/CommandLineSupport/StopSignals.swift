import Foundation

/// SIGINT and SIGTERM handlers that run a closure instead of ending the process: every command line that has
/// something to finish (a file, a connection, an audio device) ends cleanly on Ctrl-C and on `kill`
/// (docs/security.md, "Resource bounds"). The signals are set to be ignored and delivered through dispatch
/// sources; SDL must not install its own handlers (`SDL_NO_SIGNAL_HANDLERS=1`, set by ``init()``), or it
/// would turn them into quit events nobody reads.
///
/// ```swift
/// let stop = StopSignals()
/// defer { stop.cancel() }
/// stop.onEachSignal { signal in work.cancel() }
/// ```
public final class StopSignals: @unchecked Sendable {
    private let lock = NSLock()
    private var action: (@Sendable (Int32) -> Void)?
    private var sources: [any DispatchSourceSignal] = []

    /// Takes SIGINT and SIGTERM over (they no longer end the process) until ``cancel()``; a signal runs the
    /// action given to ``onSignal(_:)`` or ``onEachSignal(_:)``, if any.
    public init() {
        // SDL (the audio output) would otherwise catch both and post SDL_QUIT (SDL_HINT_NO_SIGNAL_HANDLERS).
        setenv("SDL_NO_SIGNAL_HANDLERS", "1", 1)
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.fire(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// What a signal does from now on.
    public func onSignal(_ action: @escaping @Sendable () -> Void) {
        lock.withLock { self.action = { _ in action() } }
    }

    /// What a signal does from now on, told which signal (`SIGINT` or `SIGTERM`).
    public func onEachSignal(_ action: @escaping @Sendable (Int32) -> Void) {
        lock.withLock { self.action = action }
    }

    private func fire(_ number: Int32) {
        let action = lock.withLock { self.action }
        action?(number)
    }

    /// Stops handling the signals.
    public func cancel() {
        for source in sources { source.cancel() }
    }
}
