import Foundation
import Testing
import TestSupport
import PlayerCore

/// ``PlayerDriver`` against fakes: command order, re-entrancy and thread safety.
@Suite("Driver")
struct DriverTests {
    let log = CallLog()
    let problems = CallLog()

    func makeDriver(scripts: [FetchScript], onPlay: FakeAudio.OnPlay = .wait, deletionFailure: String? = nil)
        -> (PlayerDriver, FakeAudio, FakeFetcher)
    {
        let fetcher = FakeFetcher(log: log, scripts: scripts)
        let audio = FakeAudio(log: log, onPlay: onPlay)
        let problems = self.problems
        let driver = PlayerDriver(
            fetcher: fetcher,
            audio: audio,
            files: FakeFiles(log: log, failure: deletionFailure),
            log: { problems.append($0) })
        return (driver, audio, fetcher)
    }

    @Test("happy path: fetch on another thread, play, pause, resume, complete, delete")
    func happyPath() async {
        let (driver, audio, _) = makeDriver(scripts: [
            FetchScript(progress: [0.25, 0.5, 0.75, 1.0], outcome: .finish(file: "song.mp3"), onOtherThread: true)
        ])
        let recorder = StateRecorder(driver)
        #expect(await waitUntil { recorder.all == [.uninitialized] })

        driver.send(.tapped)
        #expect(await waitUntil { driver.player.state == .playing })
        #expect(driver.player.fill == 1)
        #expect(driver.player.icon == .pause)
        #expect(driver.player.cachedFile == "song.mp3")
        driver.send(.tapped)
        #expect(await waitUntil { driver.player.state == .paused })
        #expect(driver.player.icon == .play)
        driver.send(.tapped)
        #expect(await waitUntil { driver.player.state == .playing })
        audio.finish()
        #expect(await waitUntil { driver.player.state == .uninitialized })
        #expect(driver.player.cachedFile == nil)

        #expect(log.all == ["startFetch fetch #1", "play song.mp3", "pause", "resume", "remove song.mp3"])
        let expectedStates: [PlayerState] = [
            .uninitialized,
            .fetching(progress: 0), .fetching(progress: 0.25), .fetching(progress: 0.5),
            .fetching(progress: 0.75), .fetching(progress: 1),
            .playing, .paused, .playing, .completed, .uninitialized,
        ]
        #expect(await waitUntil { recorder.all.count >= expectedStates.count })
        #expect(recorder.all == expectedStates)
        #expect(problems.all.isEmpty)
    }

    @Test("a failed fetch shows retry with its message; a tap retries with a new fetch ID")
    func failureAndRetry() async {
        let (driver, _, fetcher) = makeDriver(scripts: [
            FetchScript(progress: [0.3], outcome: .fail(message: "connection refused"), onOtherThread: true),
            FetchScript(progress: [0.5, 1.0], outcome: .finish(file: "song.mp3"), onOtherThread: true),
        ])
        let recorder = StateRecorder(driver)
        driver.send(.tapped)
        #expect(await waitUntil { driver.player.icon == .retry })
        #expect(driver.player.state == .failed(message: "Download failed: connection refused"))
        #expect(driver.player.message == "Download failed: connection refused")
        #expect(driver.player.fill == 0)

        driver.send(.tapped)
        // Once the fetcher's last report returned, its commands have run too.
        #expect(await waitUntil { fetcher.finishedReporting == 2 })
        #expect(driver.player.state == .playing)
        #expect(log.all == ["startFetch fetch #1", "startFetch fetch #2", "play song.mp3"])
        let expectedStates: [PlayerState] = [
            .uninitialized, .fetching(progress: 0), .fetching(progress: 0.3),
            .failed(message: "Download failed: connection refused"),
            .fetching(progress: 0), .fetching(progress: 0.5), .fetching(progress: 1), .playing,
        ]
        #expect(await waitUntil { recorder.all.count >= expectedStates.count })
        #expect(recorder.all == expectedStates)
    }

    @Test("callbacks that report synchronously re-enter without deadlock, in order")
    func synchronousReentrantCallbacks() async {
        let (driver, _, _) = makeDriver(
            scripts: [FetchScript(progress: [0.5, 1.0], outcome: .finish(file: "song.mp3"), onOtherThread: false)],
            onPlay: .finishImmediately)
        let recorder = StateRecorder(driver)
        #expect(await waitUntil { recorder.all == [.uninitialized] })
        // On its own thread, so a deadlock fails the test instead of hanging it.
        let returned = Shared(false)
        Thread.detachNewThread {
            driver.send(.tapped)
            returned.withLock { $0 = true }
        }
        #expect(await waitUntil { returned.current })
        // The whole cycle ran inside that one send.
        #expect(driver.player == Player().sendingAll([
            .tapped, .fetchProgressed(FetchID(1), fraction: 0.5), .fetchProgressed(FetchID(1), fraction: 1),
            .fetchFinished(FetchID(1), file: "song.mp3"), .playbackFinished, .fileDeleted("song.mp3"),
        ]))
        #expect(driver.player.state == .uninitialized)
        #expect(log.all == ["startFetch fetch #1", "play song.mp3", "remove song.mp3"])
        let expectedStates: [PlayerState] = [
            .uninitialized, .fetching(progress: 0), .fetching(progress: 0.5), .fetching(progress: 1),
            .playing, .completed, .uninitialized,
        ]
        #expect(await waitUntil { recorder.all.count >= expectedStates.count })
        #expect(recorder.all == expectedStates)
    }

    @Test("a file that cannot be played is stopped, deleted and shown as failed")
    func playbackFailure() {
        let (driver, _, _) = makeDriver(
            scripts: [FetchScript(progress: [], outcome: .finish(file: "song.mp3"), onOtherThread: false)],
            onPlay: .failImmediately(message: "unsupported format"))
        driver.send(.tapped)
        #expect(driver.player.state == .failed(message: "Playback failed: unsupported format"))
        #expect(driver.player.icon == .retry)
        #expect(driver.player.cachedFile == nil)
        #expect(log.all == ["startFetch fetch #1", "play song.mp3", "stop", "remove song.mp3"])
    }

    @Test("a deletion failure is logged and still returns to uninitialized")
    func deletionFailure() {
        let (driver, _, _) = makeDriver(
            scripts: [FetchScript(progress: [], outcome: .finish(file: "song.mp3"), onOtherThread: false)],
            onPlay: .finishImmediately, deletionFailure: "permission denied")
        driver.send(.tapped)
        #expect(driver.player.state == .uninitialized)
        #expect(driver.player.cachedFile == nil)
        #expect(log.all == ["startFetch fetch #1", "play song.mp3", "remove song.mp3"])
        #expect(problems.all == ["Could not delete cached file song.mp3: permission denied"])
        // And the player is usable again.
        driver.send(.tapped)
        #expect(log.all.last == "startFetch fetch #2")
    }

    @Test("late reports from an old fetch change nothing; a still-running old fetch is cancelled")
    func staleReports() {
        let (driver, _, _) = makeDriver(scripts: [
            FetchScript(progress: [0.4], outcome: .fail(message: "timeout"), onOtherThread: false),
            FetchScript(progress: [0.2], outcome: .hang, onOtherThread: false),
        ])
        driver.send(.tapped)
        driver.send(.tapped)
        #expect(driver.player.state == .fetching(progress: 0.2))
        driver.send(.fetchProgressed(FetchID(1), fraction: 0.9))
        driver.send(.fetchFailed(FetchID(1), message: "late"))
        driver.send(.fetchFinished(FetchID(1), file: "old.mp3"))
        #expect(driver.player.state == .fetching(progress: 0.2))
        #expect(driver.player.currentFetch == FetchID(2))
        #expect(log.all == [
            "startFetch fetch #1", "startFetch fetch #2", "cancelFetch fetch #1", "remove old.mp3",
        ])
    }

    @Test("taps and stale events from several threads at once end consistent")
    func concurrentStorm() {
        let (driver, _, _) = makeDriver(
            scripts: [FetchScript(progress: [1.0], outcome: .finish(file: "song.mp3"), onOtherThread: false)])
        driver.send(.tapped)
        #expect(driver.player.state == .playing)
        let threads = 4, tapsPerThread = 2_500
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for tap in 0..<tapsPerThread {
                driver.send(.tapped)
                if tap % 5 == 0 { driver.send(.fetchProgressed(FetchID(1), fraction: 0.5)) }
                if tap % 7 == 0 { driver.send(.fetchFailed(FetchID(UInt64(thread)), message: "late")) }
                _ = driver.player.icon  // reads interleaved with writes, as a render loop would
            }
        }
        // Every send has returned, so every event has been applied.
        let taps = threads * tapsPerThread
        #expect(driver.player.state == (taps.isMultiple(of: 2) ? .playing : .paused))
        let audioCalls = log.all.filter { $0 == "pause" || $0 == "resume" }
        #expect(audioCalls.count == taps)
        #expect(audioCalls.enumerated().allSatisfy { index, call in call == (index.isMultiple(of: 2) ? "pause" : "resume") })
        let cancels = log.all.filter { $0 == "cancelFetch fetch #1" }.count
        #expect(cancels == threads * ((tapsPerThread + 4) / 5))
    }

    @Test("taps racing a fetch that reports from another thread end consistent")
    func tapsDuringFetch() async {
        let (driver, _, fetcher) = makeDriver(scripts: [
            FetchScript(progress: (1...200).map { Double($0) / 200 }, outcome: .finish(file: "song.mp3"),
                        onOtherThread: true)
        ])
        driver.send(.tapped)
        for _ in 0..<300 {
            driver.send(.tapped)
            await Task.yield()
        }
        // All our sends have returned; once the fetcher's have too, every event and command has been handled.
        #expect(await waitUntil { fetcher.finishedReporting == 1 })
        #expect(driver.player.cachedFile == "song.mp3")
        // Taps while fetching are ignored; every later tap toggled playback. The log must agree with the state.
        let audioCalls = log.all.filter { $0 == "pause" || $0 == "resume" }
        #expect(audioCalls.enumerated().allSatisfy { index, call in call == (index.isMultiple(of: 2) ? "pause" : "resume") })
        let expected: PlayerState = audioCalls.count.isMultiple(of: 2) ? .playing : .paused
        #expect(driver.player.state == expected)
        #expect(log.all.prefix(2) == ["startFetch fetch #1", "play song.mp3"])
    }

    @Test("LocalFileRemover removes a file and accepts one that is already gone")
    func localFileRemover() throws {
        let path = TestScratch.root
            .appendingPathComponent("PlayerCoreTests-\(ProcessInfo.processInfo.processIdentifier).mp3").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3])))
        try LocalFileRemover().removeFile(path)
        #expect(!FileManager.default.fileExists(atPath: path))
        try LocalFileRemover().removeFile(path)
    }
}

extension Player {
    /// The player after all `events`, computed with the pure machine for comparison with a driver.
    func sendingAll(_ events: [PlayerEvent]) -> Player {
        var player = self
        for event in events { _ = player.send(event) }
        return player
    }
}
