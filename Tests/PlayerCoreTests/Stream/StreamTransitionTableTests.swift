import Foundation
import Testing
import TestSupport
import PlayerCore

/// Every representative stream state × every kind of event, each with a hand-written expected outcome.
/// The coverage test fails if any pair of the cross product has no row.
@Suite("Stream transition table")
struct StreamTransitionTableTests {
    static let s1 = StreamSessionID(1), s2 = StreamSessionID(2), s3 = StreamSessionID(3)
    static let policy = StreamPolicy(startSeconds: 2, retryDelays: [0.5, 1])
    static let radio = StreamRequest(
        source: .http(url: URL(string: "http://radio.test/live.mp3")!), title: "Classical IPR",
        artworkURL: URL(string: "http://radio.test/logo.png"), isLive: true)
    static let story = StreamRequest(
        source: .http(url: URL(string: "http://npr.test/story.mp3")!), title: "A story", artist: "NPR", isLive: false)
    static let liveInfo = StreamDetails(isLive: true)
    static let finiteInfo = StreamDetails(isLive: false, duration: 60)

    /// A representative player, built by sending real events. Every fixture with a session has had session #1
    /// (now stale) and runs session #2.
    enum Fixture: CaseIterable, Hashable {
        case empty, stopped
        case bufferingStart, bufferingLive, bufferingFinite
        case playingLive, playingFinite, playingWaiting, playingLastAttempt, playingEnded
        case pausedLive, pausedFinite, pausedFiniteLow
        case failed

        var player: StreamPlayer {
            var player = StreamPlayer(policy: policy)
            func send(_ events: StreamEvent...) { for event in events { _ = player.send(event) } }
            if self == .empty { return player }
            send(.selected(radio), .stopRequested)
            if self == .stopped { return player }
            send(.tapped)  // session #2, buffering
            switch self {
            case .empty, .stopped, .bufferingStart: break
            case .bufferingLive: send(.opened(s2, liveInfo), .buffered(s2, seconds: 1))
            case .bufferingFinite: send(.opened(s2, finiteInfo), .buffered(s2, seconds: 1))
            case .playingLive: send(.opened(s2, liveInfo), .buffered(s2, seconds: 2))
            case .playingFinite: send(.opened(s2, finiteInfo), .buffered(s2, seconds: 2))
            case .playingWaiting:
                send(.opened(s2, liveInfo), .buffered(s2, seconds: 2), .connectionLost(s2, message: "reset"))
            case .playingLastAttempt:
                send(.opened(s2, liveInfo), .buffered(s2, seconds: 2), .connectionLost(s2, message: "reset"),
                     .retryDue(s2, attempt: 1), .connectionLost(s2, message: "refused"), .retryDue(s2, attempt: 2))
            case .playingEnded: send(.opened(s2, finiteInfo), .buffered(s2, seconds: 2), .inputEnded(s2))
            case .pausedLive: send(.opened(s2, liveInfo), .buffered(s2, seconds: 2), .tapped)
            case .pausedFinite: send(.opened(s2, finiteInfo), .buffered(s2, seconds: 2), .tapped)
            case .pausedFiniteLow: send(.opened(s2, finiteInfo), .buffered(s2, seconds: 1), .tapped)
            case .failed: send(.failed(s2, message: "HTTP 404"))
            }
            return player
        }

        /// The session the next opening gets.
        var next: StreamSessionID {
            switch self {
            case .empty: s1
            case .stopped: s2
            default: s3
            }
        }
    }

    /// Every kind of event. Session events are tagged with #2 (the current session, where there is one) unless
    /// named stale (#1, closed) or never issued (#99).
    enum EventKind: CaseIterable, Hashable {
        case selected, tapped, play, pause, stop, focusLost
        case openedLive, openedFinite, bufferedLow, bufferedFull, bufferedNaN, bufferedNegative
        case stalled, inputEnded, finished, lost, retryDue1, retryDue2, failed, metadata
        case staleOpened, staleBuffered, staleStalled, staleInputEnded, staleFinished, staleLost, staleRetryDue
        case staleFailed, staleMetadata, neverIssuedOpened

        var event: StreamEvent {
            switch self {
            case .selected: .selected(story)
            case .tapped: .tapped
            case .play: .playRequested
            case .pause: .pauseRequested
            case .stop: .stopRequested
            case .focusLost: .audioFocusLost
            case .openedLive: .opened(s2, StreamDetails(isLive: true, stationName: "WIAA"))
            case .openedFinite: .opened(s2, StreamDetails(isLive: false, duration: 90))
            case .bufferedLow: .buffered(s2, seconds: 1.5)
            case .bufferedFull: .buffered(s2, seconds: 2.5)
            case .bufferedNaN: .buffered(s2, seconds: .nan)
            case .bufferedNegative: .buffered(s2, seconds: -1)
            case .stalled: .stalled(s2)
            case .inputEnded: .inputEnded(s2)
            case .finished: .finished(s2)
            case .lost: .connectionLost(s2, message: "reset by peer")
            case .retryDue1: .retryDue(s2, attempt: 1)
            case .retryDue2: .retryDue(s2, attempt: 2)
            case .failed: .failed(s2, message: "not audio")
            case .metadata: .metadata(s2, StreamMetadata(title: "Bach"))
            case .staleOpened: .opened(s1, liveInfo)
            case .staleBuffered: .buffered(s1, seconds: 5)
            case .staleStalled: .stalled(s1)
            case .staleInputEnded: .inputEnded(s1)
            case .staleFinished: .finished(s1)
            case .staleLost: .connectionLost(s1, message: "reset")
            case .staleRetryDue: .retryDue(s1, attempt: 1)
            case .staleFailed: .failed(s1, message: "gone")
            case .staleMetadata: .metadata(s1, StreamMetadata(title: "Old"))
            case .neverIssuedOpened: .opened(StreamSessionID(99), liveInfo)
            }
        }

        static let sessionEvents: [EventKind] = [
            .openedLive, .openedFinite, .bufferedLow, .bufferedFull, .bufferedNaN, .bufferedNegative,
            .stalled, .inputEnded, .finished, .lost, .retryDue1, .retryDue2, .failed, .metadata,
        ]
        static let staleEvents: [EventKind] = [
            .staleOpened, .staleBuffered, .staleStalled, .staleInputEnded, .staleFinished, .staleLost,
            .staleRetryDue, .staleFailed, .staleMetadata, .neverIssuedOpened,
        ]
    }

    /// Everything a player holds that an event can change.
    struct Snapshot: Equatable {
        var state: StreamState
        var request: StreamRequest?
        var session: StreamSessionID?
        var info: StreamDetails?
        var bufferedSeconds: Double
        var inputEnded: Bool
        var reconnect: ReconnectStatus?
        var recovering: Int?
        var nowPlaying: NowPlaying

        init(_ player: StreamPlayer) {
            state = player.state
            request = player.request
            session = player.session
            info = player.info
            bufferedSeconds = player.bufferedSeconds
            inputEnded = player.inputEnded
            reconnect = player.reconnect
            recovering = player.recovering
            nowPlaying = player.nowPlaying
        }

        /// The snapshot of a session just closed.
        mutating func closeSession() {
            session = nil
            info = nil
            bufferedSeconds = 0
            inputEnded = false
            reconnect = nil
            recovering = nil
        }

        /// The snapshot of a session just opened for `request`.
        mutating func open(_ id: StreamSessionID, _ request: StreamRequest, newRequest: Bool) {
            closeSession()
            session = id
            state = .buffering(progress: 0)
            if newRequest {
                self.request = request
                nowPlaying = NowPlaying(request: request)
            }
        }
    }

    enum Outcome: Sendable {
        /// The player value is exactly as before; these commands are returned.
        case unchanged([StreamCommand])
        /// The player changes as `change` describes (applied to the snapshot before), returning the commands.
        case change(@Sendable (inout Snapshot) -> Void, [StreamCommand])

        static let ignored = Outcome.unchanged([])
    }

    static func retrying(_ attempt: Int, _ message: String) -> [StreamCommand] {
        let delay = policy.delay(beforeAttempt: attempt)
        return [
            .scheduleRetry(s2, attempt: attempt, after: delay),
            .reportProblem("session #2: connection lost (\(message)); reconnecting in \(delay) s, attempt \(attempt) of 2"),
        ]
    }

    static let rows: [(Fixture, EventKind, Outcome)] = {
        var rows: [(Fixture, EventKind, Outcome)] = []
        func add(_ fixture: Fixture, _ entries: [(EventKind, Outcome)]) {
            rows += entries.map { (fixture, $0.0, $0.1) }
        }
        // Every fixture: a stale session's events change nothing.
        for fixture in Fixture.allCases {
            add(fixture, EventKind.staleEvents.map { ($0, .ignored) })
        }
        // Every fixture: selecting the story closes what is open and opens it.
        for fixture in Fixture.allCases {
            let wasOpen = fixture.player.session
            let next = fixture.next
            add(fixture, [(.selected, .change({ $0.open(next, story, newRequest: true) },
                                              (wasOpen.map { [.close($0)] } ?? []) + [.open(next, source: story.source)]))])
        }
        // Fixtures without a session: every session event is stale.
        for fixture in [Fixture.empty, .stopped, .pausedLive, .failed] {
            add(fixture, EventKind.sessionEvents.map { ($0, .ignored) })
        }
        let unload: @Sendable (inout Snapshot) -> Void = {
            $0.closeSession()
            $0.state = .idle
            $0.request = nil
            $0.nowPlaying = NowPlaying()
        }
        let stopOpen: Outcome = .change({ $0.closeSession(); $0.state = .idle }, [.close(s2)])
        let unloadOpen: Outcome = .change(unload, [.close(s2), .releaseAudio])
        let pauseLive: Outcome = .change({ $0.closeSession(); $0.state = .paused }, [.close(s2)])
        let failOpen: Outcome = .change({ $0.closeSession(); $0.state = .failed(message: "Stream failed: not audio") }, [.close(s2)])
        let title: Outcome = .change({ $0.nowPlaying.update(with: StreamMetadata(title: "Bach")) }, [])
        func opened(_ info: StreamDetails) -> Outcome {
            .change({ $0.info = info; $0.reconnect = nil; $0.nowPlaying.update(with: info) }, [])
        }
        let openedLive = opened(StreamDetails(isLive: true, stationName: "WIAA"))
        let openedFinite = opened(StreamDetails(isLive: false, duration: 90))
        func level(_ seconds: Double) -> Outcome { .change({ $0.bufferedSeconds = seconds }, []) }
        func waiting(_ attempt: Int, _ message: String) -> Outcome {
            .change({ $0.reconnect = .waiting(attempt: attempt) }, retrying(attempt, message))
        }

        // idle, nothing selected
        add(.empty, [
            (.tapped, .ignored), (.play, .ignored), (.pause, .ignored), (.stop, .ignored), (.focusLost, .ignored),
        ])

        // idle, the radio selected (stopped)
        let reopen2: Outcome = .change({ $0.open(s2, radio, newRequest: false) }, [.open(s2, source: radio.source)])
        add(.stopped, [
            (.tapped, reopen2), (.play, reopen2), (.pause, .ignored), (.stop, .ignored),
            (.focusLost, .change(unload, [.releaseAudio])),
        ])

        // buffering at the start: not opened yet, so treated as live
        add(.bufferingStart, [
            (.tapped, pauseLive), (.play, .ignored), (.pause, pauseLive), (.stop, stopOpen), (.focusLost, unloadOpen),
            (.openedLive, openedLive), (.openedFinite, openedFinite),
            (.bufferedLow, .change({ $0.bufferedSeconds = 1.5; $0.state = .buffering(progress: 0.75) }, [])),
            (.bufferedFull, .change({ $0.bufferedSeconds = 2.5; $0.state = .playing }, [.resumePlayback(s2)])),
            (.bufferedNaN, .ignored), (.bufferedNegative, .ignored),  // level and progress stay 0
            (.stalled, .ignored),
            (.inputEnded, waiting(1, "the server ended the stream")),
            (.finished, .ignored),
            (.lost, waiting(1, "reset by peer")),
            (.retryDue1, .ignored), (.retryDue2, .ignored),
            (.failed, failOpen), (.metadata, title),
        ])

        // buffering a live stream at 1 s of 2
        add(.bufferingLive, [
            (.tapped, pauseLive), (.play, .ignored), (.pause, pauseLive), (.stop, stopOpen), (.focusLost, unloadOpen),
            (.openedLive, openedLive), (.openedFinite, openedFinite),
            (.bufferedLow, .change({ $0.bufferedSeconds = 1.5; $0.state = .buffering(progress: 0.75) }, [])),
            (.bufferedFull, .change({ $0.bufferedSeconds = 2.5; $0.state = .playing }, [.resumePlayback(s2)])),
            (.bufferedNaN, .ignored),
            (.bufferedNegative, .change({ $0.bufferedSeconds = 0; $0.state = .buffering(progress: 0) }, [])),
            (.stalled, .ignored),
            (.inputEnded, waiting(1, "the server ended the stream")),
            (.finished, .ignored),
            (.lost, waiting(1, "reset by peer")),
            (.retryDue1, .ignored), (.retryDue2, .ignored),
            (.failed, failOpen), (.metadata, title),
        ])

        // buffering a finite stream at 1 s of 2: pausing keeps the session
        add(.bufferingFinite, [
            (.tapped, .change({ $0.state = .paused }, [])), (.play, .ignored),
            (.pause, .change({ $0.state = .paused }, [])), (.stop, stopOpen), (.focusLost, unloadOpen),
            (.openedLive, openedLive), (.openedFinite, openedFinite),
            (.bufferedLow, .change({ $0.bufferedSeconds = 1.5; $0.state = .buffering(progress: 0.75) }, [])),
            (.bufferedFull, .change({ $0.bufferedSeconds = 2.5; $0.state = .playing }, [.resumePlayback(s2)])),
            (.bufferedNaN, .ignored),
            (.bufferedNegative, .change({ $0.bufferedSeconds = 0; $0.state = .buffering(progress: 0) }, [])),
            (.stalled, .ignored),
            (.inputEnded, .change({ $0.inputEnded = true; $0.state = .playing }, [.resumePlayback(s2)])),
            (.finished, .ignored),
            (.lost, waiting(1, "reset by peer")),
            (.retryDue1, .ignored), (.retryDue2, .ignored),
            (.failed, failOpen), (.metadata, title),
        ])

        // playing a live stream, 2 s buffered
        let stall: Outcome = .change({ $0.bufferedSeconds = 0; $0.state = .buffering(progress: 0) }, [.pausePlayback(s2)])
        add(.playingLive, [
            (.tapped, pauseLive), (.play, .ignored), (.pause, pauseLive), (.stop, stopOpen), (.focusLost, unloadOpen),
            (.openedLive, openedLive), (.openedFinite, openedFinite),
            (.bufferedLow, level(1.5)), (.bufferedFull, level(2.5)), (.bufferedNaN, .ignored), (.bufferedNegative, level(0)),
            (.stalled, stall),
            (.inputEnded, waiting(1, "the server ended the stream")),
            (.finished, .ignored),  // the end of a live stream never comes
            (.lost, waiting(1, "reset by peer")),
            (.retryDue1, .ignored), (.retryDue2, .ignored),
            (.failed, failOpen), (.metadata, title),
        ])

        // playing a finite stream: pausing keeps the session and pauses the output
        let pauseFinite: Outcome = .change({ $0.state = .paused }, [.pausePlayback(s2)])
        add(.playingFinite, [
            (.tapped, pauseFinite), (.play, .ignored), (.pause, pauseFinite), (.stop, stopOpen), (.focusLost, unloadOpen),
            (.openedLive, openedLive), (.openedFinite, openedFinite),
            (.bufferedLow, level(1.5)), (.bufferedFull, level(2.5)), (.bufferedNaN, .ignored), (.bufferedNegative, level(0)),
            (.stalled, stall),
            (.inputEnded, .change({ $0.inputEnded = true }, [])),
            (.finished, .ignored),  // input has not ended: the output cannot have played the last
            (.lost, waiting(1, "reset by peer")),
            (.retryDue1, .ignored), (.retryDue2, .ignored),
            (.failed, failOpen), (.metadata, title),
        ])

        // playing a live stream from the buffer while waiting to reconnect (attempt 1)
        add(.playingWaiting, [
            (.tapped, pauseLive), (.play, .ignored), (.pause, pauseLive), (.stop, stopOpen), (.focusLost, unloadOpen),
            (.openedLive, openedLive), (.openedFinite, openedFinite),
            (.bufferedLow, level(1.5)), (.bufferedFull, level(2.5)), (.bufferedNaN, .ignored), (.bufferedNegative, level(0)),
            (.stalled, stall),
            (.inputEnded, waiting(2, "the server ended the stream")),
            (.finished, .ignored),
            (.lost, waiting(2, "reset by peer")),
            (.retryDue1, .change({ $0.reconnect = .connecting(attempt: 1) }, [.reconnect(s2)])),
            (.retryDue2, .ignored),
            (.failed, failOpen), (.metadata, title),
        ])

        // playing a live stream while the last attempt (2 of 2) connects
        func gaveUp(_ message: String) -> Outcome {
            .change({ $0.closeSession(); $0.state = .failed(message: "Connection lost: \(message); gave up after 2 attempts to reconnect") },
                    [.close(s2)])
        }
        // A reconnection that opens: its attempts count on until the connection stayed open recoverySeconds.
        func reopened(_ info: StreamDetails) -> Outcome {
            .change({ $0.info = info; $0.reconnect = nil; $0.recovering = 2; $0.nowPlaying.update(with: info) },
                    [.scheduleRetry(s2, attempt: 2, after: policy.recoverySeconds)])
        }
        add(.playingLastAttempt, [
            (.tapped, pauseLive), (.play, .ignored), (.pause, pauseLive), (.stop, stopOpen), (.focusLost, unloadOpen),
            (.openedLive, reopened(StreamDetails(isLive: true, stationName: "WIAA"))),
            (.openedFinite, reopened(StreamDetails(isLive: false, duration: 90))),
            (.bufferedLow, level(1.5)), (.bufferedFull, level(2.5)), (.bufferedNaN, .ignored), (.bufferedNegative, level(0)),
            (.stalled, stall),
            (.inputEnded, gaveUp("the server ended the stream")),
            (.finished, .ignored),
            (.lost, gaveUp("reset by peer")),
            (.retryDue1, .ignored), (.retryDue2, .ignored),  // connecting, not waiting
            (.failed, failOpen), (.metadata, title),
        ])

        // playing the last of a finite stream (its input has ended)
        add(.playingEnded, [
            (.tapped, pauseFinite), (.play, .ignored), (.pause, pauseFinite), (.stop, stopOpen), (.focusLost, unloadOpen),
            (.openedLive, .ignored), (.openedFinite, .ignored),  // nothing opens after the end
            (.bufferedLow, level(1.5)), (.bufferedFull, level(2.5)), (.bufferedNaN, .ignored), (.bufferedNegative, level(0)),
            (.stalled, .ignored),  // the end, not a stall: finished follows
            (.inputEnded, .ignored),
            (.finished, stopOpen),
            (.lost, .ignored),  // nothing more to read
            (.retryDue1, .ignored), (.retryDue2, .ignored),
            (.failed, failOpen), (.metadata, title),
        ])

        // paused live stream: no session; resuming opens a new one at the live edge
        let reopen3: Outcome = .change({ $0.open(s3, radio, newRequest: false) }, [.open(s3, source: radio.source)])
        add(.pausedLive, [
            (.tapped, reopen3), (.play, reopen3), (.pause, .ignored),
            (.stop, .change({ $0.state = .idle }, [])), (.focusLost, .change(unload, [.releaseAudio])),
        ])

        // paused finite stream with 2 s buffered: resuming plays at once
        let resume: Outcome = .change({ $0.state = .playing }, [.resumePlayback(s2)])
        // Reopened as live while paused: paused as a live stream, without a session.
        let reopenedLive: Outcome = .change({
            $0.nowPlaying.update(with: StreamDetails(isLive: true, stationName: "WIAA"))
            $0.closeSession()
        }, [.close(s2)])
        add(.pausedFinite, [
            (.tapped, resume), (.play, resume), (.pause, .ignored), (.stop, stopOpen), (.focusLost, unloadOpen),
            (.openedLive, reopenedLive), (.openedFinite, openedFinite),
            (.bufferedLow, level(1.5)), (.bufferedFull, level(2.5)), (.bufferedNaN, .ignored), (.bufferedNegative, level(0)),
            (.stalled, .ignored),
            (.inputEnded, .change({ $0.inputEnded = true }, [])),
            (.finished, .ignored),
            (.lost, waiting(1, "reset by peer")),
            (.retryDue1, .ignored), (.retryDue2, .ignored),
            (.failed, failOpen), (.metadata, title),
        ])

        // paused finite stream with 1 s buffered: resuming buffers first
        let rebuffer: Outcome = .change({ $0.state = .buffering(progress: 0.5) }, [])
        add(.pausedFiniteLow, [
            (.tapped, rebuffer), (.play, rebuffer), (.pause, .ignored), (.stop, stopOpen), (.focusLost, unloadOpen),
            (.openedLive, reopenedLive), (.openedFinite, openedFinite),
            (.bufferedLow, level(1.5)), (.bufferedFull, level(2.5)), (.bufferedNaN, .ignored), (.bufferedNegative, level(0)),
            (.stalled, .ignored),
            (.inputEnded, .change({ $0.inputEnded = true }, [])),
            (.finished, .ignored),
            (.lost, waiting(1, "reset by peer")),
            (.retryDue1, .ignored), (.retryDue2, .ignored),
            (.failed, failOpen), (.metadata, title),
        ])

        // failed: a tap (or Play) opens the stream again
        add(.failed, [
            (.tapped, reopen3), (.play, reopen3), (.pause, .ignored),
            (.stop, .change({ $0.state = .idle }, [])), (.focusLost, .change(unload, [.releaseAudio])),
        ])
        return rows
    }()

    @Test("every (state, event) pair has exactly one row")
    func tableCoversCrossProduct() {
        #expect(rowCountProblems(Self.rows.map { ($0.0, $0.1) }) == [])
    }

    @Test("fixtures are in the states they are named after")
    func fixtureStates() {
        typealias Expected = (StreamState, StreamSessionID?, Double, ReconnectStatus?, Bool)
        let expected: [Fixture: Expected] = [
            .empty: (.idle, nil, 0, nil, false),
            .stopped: (.idle, nil, 0, nil, false),
            .bufferingStart: (.buffering(progress: 0), Self.s2, 0, nil, false),
            .bufferingLive: (.buffering(progress: 0.5), Self.s2, 1, nil, false),
            .bufferingFinite: (.buffering(progress: 0.5), Self.s2, 1, nil, false),
            .playingLive: (.playing, Self.s2, 2, nil, false),
            .playingFinite: (.playing, Self.s2, 2, nil, false),
            .playingWaiting: (.playing, Self.s2, 2, .waiting(attempt: 1), false),
            .playingLastAttempt: (.playing, Self.s2, 2, .connecting(attempt: 2), false),
            .playingEnded: (.playing, Self.s2, 2, nil, true),
            .pausedLive: (.paused, nil, 0, nil, false),
            .pausedFinite: (.paused, Self.s2, 2, nil, false),
            .pausedFiniteLow: (.paused, Self.s2, 1, nil, false),
            .failed: (.failed(message: "Stream failed: HTTP 404"), nil, 0, nil, false),
        ]
        for fixture in Fixture.allCases {
            let player = fixture.player
            guard let want = expected[fixture] else {
                Issue.record("no expectation for \(fixture)")
                continue
            }
            #expect(player.state == want.0, "\(fixture)")
            #expect(player.session == want.1, "\(fixture)")
            #expect(player.bufferedSeconds == want.2, "\(fixture)")
            #expect(player.reconnect == want.3, "\(fixture)")
            #expect(player.inputEnded == want.4, "\(fixture)")
            #expect(player.request == (fixture == .empty ? nil : Self.radio), "\(fixture)")
        }
    }

    @Test("each row's outcome", arguments: Fixture.allCases)
    func rowsHold(fixture: Fixture) {
        for (rowFixture, kind, outcome) in Self.rows where rowFixture == fixture {
            let before = fixture.player
            var player = before
            let commands = player.send(kind.event)
            switch outcome {
            case .unchanged(let expectedCommands):
                #expect(player == before, "(\(fixture), \(kind)) changed the player to \(player.state)")
                #expect(commands == expectedCommands, "(\(fixture), \(kind))")
            case .change(let change, let expectedCommands):
                var expected = Snapshot(before)
                change(&expected)
                let actual = Snapshot(player)
                #expect(actual == expected, "(\(fixture), \(kind))")
                #expect(actual != Snapshot(before), "(\(fixture), \(kind)) is listed as a change but changed nothing")
                #expect(commands == expectedCommands, "(\(fixture), \(kind))")
            }
        }
    }
}
