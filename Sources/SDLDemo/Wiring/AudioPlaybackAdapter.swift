import PlayerCore

/// Plugs a frame-driven ``AudioEngine`` into the player driver as its ``AudioPlaying``.
///
/// The driver may call from any thread (a fetch finishing on a download thread starts playback), so every
/// call is moved onto the main thread through the ``MainThreadQueue``; the engine is pumped there each
/// frame, and its end is reported back to the driver. When playback finishes the ``CompletionHold`` is
/// marked so the completed state stays visible.
final class AudioPlaybackAdapter: AudioPlaying, FrameTicker, @unchecked Sendable {
    // Touched on the main thread only (through `queue` or `tick`).
    private let engine: AudioEngine
    private let queue: MainThreadQueue
    private let hold: CompletionHold
    private var events: (@Sendable (PlayerEvent) -> Void)?

    init(engine: AudioEngine, queue: MainThreadQueue, hold: CompletionHold) {
        self.engine = engine
        self.queue = queue
        self.hold = hold
    }

    func play(file: String, events: @escaping @Sendable (PlayerEvent) -> Void) {
        queue.async { t in
            self.events = events
            self.engine.play(file: file, at: t)
        }
    }

    func pause() { queue.async { t in self.engine.pause(at: t) } }
    func resume() { queue.async { t in self.engine.resume(at: t) } }

    func stop() {
        queue.async { _ in
            self.events = nil
            self.engine.stop()
        }
    }

    /// Pumps the engine and reports its end to the driver.
    func tick(at t: Double) {
        guard let outcome = engine.pump(at: t), let events else { return }
        self.events = nil
        switch outcome {
        case .finished:
            hold.markFinished(at: t)
            events(.playbackFinished)
        case .failed(let message):
            events(.playbackFailed(message: message))
        }
    }
}
