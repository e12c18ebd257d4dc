import AudioPlayback
import Downloader
import Foundation
import SafeText
import VideoCore

/// The headless video player: give it a ``VideoRequest`` and call ``pump(now:)`` from the window's loop; it
/// answers with the frame to show (when a new one is due) and a ``VideoStatus``.
///
/// ```swift
/// let engine = VideoEngine(audioOutput: sharedSDLOutput) { wakeWindow() }   // wakeWindow: post an SDL event
/// engine.open(VideoRequest(source: .parse(url), startSeconds: start, maxBandwidth: cap, title: title))
/// engine.setDisplaySize(width: 1280, height: 720)                          // caps the ABR by the window
/// while running {
///     let pumped = engine.pump(now: seconds())                             // the window's clock
///     if let frame = pumped.frame { upload(frame) }                        // SDL_UpdateYUVTexture
///     draw(pumped.status)                                                  // controls, seek bar, trace
/// }
/// engine.close()
/// ```
///
/// **How it runs.** The state machine is VideoCore's ``VideoPlayer``; the engine runs its commands. Fetching
/// (our HLS engine via ``HLSMediaLoader``, or libavformat on a file) and demuxing run on a task or thread of their
/// own, decoding on two threads (video, audio); everything meets in bounded queues (``QueuePolicy``). The window's
/// thread, in ``pump(now:)``, moves decoded audio into the ``AudioOutput`` (the window's one device), reads the
/// master clock from what the device consumed (``AudioClock``), picks the frame due (``FramePacer``), detects
/// stalls and the end, and feeds the ABR the dropped frames.
///
/// **Threads.** Call every method from one thread — the window's (the `AudioOutput` is touched only there). The
/// engine's own threads only fill queues and call `onChange`, which may run on any thread: make it wake the
/// window's loop (e.g. push an SDL user event), nothing more.
///
/// **Time.** `now` (seconds, any monotonic origin) drives playback. With a device (``AudioClockMode/device(latency:)``)
/// the clock is the device's consumption; with ``AudioClockMode/paced`` (a silent output, tests) the audio is
/// consumed at `now`'s rate, so a test can drive playback with a virtual clock. The network runs in real time.
public final class VideoEngine {
    /// How the master clock learns what the audio device played.
    public enum AudioClockMode: Equatable, Sendable {
        /// From the output's `queuedFrames` (SDL), minus the device's own `latency` (seconds).
        case device(latency: Double)
        /// As if a device consumed the audio in step with `now` (for outputs without a device).
        case paced
        /// `paced` for a ``SilentAudioOutput``, else `device` with ffplay's latency of two SDL buffers
        /// (2 × 1024 frames, `fftools/ffplay.c` `2 * audio_hw_buf_size`).
        case automatic
    }

    /// Settings.
    public struct Configuration: Sendable {
        /// When playback starts and resumes.
        public var policy = VideoPolicy.standard
        /// Queue bounds.
        public var queues = QueuePolicy.standard
        /// Where the audio clock comes from.
        public var audioClock = AudioClockMode.automatic
        /// The downloader (and its connection pool) HLS is fetched with; nil: the engine makes one.
        public var downloader: HLSDownloader?
        /// Whether dropping over 20 % of the frames for 5 s caps the ladder below the variant on screen
        /// (``DroppedFrameMonitor``; hls.js `capLevelOnFPSDrop`, which is off by default there). On here: a machine
        /// that cannot decode a variant in time is better served by a smaller one.
        public var capsOnDroppedFrames = true
        /// Where the engine's one line per failure, skipped segment or failed variant goes (`video: …`); a host
        /// adds its own prefix (the window's `SDLDemo: `). The lines quote what servers sent: the default writes
        /// them to stderr terminal-safe (``SafeText``); a host's writer must do the same.
        public var log: @Sendable (String) -> Void = { StandardError.writeLine(SafeText.printable($0)) }

        /// The defaults.
        public init() {}
    }

    /// One call's answer.
    public struct Pump {
        /// The frame to show now, when a new one is due (nil: keep the one on screen).
        public var frame: VideoFrame?
        /// The status after this call.
        public var status: VideoStatus
    }

    var player: VideoPlayer
    let configuration: Configuration
    let output: any AudioOutput
    let clockMode: AudioClockMode
    private let onChange: @Sendable () -> Void
    private let downloader: HLSDownloader
    private let ownsDownloader: Bool
    var session: PlaybackSession?
    var generation = 0
    var variants: [ABRVariant]?
    private var displaySize: (width: Int, height: Int)?
    let playhead = Locked(0.0)

    // Clock and audio.
    var clockRunning = false
    var audioClock = AudioClock()
    var writtenEnd: Double?
    var virtualQueued = 0.0
    var external: (position: Double, now: Double)?
    var lastNow: Double?
    var refresh = 1.0 / 60

    // What is on screen.
    var shown: (time: Double, end: Double, variant: Int?, width: Int, height: Int)?
    var shownThisGeneration = false
    /// Where a seek is going until its first frame shows (nil: none under way).
    var pendingSeek: Double?
    var status = VideoStatus()
    var separateAudio = false

    /// An engine playing through `audioOutput` (the window's device). `onChange` is called from any thread when
    /// something arrived that the window should pump for (a first frame, a state change).
    public init(configuration: Configuration = Configuration(), audioOutput: any AudioOutput,
                onChange: @escaping @Sendable () -> Void = {}) {
        self.configuration = configuration
        player = VideoPlayer(policy: configuration.policy)
        output = audioOutput
        self.onChange = onChange
        switch configuration.audioClock {
        case .automatic:
            clockMode = audioOutput is SilentAudioOutput
                ? .paced : .device(latency: 2 * 1024 / Double(max(1, audioOutput.format.sampleRate)))
        default:
            clockMode = configuration.audioClock
        }
        if let downloader = configuration.downloader {
            self.downloader = downloader
            ownsDownloader = false
        } else {
            downloader = HLSDownloader()
            ownsDownloader = true
        }
        output.setPaused(true)
    }

    deinit {
        session?.close()
        if ownsDownloader {
            let downloader = downloader
            Task { try? await downloader.shutdown() }
        }
    }

    // MARK: - Requests

    /// Opens a video (closing any other); it starts playing once enough is buffered.
    public func open(_ request: VideoRequest) {
        status.title = request.title
        send(.open(request))
    }

    /// Plays (or starts again after the end, or retries after a failure).
    public func play() { send(.play) }
    /// Pauses.
    public func pause() { send(.pause) }
    /// Plays if paused, pauses otherwise (Space).
    public func togglePause() { send(.togglePause) }

    /// Seeks to `seconds` on the playlist's time line, clamped to the stream (a VOD stream's last frame at most;
    /// a live window's start and 3 target durations from its end, RFC 8216 §6.3.3).
    public func seek(to seconds: Double) {
        guard seconds.isFinite else { return }
        var target = max(0, seconds)
        if let duration = player.info?.duration {
            target = MediaTimeline(durations: [duration]).clampedSeek(target, frameDuration: max(0, shownDuration))
        }
        send(.seek(target))
    }

    /// Seeks by `delta` seconds from the position (←/→: ±5).
    public func seek(by delta: Double) { seek(to: (pendingSeek ?? status.position) + delta) }

    /// Sets the volume, 0…1 (applied to the samples written from now on).
    public func setVolume(_ volume: Double) { status.volume = min(1, max(0, volume.isFinite ? volume : 1)) }
    /// Mutes or unmutes.
    public func setMuted(_ muted: Bool) { status.muted = muted }

    /// The picture's box in pixels: the ABR leaves out variants larger than it needs (nil: no cap).
    public func setDisplaySize(width: Int?, height: Int?) {
        displaySize = width.flatMap { w in height.map { (w, $0) } }
        session?.abr.setCaps(maxBandwidth: session?.request.maxBandwidth, maxWidth: displaySize?.width, maxHeight: displaySize?.height)
    }

    /// Closes the video.
    public func close() { send(.close) }

    /// The status as of the last pump.
    public var currentStatus: VideoStatus { status }

    /// The ABR's decisions so far for the open HLS video (oldest first), for diagnostics and tests.
    public var abrDecisions: [ABRDecisionRecord] { session?.decisions ?? [] }

    private var shownDuration: Double { shown.map { $0.end - $0.time } ?? 0 }

    // MARK: - The state machine

    func send(_ event: VideoEvent) {
        for command in player.send(event) { run(command) }
        status.state = player.state
        status.stalls = player.stalls
        if case .failed(let message) = player.state { status.error = message } else { status.error = nil }
    }

    private func run(_ command: VideoCommand) {
        switch command {
        case .load(let id, let request, let from):
            closeSession()
            let (volume, muted) = (status.volume, status.muted)
            status = VideoStatus()
            status.title = request.title
            status.volume = volume
            status.muted = muted
            let playhead = self.playhead
            playhead.withLock { $0 = from ?? 0 }
            let session = PlaybackSession(id: id, request: request, policy: configuration.queues, output: output.format,
                                          downloader: downloader, position: { playhead.withLock { $0 } }, onChange: onChange)
            session.abr.setCaps(maxBandwidth: request.maxBandwidth, maxWidth: displaySize?.width, maxHeight: displaySize?.height)
            self.session = session
            generation = 0
            resetPlayback(at: from)
            session.start(from: from)
        case .startClock:
            clockRunning = true
            output.setPaused(false)
            external = nil
        case .stopClock:
            clockRunning = false
            output.setPaused(true)
        case .seek(_, let target):
            generation += 1
            // The position stays the frame on screen's (the trace's contract) until the target's frame shows;
            // a second seek by an offset meanwhile counts from the target.
            pendingSeek = target
            resetPlayback(at: nil)
            playhead.withLock { $0 = target }
            session?.seek(to: target, generation: generation)
        case .close:
            closeSession()
        }
    }

    private func resetPlayback(at target: Double?) {
        output.clear()
        audioClock.reset()
        writtenEnd = nil
        virtualQueued = 0
        external = nil
        shownThisGeneration = false
        if let target { status.position = target }
    }

    private func closeSession() {
        pendingSeek = nil
        guard let session else { return }
        self.session = nil
        session.close()
        output.clear()
        output.setPaused(true)
        clockRunning = false
        variants = nil
        separateAudio = false
        shown = nil
    }
}
