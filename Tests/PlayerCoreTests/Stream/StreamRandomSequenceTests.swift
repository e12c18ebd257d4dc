import Foundation
import Testing
import PlayerCore
import TestSupport

/// Thousands of seeded random event sequences for ``StreamPlayer``, checking its invariants after every step.
@Suite("Stream random event sequences")
struct StreamRandomSequenceTests {
    static let sequences = 4_000
    static let length = 80
    static let policy = StreamPolicy(startSeconds: 2, retryDelays: [0.5, 1, 2])
    static let requests = [
        StreamRequest(source: .http(url: URL(string: "http://radio.test/a.mp3")!), title: "A", isLive: true),
        StreamRequest(source: .http(url: URL(string: "http://npr.test/b.mp3")!), title: "B", artist: "NPR", isLive: false),
        StreamRequest(source: .liveHLS(playlist: URL(string: "http://hls.test/c.m3u8")!)),
    ]

    /// The icon each state must show, written out independently of the library.
    static func expectedIcon(_ state: StreamState) -> PlayerIcon {
        switch state {
        case .idle: .play
        case .buffering: .spinner
        case .playing: .pause
        case .paused: .play
        case .failed: .retry
        }
    }

    /// A random event plausible for `player`: mostly for its session, some stale or never issued.
    static func randomEvent(for player: StreamPlayer, lastIssued: UInt64, using rng: inout SplitMix64) -> StreamEvent {
        func id() -> StreamSessionID {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<7: player.session ?? StreamSessionID(lastIssued)
            case 7..<9: StreamSessionID(UInt64.random(in: 0...lastIssued, using: &rng))
            default: StreamSessionID(lastIssued + 1)
            }
        }
        func seconds() -> Double {
            switch Int.random(in: 0..<20, using: &rng) {
            case 0: .nan
            case 1: .infinity
            case 2: -1
            default: Double.random(in: 0...3, using: &rng)
            }
        }
        func attempt() -> Int {
            if let reconnect = player.reconnect, Bool.random(using: &rng) { return reconnect.attempt }
            return Int.random(in: 0...4, using: &rng)
        }
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<3: return .selected(requests[Int.random(in: 0..<requests.count, using: &rng)])
        case 3..<15: return .tapped
        case 15..<18: return .playRequested
        case 18..<21: return .pauseRequested
        case 21..<23: return .stopRequested
        case 23..<24: return .audioFocusLost
        case 24..<30: return .opened(id(), StreamDetails(isLive: Bool.random(using: &rng), duration: 60))
        case 30..<50: return .buffered(id(), seconds: seconds())
        case 50..<55: return .stalled(id())
        case 55..<59: return .inputEnded(id())
        case 59..<63: return .finished(id())
        case 63..<73: return .connectionLost(id(), message: "reset")
        case 73..<83: return .retryDue(id(), attempt: attempt())
        case 83..<85: return .failed(id(), message: "bad")
        default: return .metadata(id(), StreamMetadata(title: Bool.random(using: &rng) ? "Song" : ""))
        }
    }

    /// Bookkeeping across one sequence, built from the commands the machine returned.
    struct Observed {
        var lastIssued: UInt64 = 0
        /// Sessions opened and not yet closed.
        var open: Set<StreamSessionID> = []
        var opened = 0
    }

    @discardableResult
    static func step(_ player: inout StreamPlayer, _ event: StreamEvent, _ observed: inout Observed, seed: UInt64) -> Bool {
        let before = player
        let commands = player.send(event)
        var ok = true
        func check(_ condition: Bool, _ what: @autoclosure () -> String) {
            if !condition {
                ok = false
                Issue.record("""
                    \(what()); seed \(seed), event \(event), before \(before.state) session \
                    \(String(describing: before.session)); after \(player.state), commands \(commands)
                    """)
            }
        }
        check(player.fill >= 0 && player.fill <= 1, "fill \(player.fill) outside 0...1")
        if case .buffering(let progress) = player.state { check(progress >= 0 && progress <= 1, "progress \(progress)") }
        check(player.icon == expectedIcon(player.state), "icon \(player.icon) for \(player.state)")
        check(player.phase == player.state.phase, "phase")
        // Stale events never change anything.
        if let id = event.session, id != before.session { check(player == before, "stale event changed the player") }
        // Sessions: set exactly while buffering or playing, or paused on a finite stream.
        switch player.state {
        case .buffering, .playing: check(player.session != nil, "no session while \(player.state)")
        case .idle, .failed: check(player.session == nil, "session while \(player.state)")
        case .paused:
            if player.session != nil { check(player.info?.isLive == false, "paused session of a stream not known finite") }
        }
        check(player.isControlVisible == (player.request != nil), "control visibility")
        if player.request == nil { check(player.state == .idle, "nothing selected but \(player.state)") }
        if let reconnect = player.reconnect {
            check(reconnect.attempt >= 1 && reconnect.attempt <= policy.maxAttempts, "attempt \(reconnect.attempt)")
            check(player.session != nil, "reconnecting without a session")
        }
        // The end of a live stream never comes.
        if case .finished = event, before.info?.isLive != false { check(player == before, "a live stream finished") }
        for command in commands {
            switch command {
            case .open(let id, _):
                check(id.rawValue == observed.lastIssued + 1, "session IDs must count up: \(id) after \(observed.lastIssued)")
                check(observed.open.isEmpty, "opened \(id) while \(observed.open) still open")
                observed.lastIssued = id.rawValue
                observed.open.insert(id)
                observed.opened += 1
            case .close(let id):
                check(observed.open.remove(id) != nil, "closed \(id), which was not open")
            case .reconnect(let id), .resumePlayback(let id), .pausePlayback(let id):
                check(id == player.session, "\(command) for a session that is not the current one")
            case .scheduleRetry(let id, let attempt, let delay):
                check(id == player.session, "retry scheduled for \(id)")
                if player.reconnect == nil {
                    // The recovery timer of a reconnection that opened.
                    check(player.recovering == attempt, "recovery of attempt \(attempt), recovering \(String(describing: player.recovering))")
                    check(delay == policy.recoverySeconds, "recovery delay \(delay)")
                } else {
                    check(player.reconnect == .waiting(attempt: attempt), "scheduled attempt \(attempt), status \(String(describing: player.reconnect))")
                    check(delay == policy.delay(beforeAttempt: attempt), "delay \(delay) for attempt \(attempt)")
                }
            case .releaseAudio:
                check(player.request == nil, "released the audio with something selected")
            case .reportProblem:
                break
            }
        }
        if case .resumePlayback = commands.last { check(player.state == .playing, "resumed output while \(player.state)") }
        // The machine's open session is the one the commands left open.
        check(Set([player.session].compactMap { $0 }) == observed.open, "open sessions \(observed.open), player \(String(describing: player.session))")
        return ok
    }

    @Test("invariants hold over random sequences; every opened session is closed by a stop")
    func randomSequences() {
        for seed in 0..<UInt64(Self.sequences) {
            var rng = SplitMix64(seed: seed)
            var player = StreamPlayer(policy: Self.policy)
            var observed = Observed()
            var ok = true
            for _ in 0..<Self.length where ok {
                let event = Self.randomEvent(for: player, lastIssued: observed.lastIssued, using: &rng)
                ok = Self.step(&player, event, &observed, seed: seed)
            }
            guard ok else { return }
            Self.step(&player, .stopRequested, &observed, seed: seed)
            #expect(observed.open.isEmpty, "seed \(seed): sessions left open after stop: \(observed.open)")
            #expect(player.state == .idle, "seed \(seed): \(player.state) after stop")
        }
    }

    @Test("the generator reaches every state and every reconnection step")
    func generatorCoverage() {
        var phases: Set<PlayerPhase> = []
        var reconnects: Set<ReconnectStatus> = []
        var gaveUp = 0
        for seed in 0..<UInt64(500) {
            var rng = SplitMix64(seed: seed)
            var player = StreamPlayer(policy: Self.policy)
            var observed = Observed()
            for _ in 0..<Self.length {
                let event = Self.randomEvent(for: player, lastIssued: observed.lastIssued, using: &rng)
                Self.step(&player, event, &observed, seed: seed)
                phases.insert(player.phase)
                if let reconnect = player.reconnect { reconnects.insert(reconnect) }
                if player.message?.hasPrefix("Connection lost") == true { gaveUp += 1 }
            }
        }
        #expect(phases == [.uninitialized, .fetching, .playing, .paused, .failed])
        for attempt in 1...Self.policy.maxAttempts {
            #expect(reconnects.contains(.waiting(attempt: attempt)), "never waited for attempt \(attempt)")
            #expect(reconnects.contains(.connecting(attempt: attempt)), "never connected attempt \(attempt)")
        }
        #expect(gaveUp > 0)
    }
}
