/// The player's state machine for streams: live radio, MP3 over HTTP, live HLS. A plain value that turns
/// events into a new state and a list of commands, like ``Player`` (which stays the machine for a downloaded
/// file: its states, fill and cached-file deletion are unchanged).
///
/// `StreamPlayer` does no I/O and reads no clock: back-off delays leave as data in
/// ``StreamCommand/scheduleRetry(_:attempt:after:)`` and come back as ``StreamEvent/retryDue(_:attempt:)``.
///
/// ```swift
/// var player = StreamPlayer(policy: StreamPolicy(startSeconds: 2))
/// let radio = StreamRequest(source: .http(url: URL(string: "http://127.0.0.1:8000/live.mp3")!), title: "Classical IPR")
/// let s1 = StreamSessionID(1)
/// player.send(.selected(radio))                       // [.open(s1, source: radio.source)]; .buffering(progress: 0)
/// player.send(.opened(s1, StreamDetails(isLive: true)))  // []
/// player.send(.buffered(s1, seconds: 1))              // []; .buffering(progress: 0.5)
/// player.send(.buffered(s1, seconds: 2))              // [.resumePlayback(s1)]; .playing
/// player.send(.connectionLost(s1, message: "reset"))  // [.scheduleRetry(s1, attempt: 1, after: 0.5), .reportProblem(…)]
/// player.send(.retryDue(s1, attempt: 1))              // [.reconnect(s1)]; still .playing from the buffer
/// player.send(.tapped)                                // [.close(s1)]; .paused: a live stream resumes at the live edge
/// ```
///
/// ## Transitions
///
/// "s" is the open ``session``; "current" means an event tagged with s, "stale" any other session (all
/// session events are stale when no session is open). A stream is *finite* once it opened as such
/// (``StreamDetails/isLive`` false); before that, and for live streams, it is treated as *live*. "start" is
/// ``StreamPolicy/startSeconds``; n is the reconnection attempt, counted from 1 after the last successful
/// opening. Rows not listed leave the player unchanged and return no commands.
///
/// | State | Event | New state | Commands |
/// |---|---|---|---|
/// | any | selected(r) | buffering(0), new s, request r, now-playing from r | close(old s) if open, open(s, r.source) |
/// | idle, failed (something selected) | tapped, playRequested | buffering(0), new s | open(s, source) |
/// | paused, live (no session) | tapped, playRequested | buffering(0), new s | open(s, source) |
/// | paused, finite | tapped, playRequested; level ≥ start or input ended | playing | resumePlayback(s) |
/// | paused, finite | tapped, playRequested; level < start | buffering(level / start) | — |
/// | buffering, playing; live | tapped, pauseRequested | paused, session closed, level 0 | close(s) |
/// | buffering, finite | tapped, pauseRequested | paused | — |
/// | playing, finite | tapped, pauseRequested | paused | pausePlayback(s) |
/// | buffering, playing, paused with s | stopRequested | idle, session closed | close(s) |
/// | paused (live), failed | stopRequested | idle | — |
/// | any, something selected | audioFocusLost | idle, nothing selected, now-playing cleared | close(s) if open, releaseAudio |
/// | with s, input not ended | opened(current, info) | unchanged; info kept, reconnection over, now-playing updated | — |
/// | with s, connecting(n) | opened(current, info) | as above, recovering(n) | scheduleRetry(s, n, recoverySeconds) |
/// | with s, recovering(n) | retryDue(current, n) | recovery over: the attempt count restarts | — |
/// | paused with s | opened(current, live info) | as above, then session closed (a paused live stream has none) | close(s) |
/// | buffering | buffered(current, x ≥ start) | playing, level x | resumePlayback(s) |
/// | buffering | buffered(current, x < start) | buffering(x / start), level x | — |
/// | playing, paused | buffered(current, x) | unchanged, level x | — |
/// | playing, input not ended | stalled(current) | buffering(0), level 0 | pausePlayback(s) |
/// | buffering, finite | inputEnded(current) | playing, input ended, reconnection over | resumePlayback(s) |
/// | playing, paused; finite | inputEnded(current) | unchanged, input ended, reconnection over | — |
/// | with s, live | inputEnded(current) | as connectionLost(current, "the server ended the stream") | |
/// | playing, paused; input ended | finished(current) | idle, session closed | close(s) |
/// | with s, finite | repositioned(current) | unchanged, input not ended (a seek: the source reads again) | — |
/// | with s, input not ended | connectionLost(current, m); n ≤ attempts (n counts on from recovering) | unchanged, waiting(n) | scheduleRetry(s, n, delay(n)), reportProblem |
/// | with s, input not ended | connectionLost(current, m); n > attempts | failed("Connection lost: m; …") | close(s) |
/// | with s, waiting(n) | retryDue(current, n) | unchanged, connecting(n) | reconnect(s) |
/// | with s | failed(current, m) | failed("Stream failed: m") | close(s) |
/// | with s | metadata(current, md) | unchanged, now-playing title from md | — |
/// | any | any event of a stale session | unchanged | — |
///
/// Choices the issue leaves open, and why:
/// - **Pause on a live stream resumes at the live edge.** Pausing closes the connection and drops the buffer;
///   resuming opens a new session. A radio is a broadcast: listeners expect "now", not a recording of the
///   past; keeping the socket open while paused would either buffer without bound or let the server drop a
///   client that stopped reading (Icecast does, past its queue size), so memory stays bounded and nothing
///   breaks however long the pause. A *finite* stream (a story's MP3) pauses in place: its output stops, its
///   connection is held back by back-pressure, and a connection dropped meanwhile is resumed with a `Range`
///   request.
/// - **Buffering is a button.** Unlike a download, a stream can buffer for long (stalls, back-off), so a tap
///   while buffering pauses (for a live stream: stops the connection) instead of being ignored.
/// - **A lost connection does not interrupt playback**: the buffered audio keeps playing while the player
///   reconnects; only when the buffer runs dry (``StreamEvent/stalled(_:)``) does the circle show buffering.
///   After ``StreamPolicy/maxAttempts`` failed attempts the player fails with a message; a tap starts over.
///   The count restarts once a reopened connection has stayed open ``StreamPolicy/recoverySeconds`` (10 s):
///   a station that accepts every connection and drops it at once (inside a metadata block, say) uses up the
///   attempts and fails instead of being reconnected forever (issue 20).
/// - **The end of an endless stream never comes**: a live stream's end of input is a lost connection and is
///   reconnected. A finite stream ends: input ended, then the output plays out (``StreamEvent/finished(_:)``)
///   and the player is idle, ready to play it again.
/// - **Fill** is how ready the buffer is: the level toward the start threshold while buffering, 1 while
///   playing, the level while a finite stream is paused, 0 otherwise.
/// - **Audio focus**: ``StreamEvent/audioFocusLost`` unloads the stream and releases the device;
///   ``isControlVisible`` turns false, so the window hides the control until the next ``StreamEvent/selected(_:)``.
public struct StreamPlayer: Equatable, Sendable {
    /// What the player is doing.
    public private(set) var state: StreamState = .idle
    /// The numbers the player decides by.
    public let policy: StreamPolicy
    /// What the app asked to play; `nil` before anything was selected and after the audio focus was lost.
    public private(set) var request: StreamRequest?
    /// The session whose events the player accepts: set while buffering, playing, and paused on a finite stream.
    public private(set) var session: StreamSessionID?
    /// What the open session reported when it opened; `nil` until then.
    public private(set) var info: StreamDetails?
    /// Seconds of decoded audio the session last reported as buffered.
    public private(set) var bufferedSeconds: Double = 0
    /// Whether the session's source has delivered all its audio (finite streams only).
    public private(set) var inputEnded = false
    /// The reconnection under way, if the connection was lost.
    public private(set) var reconnect: ReconnectStatus?
    /// The attempts of a reconnection whose connection opened less than ``StreamPolicy/recoverySeconds`` ago
    /// (they count toward the next loss); `nil` once it proved itself, or when no reconnection happened.
    public private(set) var recovering: Int?
    /// What is playing, for the media controls and the window.
    public private(set) var nowPlaying = NowPlaying()
    /// The ID the next session gets; only grows.
    private var nextSession = StreamSessionID(1)

    /// A player with nothing selected, in ``StreamState/idle``.
    public init(policy: StreamPolicy = .standard) {
        self.policy = policy
    }

    /// The icon to draw in the middle of the circle.
    public var icon: PlayerIcon { state.icon }

    /// The state without its payload.
    public var phase: PlayerPhase { state.phase }

    /// The fraction of the circle to fill, in `0...1`: how ready the buffer is (see the type's notes).
    public var fill: Double {
        switch state {
        case .idle, .failed: 0
        case .buffering(let progress): progress
        case .playing: 1
        case .paused: session == nil ? 0 : (inputEnded ? 1 : level(bufferedSeconds))
        }
    }

    /// The failure message to display in ``StreamState/failed(message:)``, otherwise `nil`.
    public var message: String? {
        if case .failed(let message) = state { message } else { nil }
    }

    /// Whether the window shows the player's control: something is selected (false before the first selection
    /// and after ``StreamEvent/audioFocusLost``).
    public var isControlVisible: Bool { request != nil }

    /// Whether the selected stream is known to be live (the window's LIVE mark): the source's report once it
    /// opened, else the request's hint, else false (``NowPlaying/isLive``).
    public var isLive: Bool { nowPlaying.isLive }

    /// Whether the open stream is known to be finite; pausing keeps only such a session open.
    private var isFinite: Bool { info?.isLive == false }

    /// Applies `event` and returns the commands to run, in order (often none).
    public mutating func send(_ event: StreamEvent) -> [StreamCommand] {
        if let id = event.session, id != session { return [] }  // stale: a closed or never-opened session
        switch event {
        case .selected(let request): return selected(request)
        case .tapped: return state == .playing || isBuffering ? pause() : play()
        case .playRequested: return play()
        case .pauseRequested: return pause()
        case .stopRequested: return stop()
        case .audioFocusLost: return audioFocusLost()
        case .opened(_, let info): return opened(info)
        case .buffered(_, let seconds): return buffered(seconds)
        case .stalled: return stalled()
        case .inputEnded: return ended()
        case .finished: return finished()
        case .connectionLost(_, let message): return connectionLost(message)
        case .retryDue(_, let attempt): return retryDue(attempt)
        case .failed(_, let message): return fail("Stream failed: \(message)")
        case .metadata(_, let metadata):
            nowPlaying.update(with: metadata)
            return []
        case .repositioned: return repositioned()
        }
    }

    // MARK: - User and app

    private mutating func selected(_ request: StreamRequest) -> [StreamCommand] {
        let closing = closeSession()
        self.request = request
        nowPlaying = NowPlaying(request: request)
        return closing + openSession(source: request.source)
    }

    private mutating func play() -> [StreamCommand] {
        switch state {
        case .idle, .failed:
            guard let request else { return [] }
            return openSession(source: request.source)
        case .paused:
            guard session != nil else {
                guard let request else { return [] }
                return openSession(source: request.source)
            }
            if inputEnded || bufferedSeconds >= policy.startSeconds {
                state = .playing
                return session.map { [.resumePlayback($0)] } ?? []
            }
            state = .buffering(progress: level(bufferedSeconds))
            return []
        case .buffering, .playing:
            return []
        }
    }

    private mutating func pause() -> [StreamCommand] {
        guard let session, state == .playing || isBuffering else { return [] }
        let wasPlaying = state == .playing
        state = .paused
        if !isFinite { return closeSession() }
        return wasPlaying ? [.pausePlayback(session)] : []
    }

    private mutating func stop() -> [StreamCommand] {
        switch state {
        case .buffering, .playing, .paused, .failed:
            let commands = closeSession()
            state = .idle
            return commands
        case .idle:
            return []
        }
    }

    private mutating func audioFocusLost() -> [StreamCommand] {
        guard request != nil else { return [] }
        let commands = closeSession()
        state = .idle
        request = nil
        nowPlaying = NowPlaying()
        return commands + [.releaseAudio]
    }

    // MARK: - Source and output

    private mutating func opened(_ info: StreamDetails) -> [StreamCommand] {
        // Nothing opens after the end of a finite stream: its session makes no more connections.
        guard !inputEnded else { return [] }
        self.info = info
        let connecting = reconnect
        reconnect = nil
        nowPlaying.update(with: info)
        // A paused stream that reopened as live (the server changed its answer) pauses as live streams do.
        if state == .paused && info.isLive { return closeSession() }
        // A reconnection is over, but its attempts count until the connection has stayed open a while.
        if case .connecting(let attempt)? = connecting, let session {
            recovering = attempt
            return [.scheduleRetry(session, attempt: attempt, after: policy.recoverySeconds)]
        }
        return []
    }

    private mutating func buffered(_ seconds: Double) -> [StreamCommand] {
        guard !seconds.isNaN else { return [] }
        bufferedSeconds = max(seconds, 0)
        guard isBuffering, let session else { return [] }
        if bufferedSeconds >= policy.startSeconds {
            state = .playing
            return [.resumePlayback(session)]
        }
        state = .buffering(progress: level(bufferedSeconds))
        return []
    }

    private mutating func stalled() -> [StreamCommand] {
        guard state == .playing, !inputEnded, let session else { return [] }
        bufferedSeconds = 0
        state = .buffering(progress: 0)
        return [.pausePlayback(session)]
    }

    private mutating func ended() -> [StreamCommand] {
        guard isFinite else { return connectionLost("the server ended the stream") }
        inputEnded = true
        reconnect = nil
        recovering = nil
        guard isBuffering, let session else { return [] }
        state = .playing
        return [.resumePlayback(session)]
    }

    /// A seek on a finite stream: the source reads again, so a stall means buffering again and a lost connection
    /// reconnects, as before its input ended.
    private mutating func repositioned() -> [StreamCommand] {
        guard isFinite else { return [] }
        inputEnded = false
        return []
    }

    private mutating func finished() -> [StreamCommand] {
        // Only a finite stream whose input ended can have played its last: the end of a live stream never comes.
        guard inputEnded, state == .playing || state == .paused else { return [] }
        let commands = closeSession()
        state = .idle
        return commands
    }

    private mutating func connectionLost(_ message: String) -> [StreamCommand] {
        guard let session, !inputEnded else { return [] }
        let attempt = (reconnect?.attempt ?? recovering ?? 0) + 1
        recovering = nil
        guard attempt <= policy.maxAttempts else {
            let tries = policy.maxAttempts == 1 ? "1 attempt" : "\(policy.maxAttempts) attempts"
            return fail(policy.maxAttempts == 0
                ? "Connection lost: \(message)"
                : "Connection lost: \(message); gave up after \(tries) to reconnect")
        }
        reconnect = .waiting(attempt: attempt)
        let delay = policy.delay(beforeAttempt: attempt)
        return [
            .scheduleRetry(session, attempt: attempt, after: delay),
            .reportProblem(
                "\(session): connection lost (\(message)); reconnecting in \(delay) s, attempt \(attempt) of \(policy.maxAttempts)"),
        ]
    }

    private mutating func retryDue(_ attempt: Int) -> [StreamCommand] {
        if reconnect == nil, recovering == attempt {
            // The reopened connection stayed open for `recoverySeconds`: the count restarts.
            recovering = nil
            return []
        }
        guard let session, reconnect == .waiting(attempt: attempt) else { return [] }
        reconnect = .connecting(attempt: attempt)
        return [.reconnect(session)]
    }

    private mutating func fail(_ message: String) -> [StreamCommand] {
        let commands = closeSession()
        state = .failed(message: message)
        return commands
    }

    // MARK: - Sessions

    private var isBuffering: Bool {
        if case .buffering = state { true } else { false }
    }

    private func level(_ seconds: Double) -> Double {
        min(max(seconds / policy.startSeconds, 0), 1)
    }

    private mutating func openSession(source: StreamSource) -> [StreamCommand] {
        let id = nextSession
        nextSession = id.next
        session = id
        info = nil
        bufferedSeconds = 0
        inputEnded = false
        reconnect = nil
        recovering = nil
        state = .buffering(progress: 0)
        return [.open(id, source: source)]
    }

    /// Forgets the open session (if any) and returns the command that closes it.
    private mutating func closeSession() -> [StreamCommand] {
        guard let id = session else { return [] }
        session = nil
        info = nil
        bufferedSeconds = 0
        inputEnded = false
        reconnect = nil
        recovering = nil
        return [.close(id)]
    }
}
