import Foundation
import Testing
import TestSupport
import PlayerCore

/// ``StreamPlayerDriver`` against fakes: command order, reconnection through the timer, re-entrancy, threads.
@Suite("Stream driver")
struct StreamDriverTests {
    let log = CallLog()
    let problems = CallLog()
    static let radio = StreamRequest(source: .http(url: URL(string: "http://radio.test/live.mp3")!), title: "Classical IPR", isLive: true)
    static let s1 = StreamSessionID(1), s2 = StreamSessionID(2)
    static let policy = StreamPolicy(startSeconds: 2, retryDelays: [0.5, 1])

    func makeDriver(streams: FakeStreams, scheduler: ManualScheduler = ManualScheduler()) -> StreamPlayerDriver {
        let problems = self.problems
        return StreamPlayerDriver(
            player: StreamPlayer(policy: Self.policy), streams: streams, scheduler: scheduler,
            log: { problems.append($0) })
    }

    /// The radio selected, opened, buffered (playing), then its connection lost ("reset"); reconnection
    /// attempts answer with `onReconnect`.
    func playingRadioLosingItsConnection(onReconnect: @escaping @Sendable (StreamSessionID) -> StreamEvent?)
        -> (StreamPlayerDriver, ManualScheduler, FakeStreams) {
        let streams = FakeStreams(log: log, onReconnect: onReconnect)
        let scheduler = ManualScheduler()
        let driver = makeDriver(streams: streams, scheduler: scheduler)
        driver.send(.selected(Self.radio))
        streams.report(.opened(Self.s1, StreamDetails(isLive: true)))
        streams.report(.buffered(Self.s1, seconds: 2))
        streams.report(.connectionLost(Self.s1, message: "reset"))
        return (driver, scheduler, streams)
    }

    @Test("select, buffer, play, metadata, pause at the live edge, resume in a new session")
    func happyPath() async {
        let streams = FakeStreams(log: log)
        let driver = makeDriver(streams: streams)
        let recorder = StreamUpdateRecorder(driver)
        #expect(await waitUntil { recorder.all.count == 1 })

        driver.send(.selected(Self.radio))
        #expect(driver.player.state == .buffering(progress: 0))
        #expect(driver.player.isControlVisible)
        streams.report(.opened(Self.s1, StreamDetails(isLive: true, stationName: "WIAA")))
        streams.report(.buffered(Self.s1, seconds: 1))
        #expect(driver.player.fill == 0.5)
        streams.report(.buffered(Self.s1, seconds: 2.5))
        #expect(driver.player.state == .playing)
        streams.report(.metadata(Self.s1, StreamMetadata(title: "Bach - Suite")))
        #expect(driver.player.nowPlaying.title == "Bach - Suite")
        #expect(driver.player.nowPlaying.artist == "Classical IPR")
        #expect(driver.player.isLive)
        streams.report(.buffered(Self.s1, seconds: 2.4))  // a level change while playing is no update
        driver.send(.tapped)
        #expect(driver.player.state == .paused)
        #expect(!streams.report(.buffered(Self.s1, seconds: 3)), "closed session still reporting")
        driver.send(.tapped)
        #expect(driver.player.session == Self.s2)

        #expect(log.all == [
            "open session #1 http://radio.test/live.mp3", "resume session #1", "close session #1",
            "open session #2 http://radio.test/live.mp3",
        ])
        let expected: [StreamState] = [
            .idle, .buffering(progress: 0),
            .buffering(progress: 0),  // the station's name arrived
            .buffering(progress: 0.5), .playing,
            .playing,  // the title changed
            .paused, .buffering(progress: 0),
        ]
        #expect(await waitUntil { recorder.all.count >= expected.count })
        #expect(recorder.states == expected)
        #expect(recorder.all[5].nowPlaying.title == "Bach - Suite")
        #expect(problems.all.isEmpty)
    }

    @Test("a lost connection waits on the timer, reconnects, and the count restarts once the connection stayed open")
    func reconnects() {
        let (driver, scheduler, streams) = playingRadioLosingItsConnection(onReconnect: { .opened($0, StreamDetails(isLive: true)) })
        #expect(scheduler.delays == [0.5])
        #expect(driver.player.state == .playing, "the buffer keeps playing")
        #expect(driver.player.reconnect == .waiting(attempt: 1))
        #expect(scheduler.fireNext())
        #expect(driver.player.reconnect == nil, "reconnected")
        #expect(driver.player.recovering == 1)
        #expect(scheduler.delays == [StreamPolicy.standard.recoverySeconds], "the recovery timer")
        #expect(scheduler.fireNext())
        #expect(driver.player.recovering == nil, "stayed open: recovered")
        streams.report(.connectionLost(Self.s1, message: "reset again"))
        #expect(scheduler.delays == [0.5], "attempt 1 again after a recovered connection")
        #expect(log.all.contains("reconnect session #1"))
        #expect(problems.all == [
            "session #1: connection lost (reset); reconnecting in 0.5 s, attempt 1 of 2",
            "session #1: connection lost (reset again); reconnecting in 0.5 s, attempt 1 of 2",
        ])
    }

    @Test("a station that drops every reopened connection at once: the attempts count on, then the player fails (issue 20)")
    func dropsRightAfterOpeningFail() {
        let streams = FakeStreams(log: log, onReconnect: { .opened($0, StreamDetails(isLive: true)) })
        let scheduler = ManualScheduler()
        let driver = makeDriver(streams: streams, scheduler: scheduler)
        driver.send(.selected(Self.radio))
        streams.report(.opened(Self.s1, StreamDetails(isLive: true)))
        streams.report(.connectionLost(Self.s1, message: "cut inside metadata"))
        #expect(scheduler.fireNext())  // attempt 1 opens, then drops at once
        streams.report(.connectionLost(Self.s1, message: "cut inside metadata"))
        #expect(driver.player.reconnect == .waiting(attempt: 2))
        #expect(scheduler.fireNext())  // the stale recovery timer of attempt 1: nothing
        #expect(driver.player.reconnect == .waiting(attempt: 2))
        #expect(scheduler.fireNext())  // attempt 2 opens, then drops at once
        streams.report(.connectionLost(Self.s1, message: "cut inside metadata"))
        #expect(driver.player.state == .failed(message: "Connection lost: cut inside metadata; gave up after 2 attempts to reconnect"))
    }

    @Test("after the last attempt fails the player fails with a message; a tap starts over")
    func givesUp() {
        let (driver, scheduler, streams) = playingRadioLosingItsConnection(onReconnect: { .connectionLost($0, message: "connection refused") })
        #expect(scheduler.fireNext())  // attempt 1: refused, schedules attempt 2
        #expect(scheduler.delays == [1])
        streams.report(.stalled(Self.s1))
        #expect(driver.player.state == .buffering(progress: 0))
        #expect(scheduler.fireNext())  // attempt 2: refused, gives up
        #expect(driver.player.state == .failed(message: "Connection lost: connection refused; gave up after 2 attempts to reconnect"))
        #expect(driver.player.icon == .retry)
        #expect(!scheduler.fireNext())
        driver.send(.tapped)
        #expect(driver.player.session == Self.s2)
        #expect(log.all == [
            "open session #1 http://radio.test/live.mp3", "resume session #1",
            "reconnect session #1", "pause session #1", "reconnect session #1", "close session #1",
            "open session #2 http://radio.test/live.mp3",
        ])
    }

    @Test("a retry timer firing after the session closed changes nothing")
    func lateTimer() {
        let streams = FakeStreams(log: log)
        let scheduler = ManualScheduler()
        let driver = makeDriver(streams: streams, scheduler: scheduler)
        driver.send(.selected(Self.radio))
        streams.report(.connectionLost(Self.s1, message: "reset"))
        driver.send(.stopRequested)
        let before = driver.player
        #expect(scheduler.fireNext())
        #expect(driver.player == before)
        #expect(!log.all.contains("reconnect session #1"))
    }

    @Test("sources reporting synchronously inside open do not deadlock; commands keep their order")
    func reentrant() {
        let streams = FakeStreams(log: log, onOpen: .openAndBuffer(StreamDetails(isLive: false, duration: 30), seconds: 5))
        let driver = makeDriver(streams: streams)
        driver.send(.selected(Self.radio))
        #expect(driver.player.state == .playing)
        driver.send(.pauseRequested)
        #expect(driver.player.state == .paused)
        #expect(driver.player.session == Self.s1, "a finite stream keeps its session while paused")
        #expect(log.all == ["open session #1 http://radio.test/live.mp3", "resume session #1", "pause session #1"])
    }

    @Test("audio focus lost: the session closes, the device is released, the control disappears")
    func audioFocus() async {
        let streams = FakeStreams(log: log)
        let driver = makeDriver(streams: streams)
        let recorder = StreamUpdateRecorder(driver)
        driver.send(.selected(Self.radio))
        driver.send(.audioFocusLost)
        #expect(!driver.player.isControlVisible)
        #expect(driver.player.state == .idle)
        #expect(driver.player.nowPlaying.isEmpty)
        #expect(log.all == ["open session #1 http://radio.test/live.mp3", "close session #1", "releaseAudio"])
        #expect(await waitUntil { recorder.all.count == 3 })
        #expect(recorder.all.map(\.isControlVisible) == [false, true, false])
    }

    @Test("4 threads of taps and source reports: the machine's invariants hold and every session is closed")
    func threadStorm() async {
        let streams = FakeStreams(log: log, onOpen: .openAndBuffer(StreamDetails(isLive: true), seconds: 3))
        let driver = makeDriver(streams: streams)
        driver.send(.selected(Self.radio))
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for i in 0..<1_000 {
                        if (i + worker) % 3 == 0 {
                            driver.send(.tapped)
                        } else if let id = driver.player.session {
                            streams.report(.buffered(id, seconds: Double(i % 4)))
                        }
                    }
                }
            }
        }
        driver.send(.stopRequested)
        #expect(driver.player.state == .idle)
        let opened = log.all.filter { $0.hasPrefix("open ") }.count
        let closed = log.all.filter { $0.hasPrefix("close ") }.count
        #expect(opened == closed, "\(opened) sessions opened, \(closed) closed")
        #expect(opened > 1)
    }
}
