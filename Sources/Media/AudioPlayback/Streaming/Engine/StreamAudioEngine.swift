import AsyncHTTPClient
import Foundation
import PlayerCore

/// Plays streams: opens sessions (``StreamSession``) on HTTP or segment sources, and plays the current session's PCM
/// on an ``AudioOutput`` driven by the caller's clock. It runs PlayerCore's stream machine's commands
/// (``StreamPlaying``); MediaHost is its host in the programs.
///
/// The host calls the ``StreamPlaying`` methods from any thread; they return at once. It calls ``pump(now:)``
/// regularly (every turn of its loop) with its clock in seconds: the output is opened, paused, resumed, fed and
/// released there, on the host's thread, as ``AudioPlayer/pump(now:)`` does for files. Position advances with the
/// clock while playing; audio is queued up to `position + lead`. When the clock overtakes the audio the output
/// *stalls* (reported once); when a finite stream's last audio has been played it *finishes*. The buffer level
/// (decoded audio not yet played) is reported when it changed by ``StreamEngineConfiguration/reportStep``.
///
/// ```swift
/// let engine = StreamAudioEngine(output: .opened { AudioOutputFactory.makeBest() })
/// var player = StreamPlayer()
/// for command in player.send(.selected(StreamRequest(source: .http(url: url), isLive: true))) {
///     engine.run(command, events: { inbox.post($0) }, scheduleRetry: { timers.add($0, $1) }, log: { print($0) })
/// }
/// while running { engine.pump(now: clock.seconds) }   // and each event from the inbox to player.send
/// try await engine.shutdown()
/// ```
public final class StreamAudioEngine: StreamPlaying, @unchecked Sendable {
    /// Makes a source for a session: the default builds ``HTTPAudioStreamSource`` for `.http` and refuses
    /// `.liveHLS` (which needs a live recorder; pass a factory that builds a ``TransportSegmentAudioSource``).
    public typealias SourceFactory = @Sendable (StreamSource, HTTPClient) throws(AudioStreamError) -> any AudioStreamSource

    /// The numbers the engine works with.
    public let configuration: StreamEngineConfiguration
    /// The PCM format decoded to and played.
    public let format: PCMFormat
    private let outputSource: StreamOutputSource
    private let makeSource: SourceFactory
    private let client: HTTPClient
    private let lock = NSLock()
    private var state = EngineState()

    private struct EngineState {
        var sessions: [StreamSessionID: StreamSession] = [:]
        var events: [StreamSessionID: @Sendable (StreamEvent) -> Void] = [:]
        /// The session the output plays (the latest opened and not closed).
        var current: StreamSessionID?
        var playing = false
        var output: (any AudioOutput)?
        var outputName: String?
        var outputPaused = true
        var releaseRequested = false
        var clearRequested = false
        var shutDown = false
        // Clock accounting for the current session, in frames.
        var position = 0.0
        var queued = 0
        var lastNow: Double?
        var stalledReported = false
        var finishedReported = false
        var lastReportedLevel: Double?
    }

    /// Creates an engine.
    /// - Parameters:
    ///   - output: where the audio goes: an output the engine opens when a session first needs it and closes
    ///     on ``releaseAudio()`` (``StreamOutputSource/opened(_:)``), or a device it shares with another player
    ///     and only pauses and empties (``StreamOutputSource/shared(_:)``).
    ///   - format: the PCM format to decode to; it must be the output's format.
    ///   - configuration: buffer bounds and timeouts.
    ///   - source: builds a session's source; the default handles HTTP.
    public init(
        output: StreamOutputSource, format: PCMFormat = .cdStereo,
        configuration: StreamEngineConfiguration = StreamEngineConfiguration(),
        source: SourceFactory? = nil
    ) {
        self.outputSource = output
        self.format = format
        self.configuration = configuration
        self.makeSource = source ?? Self.defaultSource(configuration: configuration)
        var clientConfiguration = HTTPClient.Configuration()
        clientConfiguration.timeout = .init(
            connect: .nanoseconds(Int64(configuration.connectTimeout * 1e9)),
            read: .nanoseconds(Int64(configuration.idleTimeout * 1e9)))
        clientConfiguration.redirectConfiguration = .follow(max: 5, allowCycles: false)
        clientConfiguration.decompression = .disabled
        clientConfiguration.httpVersion = .http1Only
        // Reconnecting is the state machine's decision (its back-off is the one policy): a refused connection
        // must fail the attempt at once, not be retried inside the client until the connect timeout.
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration)
    }

    /// A safety net for an engine dropped without ``shutdown()``: its sessions are closed and the HTTP client is
    /// shut down in the background (AsyncHTTPClient traps on a client that was never shut down).
    deinit {
        let (sessions, wasShutDown): ([StreamSession], Bool) = lock.withLock {
            (Array(state.sessions.values), state.shutDown)
        }
        guard !wasShutDown else { return }
        for session in sessions { session.close() }
        client.shutdown { _ in }
    }

    /// The default source factory: HTTP(S) URLs get an ``HTTPAudioStreamSource``.
    public static func defaultSource(configuration: StreamEngineConfiguration) -> SourceFactory {
        { source, client throws(AudioStreamError) in
            switch source {
            case .http(let url):
                return HTTPAudioStreamSource(url: url, client: client, configuration: configuration)
            case .liveHLS(let playlist):
                throw AudioStreamError(retryable: false, "\(playlist.absoluteString): live HLS needs a live recorder (not wired yet)")
            }
        }
    }

    /// The output's name once opened (e.g. `SDL (disk)`), for a log line.
    public var outputName: String? { lock.withLock { state.outputName } }

    /// Frames of PCM the current session holds (for tests of the memory bound).
    public var bufferedFrames: Int {
        lock.withLock { state.current.flatMap { state.sessions[$0]?.buffer.frames } ?? 0 }
    }

    /// The largest PCM buffer any session of this engine has held, in frames.
    public var peakBufferedFrames: Int {
        lock.withLock { state.sessions.values.map(\.buffer.peakFrames).max() ?? 0 }
    }

    /// Seconds played of the current session, by the clock.
    public var playedSeconds: Double {
        lock.withLock { state.position / Double(format.sampleRate) }
    }

    // MARK: - StreamPlaying

    /// Opens a session on `source`; it becomes the one the output plays (paused until ``resume(_:)``).
    public func open(_ id: StreamSessionID, source: StreamSource, events: @escaping @Sendable (StreamEvent) -> Void) {
        let streamSource: any AudioStreamSource
        do {
            streamSource = try makeSource(source, client)
        } catch {
            events(.failed(id, message: error.message))
            return
        }
        let session = StreamSession(
            id: id, source: streamSource, format: format, configuration: configuration, events: events)
        let opened: Bool = lock.withLock {
            guard !state.shutDown else { return false }
            state.sessions[id] = session
            state.events[id] = events
            state.current = id
            state.playing = false
            state.clearRequested = true
            state.releaseRequested = false
            state.position = 0
            state.queued = 0
            state.lastNow = nil
            state.stalledReported = false
            state.finishedReported = false
            state.lastReportedLevel = nil
            return true
        }
        guard opened else {
            events(.failed(id, message: "the audio engine was shut down"))
            return
        }
        session.connect()
    }

    /// Connects session `id` again, keeping its buffer.
    public func reconnect(_ id: StreamSessionID) {
        lock.withLock { state.sessions[id] }?.connect()
    }

    /// Plays the session's buffer from the next pump.
    public func resume(_ id: StreamSessionID) {
        lock.withLock {
            guard state.current == id else { return }
            state.playing = true
            state.stalledReported = false
            state.lastNow = nil
        }
    }

    /// Stops playing the session's buffer at the next pump (what is queued stays queued).
    public func pause(_ id: StreamSessionID) {
        lock.withLock {
            guard state.current == id else { return }
            state.playing = false
        }
    }

    /// Ends session `id`; if it is the one playing, the output is silenced at the next pump.
    public func close(_ id: StreamSessionID) {
        let session: StreamSession? = lock.withLock {
            state.events[id] = nil
            if state.current == id {
                state.current = nil
                state.playing = false
                state.clearRequested = true
            }
            return state.sessions.removeValue(forKey: id)
        }
        session?.close()
    }

    /// Moves session `id` (the one playing, on a source that can seek: a story over HTTP) to `seconds`: its
    /// connection is cancelled, its buffer and the output emptied, the source reopened where that time starts
    /// (``SeekableAudioStreamSource``), and the position set to it; reports ``StreamEvent/repositioned(_:)``.
    /// Returns the time sought (clamped to the stream), or nil when the session cannot seek (nothing happens).
    @discardableResult
    public func seek(_ id: StreamSessionID, to seconds: Double) -> Double? {
        let found: (StreamSession, @Sendable (StreamEvent) -> Void)? = lock.withLock {
            guard state.current == id, let session = state.sessions[id], let events = state.events[id] else { return nil }
            return (session, events)
        }
        guard let (session, events) = found, let source = session.source as? any SeekableAudioStreamSource,
              let time = source.reposition(to: seconds) else { return nil }
        let moved: Bool = lock.withLock {
            guard state.current == id else { return false }
            state.position = (time * Double(format.sampleRate)).rounded(.down)
            state.queued = Int(state.position)
            state.lastNow = nil
            state.clearRequested = true
            state.stalledReported = false
            state.finishedReported = false
            state.lastReportedLevel = nil
            return true
        }
        guard moved else { return nil }
        events(.repositioned(id))
        session.restart()
        return time
    }

    /// Seconds played of session `id` if it is the one playing (what a relative seek starts from).
    public func playedSeconds(of id: StreamSessionID) -> Double? {
        lock.withLock { state.current == id ? state.position / Double(format.sampleRate) : nil }
    }

    /// Closes the output at the next pump; the next session opens it again.
    public func releaseAudio() {
        lock.withLock { state.releaseRequested = true }
    }

    // MARK: - Host

    /// Does the work due by clock time `now` (seconds, any origin, never going backwards): applies the output
    /// requests, advances the position, queues audio, reports stalls, the end and the buffer level.
    public func pump(now: Double) {
        var outbox: [(@Sendable (StreamEvent) -> Void, StreamEvent)] = []
        lock.withLock {
            pumpLocked(now: now, outbox: &outbox)
        }
        for (deliver, event) in outbox { deliver(event) }
    }

    private func pumpLocked(now: Double, outbox: inout [(@Sendable (StreamEvent) -> Void, StreamEvent)]) {
        if state.releaseRequested {
            state.releaseRequested = false
            state.output?.setPaused(true)
            state.output?.clear()
            if case .opened = outputSource { state.output?.close() }
            state.output = nil
            state.outputPaused = true
        }
        if state.clearRequested {
            state.clearRequested = false
            state.output?.setPaused(true)
            state.output?.clear()
            state.outputPaused = true
        }
        guard let id = state.current, let session = state.sessions[id], let events = state.events[id] else { return }
        if state.output == nil {
            let output = outputSource.output()
            state.output = output
            state.outputName = output.name
            state.outputPaused = true
            output.setPaused(true)
        }
        guard let output = state.output else { return }
        let rate = Double(format.sampleRate)

        if state.playing {
            if state.outputPaused {
                output.setPaused(false)
                state.outputPaused = false
            }
            if let last = state.lastNow, now > last { state.position += (now - last) * rate }
            state.lastNow = now
        } else {
            if !state.outputPaused {
                output.setPaused(true)
                state.outputPaused = true
            }
            state.lastNow = nil
        }

        // Queue audio up to position + lead (while paused too, so resuming starts with audio queued).
        let target = state.position + configuration.lead * rate
        while Double(state.queued) < target {
            let pcm = session.buffer.read(maxFrames: 2048)
            guard !pcm.isEmpty else { break }
            do {
                try output.enqueue(pcm)
            } catch {
                outbox.append((events, .failed(id, message: "\(error)")))
                state.playing = false
                return
            }
            state.queued += pcm.count / format.channels
        }

        // The clock overtook the audio: the end of a finite stream, or a stall.
        if state.playing, state.position >= Double(state.queued), session.buffer.frames == 0 {
            state.position = Double(state.queued)
            if session.inputEnded {
                if !state.finishedReported {
                    state.finishedReported = true
                    outbox.append((events, .finished(id)))
                }
            } else if !state.stalledReported {
                state.stalledReported = true
                outbox.append((events, .stalled(id)))
            }
        }

        let ahead = max(0, Double(state.queued) - state.position)
        let level = (Double(session.buffer.frames) + ahead) / rate
        if let last = state.lastReportedLevel, abs(level - last) < configuration.reportStep, !(level == 0 && last != 0) {
            return
        }
        state.lastReportedLevel = level
        outbox.append((events, .buffered(id, seconds: level)))
    }

    /// Closes every session and the output, and shuts the HTTP client down; later calls do nothing. Call it before
    /// dropping the engine.
    public func shutdown() async throws {
        let (sessions, output, first): ([StreamSession], (any AudioOutput)?, Bool) = lock.withLock {
            let first = !state.shutDown
            state.shutDown = true
            let sessions = Array(state.sessions.values)
            state.sessions = [:]
            state.events = [:]
            state.current = nil
            let output = state.output
            state.output = nil
            return (sessions, output, first)
        }
        guard first else { return }
        for session in sessions { session.close() }
        output?.setPaused(true)
        output?.clear()
        if case .opened = outputSource { output?.close() }
        try await client.shutdown()
    }
}
