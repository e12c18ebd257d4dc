/// Plays one file at a time, driven by the caller's clock (real or virtual).
///
/// The main loop calls ``pump(now:)`` every frame with the current clock in seconds. While playing, the player
/// advances ``position`` by the clock's progress, decodes and queues audio up to `position + lead`, and reports
/// ``AudioPlayerEvent/finished`` once the clock has covered the whole file. With a virtual clock (scripted runs
/// faster than real time) the states and completion are therefore deterministic; with ``SilentAudioOutput`` no
/// device is needed at all. Events are delivered only from within ``pump(now:)``, on the caller's thread.
///
/// ```swift
/// let player = AudioPlayer(output: AudioOutputFactory.makeBest(),
///                          resolver: AudioSourceResolver(fallbackPath: "fallback.mp3")) { event in print(event) }
/// player.play(file: "/tmp/track.ts")
/// while running { player.pump(now: clock.seconds) }
/// ```
public final class AudioPlayer {
    /// The device (or silent sink) audio is queued to.
    public let output: any AudioOutput
    /// Decides what to play for a file (MP3, MP3 in MPEG-TS, or the fallback).
    public let resolver: AudioSourceResolver
    /// Seconds of audio queued ahead of the position.
    public let lead: Double
    /// Receives ``AudioPlayerEvent``s.
    public let onEvent: @Sendable (AudioPlayerEvent) -> Void

    /// The current state.
    public private(set) var state: AudioPlayerState = .idle
    /// What is being played (set by ``play(file:at:)`` when the file resolved).
    public private(set) var source: ResolvedAudio?
    /// Seconds played according to the clock, at most ``duration``.
    public private(set) var position: Double = 0

    private var decoder: MP3Decoder?
    private var estimatedDuration: Double = 0
    private var queuedFrames = 0
    private var decoderExhausted = false
    private var lastNow: Double?
    private var pendingEvents: [AudioPlayerEvent] = []

    /// Creates a player on `output`; `lead` is clamped to 0.02...2 seconds.
    public init(
        output: any AudioOutput, resolver: AudioSourceResolver = AudioSourceResolver(), lead: Double = 0.15,
        onEvent: @escaping @Sendable (AudioPlayerEvent) -> Void
    ) {
        self.output = output
        self.resolver = resolver
        self.lead = min(max(lead, 0.02), 2)
        self.onEvent = onEvent
    }

    /// Length of the file in seconds: estimated from the MPEG audio frame headers until everything has been
    /// decoded, exact (decoded frames / sample rate) afterwards; 0 when nothing is loaded.
    public var duration: Double {
        decoderExhausted ? output.format.seconds(frames: queuedFrames) : estimatedDuration
    }

    /// True once the file has been played to the end.
    public var isFinished: Bool { state == .finished }

    /// Starts playing `path` from the beginning (stopping what played before).
    ///
    /// MPEG-TS with MPEG audio is demultiplexed and played; MP3 is played directly; anything else plays the
    /// resolver's fallback (with one line on stderr). Failures arrive as ``AudioPlayerEvent/failed(_:)``
    /// at the next ``pump(now:)``. `now`, if given, is the clock at which playback starts.
    public func play(file path: String, at now: Double? = nil) {
        stop()
        do {
            let resolved = try resolver.resolve(path: path)
            let decoder = try MP3Decoder(format: output.format)
            try decoder.feed(resolved.mp3)
            source = resolved
            self.decoder = decoder
            estimatedDuration = MPEGAudioFrameHeader.scan(resolved.mp3).duration
            lastNow = now
            state = .playing
            output.setPaused(false)
        } catch {
            fail("\(error)")
        }
    }

    /// Pauses; the position is kept. `now`, if given, first accounts for the time played since the last pump.
    public func pause(at now: Double? = nil) {
        guard state == .playing else { return }
        if let now { advanceClock(to: now) }
        state = .paused
        lastNow = nil
        output.setPaused(true)
    }

    /// Resumes after ``pause(at:)``; `now`, if given, is the clock at which playback resumes.
    public func resume(at now: Double? = nil) {
        guard state == .paused else { return }
        state = .playing
        lastNow = now
        output.setPaused(false)
    }

    /// Stops and unloads the file; the state becomes ``AudioPlayerState/idle`` (no event is sent).
    public func stop() {
        output.setPaused(true)
        output.clear()
        decoder = nil
        source = nil
        position = 0
        estimatedDuration = 0
        queuedFrames = 0
        decoderExhausted = false
        lastNow = nil
        pendingEvents = []
        state = .idle
    }

    /// Advances the player to clock time `now` (seconds; any origin, must not go backwards): moves the position,
    /// queues audio up to `position + lead`, detects the end and delivers events.
    public func pump(now: Double) {
        if state == .playing {
            advanceClock(to: now)
            fillQueue()
            if state == .playing, decoderExhausted, position >= duration {
                position = duration
                state = .finished
                output.setPaused(true)
                output.clear()
                pendingEvents.append(.finished)
            }
        }
        let events = pendingEvents
        pendingEvents = []
        for event in events { onEvent(event) }
    }

    private func advanceClock(to now: Double) {
        if let lastNow, now > lastNow {
            position += now - lastNow
            if decoderExhausted { position = min(position, duration) }
        }
        lastNow = now
    }

    private func fillQueue() {
        guard let decoder else { return }
        let format = output.format
        do {
            while !decoderExhausted, format.seconds(frames: queuedFrames) < position + lead {
                guard let pcm = try decoder.decode(maxFrames: 2048) else {
                    decoderExhausted = true
                    guard queuedFrames > 0 else {
                        throw AudioPlaybackError.noAudio(source?.path ?? "input")
                    }
                    break
                }
                try output.enqueue(pcm)
                queuedFrames += pcm.count / format.channels
            }
        } catch {
            fail("\(source?.path ?? "input"): \(error)")
        }
    }

    private func fail(_ message: String) {
        output.setPaused(true)
        output.clear()
        decoder = nil
        state = .failed(message)
        pendingEvents.append(.failed(message))
    }
}
