import AudioPlayback
import Foundation

/// The ``AudioEngine`` backed by AudioPlayback's clock-driven ``AudioPlayer``.
///
/// The player resolves what to play: MP3 in MPEG-TS (the downloaded HLS audio) is demultiplexed and played,
/// anything else plays the fallback MP3 (with a line on stderr). `--mp3 FILE` replaces every file with FILE.
final class MediaAudioEngine: AudioEngine {
    private let player: AudioPlayer
    private let outcomes: OutcomeBox
    private let overrideFile: String?

    /// - Parameters:
    ///   - output: the device (or silent clock) to play on.
    ///   - fallbackMP3: played when a file is not MPEG audio.
    ///   - overrideFile: if set, played instead of every file the player asks for (`--mp3`).
    init(output: any AudioOutput, fallbackMP3: String?, overrideFile: String?) {
        let outcomes = OutcomeBox()
        self.outcomes = outcomes
        self.overrideFile = overrideFile
        self.player = AudioPlayer(output: output, resolver: AudioSourceResolver(fallbackPath: fallbackMP3)) { event in
            outcomes.append(event)
        }
    }

    /// The output's name (e.g. `SDL (disk)`), for the startup log line.
    var outputName: String { player.output.name }

    func play(file: String, at t: Double) {
        _ = outcomes.drain()
        player.play(file: overrideFile ?? file, at: t)
    }

    func pause(at t: Double) { player.pause(at: t) }
    func resume(at t: Double) { player.resume(at: t) }
    func stop() { player.stop() }

    func pump(at t: Double) -> AudioEngineOutcome? {
        player.pump(now: t)
        for event in outcomes.drain() {
            switch event {
            case .finished: return .finished
            case .failed(let message): return .failed(message)
            }
        }
        return nil
    }

    /// Stops playback and releases the device.
    func close() {
        player.stop()
        player.output.close()
    }
}

/// Collects the player's events (delivered inside `pump`, on the calling thread; locked because the
/// callback must be `@Sendable`).
private final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [AudioPlayerEvent] = []

    func append(_ event: AudioPlayerEvent) { lock.withLock { events.append(event) } }

    func drain() -> [AudioPlayerEvent] {
        lock.withLock {
            defer { events.removeAll() }
            return events
        }
    }
}
