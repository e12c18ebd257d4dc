/// The video player's state machine: a plain value that turns ``VideoEvent``s into a new ``VideoState`` and a
/// list of ``VideoCommand``s, like PlayerCore's `StreamPlayer`. It does no I/O and reads no clock; the engine
/// (VideoPlayback's `VideoEngine`) runs the commands and reports back.
///
/// ```swift
/// var player = VideoPlayer()
/// let request = VideoRequest(source: .hls(URL(string: "http://127.0.0.1:8000/master.m3u8")!))
/// let s1 = VideoSessionID(1)
/// player.send(.open(request))                          // [.load(s1, request, from: nil)]; .loading
/// player.send(.opened(s1, VideoInfo(duration: 10, isLive: false)))   // []
/// player.send(.buffered(s1, BufferReport(aheadSeconds: 1, decodedReady: true, inputEnded: false)))
///                                                      // [.startClock(s1)]; .playing
/// player.send(.seek(4))                                // [.stopClock(s1), .seek(s1, to: 4)]; .buffering
/// player.send(.reachedEnd(s1))                         // [.stopClock(s1)]; .ended
/// ```
///
/// ## Transitions
///
/// "s" is the open ``session``; a report (opened, buffered, stalled, reachedEnd, failed) of any other session
/// changes nothing. "ready" means the last buffer report has decoded media waiting and either the input ended or
/// at least ``VideoPolicy/startSeconds`` are downloaded ahead (``VideoPolicy/rebufferSeconds`` after a stall).
/// "wants" is whether the user wants it playing (set by open and play, cleared by pause and the end). Rows not
/// listed change nothing and return no commands.
///
/// | State | Event | New state | Commands |
/// |---|---|---|---|
/// | any | open(r) | loading, new s, wants, stalls 0, no info | close(old s) if open, load(s, r, from: r.startSeconds) |
/// | idle, failed (a request kept) | play, togglePause | loading, new s, wants | load(s, r, from: nil) |
/// | loading | opened(s, info) | loading, info kept | — |
/// | buffering, playing, paused, ended | opened(s, info) | unchanged, info kept | — |
/// | loading, buffering | buffered(s, ready), wants | playing | startClock(s) |
/// | loading, buffering | buffered(s, ready), not wants | paused | — |
/// | any with s | buffered(s, report), otherwise | unchanged, report kept | — |
/// | loading | pause; togglePause with wants | loading, not wants | — |
/// | loading | play; togglePause without wants | loading, wants | — |
/// | buffering | pause; togglePause | paused, not wants | — |
/// | playing | pause, togglePause | paused, not wants | stopClock(s) |
/// | paused | play, togglePause; ready | playing, wants | startClock(s) |
/// | paused | play, togglePause; not ready | buffering, wants | — |
/// | ended | play, togglePause | buffering, wants, target 0 | seek(s, to: 0) |
/// | playing | stalled(s) | buffering, stalls + 1, after a stall | stopClock(s) |
/// | loading | seek(t) | loading, target t | seek(s, to: t) |
/// | playing | seek(t) | buffering, target t | stopClock(s), seek(s, to: t) |
/// | buffering, ended with wants | seek(t) | buffering, target t | seek(s, to: t) |
/// | paused, ended without wants | seek(t) | paused, target t | seek(s, to: t) |
/// | playing, buffering, paused | reachedEnd(s) | ended, not wants | stopClock(s) |
/// | any with s | failed(s, m) | failed(m) | close(s) |
/// | any with s | close | idle, request and session cleared | close(s) |
/// | failed | close | idle, request cleared | — |
///
/// Seek targets are clamped by the engine to what the stream has (``MediaTimeline/clampedSeek(_:frameDuration:)``);
/// a buffer report after a seek describes the new position (the engine flushes before reporting again), and
/// clears ``seekTarget`` once decoded media is ready. ``stalls`` counts rebuffering since the session opened:
/// only stalls while playing count, not the wait after a seek.
public struct VideoPlayer: Equatable, Sendable {
    /// What the player is doing.
    public private(set) var state: VideoState = .idle
    /// The numbers it decides by.
    public let policy: VideoPolicy
    /// What was asked to play; nil before the first open and after close.
    public private(set) var request: VideoRequest?
    /// The open session.
    public private(set) var session: VideoSessionID?
    /// What the session reported when it opened.
    public private(set) var info: VideoInfo?
    /// Whether the user wants it playing.
    public private(set) var wantsToPlay = false
    /// Rebuffering events (stalls while playing) since the session opened.
    public private(set) var stalls = 0
    /// The last buffer report of the session.
    public private(set) var buffer: BufferReport?
    /// The target of the seek under way (until decoded media at it is ready).
    public private(set) var seekTarget: Double?
    private var afterStall = false
    private var nextSession = 1

    /// A player with nothing open.
    public init(policy: VideoPolicy = .standard) {
        self.policy = policy
    }

    /// Applies `event` and returns the commands to run, in order.
    public mutating func send(_ event: VideoEvent) -> [VideoCommand] {
        if let reported = event.session, reported != session { return [] }
        switch event {
        case .open(let request): return open(request)
        case .play: return play()
        case .pause: return pause()
        case .togglePause:
            switch state {
            case .playing: return pause()
            case .loading, .buffering: return wantsToPlay ? pause() : play()
            case .idle, .failed, .paused, .ended: return play()
            }
        case .seek(let time): return seek(time)
        case .close: return close()
        case .opened(_, let info):
            self.info = info
            return []
        case .buffered(_, let report): return buffered(report)
        case .stalled: return stalled()
        case .reachedEnd: return reachedEnd()
        case .failed(_, let message): return fail(message)
        }
    }

    /// Whether the last report allows playing now.
    public var isReady: Bool {
        guard let buffer, buffer.decodedReady else { return false }
        let threshold = afterStall ? policy.rebufferSeconds : policy.startSeconds
        return buffer.inputEnded || buffer.aheadSeconds >= threshold
    }

    // MARK: - User

    private mutating func open(_ request: VideoRequest) -> [VideoCommand] {
        let closing = session.map { [VideoCommand.close($0)] } ?? []
        self.request = request
        return closing + start(from: request.startSeconds)
    }

    private mutating func start(from: Double?) -> [VideoCommand] {
        guard let request else { return [] }
        let id = VideoSessionID(nextSession)
        nextSession += 1
        session = id
        state = .loading
        info = nil
        buffer = nil
        wantsToPlay = true
        stalls = 0
        afterStall = false
        seekTarget = from
        return [.load(id, request, from: from)]
    }

    private mutating func play() -> [VideoCommand] {
        switch state {
        case .idle, .failed:
            return request == nil ? [] : start(from: nil)
        case .loading, .buffering:
            wantsToPlay = true
            return []
        case .paused:
            wantsToPlay = true
            guard let session else { return [] }
            if isReady {
                state = .playing
                return [.startClock(session)]
            }
            state = .buffering
            return []
        case .ended:
            guard let session else { return [] }
            wantsToPlay = true
            state = .buffering
            seekTarget = 0
            buffer = nil
            afterStall = false
            return [.seek(session, to: 0)]
        case .playing:
            return []
        }
    }

    private mutating func pause() -> [VideoCommand] {
        switch state {
        case .loading:
            wantsToPlay = false
            return []
        case .buffering:
            wantsToPlay = false
            state = .paused
            return []
        case .playing:
            wantsToPlay = false
            state = .paused
            return session.map { [.stopClock($0)] } ?? []
        case .idle, .paused, .ended, .failed:
            return []
        }
    }

    private mutating func seek(_ time: Double) -> [VideoCommand] {
        guard let session, time.isFinite else { return [] }
        seekTarget = time
        buffer = nil
        afterStall = false
        switch state {
        case .loading:
            return [.seek(session, to: time)]
        case .playing:
            state = .buffering
            return [.stopClock(session), .seek(session, to: time)]
        case .buffering:
            return [.seek(session, to: time)]
        case .paused, .ended:
            state = wantsToPlay ? .buffering : .paused
            return [.seek(session, to: time)]
        case .idle, .failed:
            return []
        }
    }

    private mutating func close() -> [VideoCommand] {
        let commands = session.map { [VideoCommand.close($0)] } ?? []
        session = nil
        request = nil
        info = nil
        buffer = nil
        seekTarget = nil
        wantsToPlay = false
        state = .idle
        return commands
    }

    // MARK: - Session

    private mutating func buffered(_ report: BufferReport) -> [VideoCommand] {
        buffer = report
        if report.decodedReady { seekTarget = nil }
        guard state == .loading || state == .buffering, let session, isReady else { return [] }
        afterStall = false
        if wantsToPlay {
            state = .playing
            return [.startClock(session)]
        }
        state = .paused
        return []
    }

    private mutating func stalled() -> [VideoCommand] {
        guard state == .playing, let session else { return [] }
        state = .buffering
        stalls += 1
        afterStall = true
        buffer = nil
        return [.stopClock(session)]
    }

    private mutating func reachedEnd() -> [VideoCommand] {
        guard state == .playing || state == .buffering || state == .paused, let session else { return [] }
        state = .ended
        wantsToPlay = false
        return [.stopClock(session)]
    }

    private mutating func fail(_ message: String) -> [VideoCommand] {
        guard let session else { return [] }
        state = .failed(message)
        self.session = nil
        wantsToPlay = false
        return [.close(session)]
    }
}
