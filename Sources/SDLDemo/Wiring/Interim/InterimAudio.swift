// TEMPORARY stand-in for the media branch's AudioPlayer: a silent player that "plays" for 2 s.
// Deleted when `media` is merged.
final class InterimSilentEngine: AudioEngine {
    private var remaining = 0.0
    private var startedAt: Double?
    private var playing = false
    func play(file: String, at t: Double) { remaining = 2; startedAt = t; playing = true }
    func pause(at t: Double) { if let s = startedAt { remaining -= t - s }; startedAt = nil }
    func resume(at t: Double) { startedAt = t }
    func stop() { playing = false }
    func pump(at t: Double) -> AudioEngineOutcome? {
        guard playing, let s = startedAt, t - s >= remaining else { return nil }
        playing = false
        return .finished
    }
}
